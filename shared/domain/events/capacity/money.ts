/**
 * The money a ledger document adds to its showtime's figures, in integer cents: what the events overview shows
 * as revenue and fees (each document type's rule lives with the type: orders/ledger-money.ts, registrations,
 * external sales). Undefined when it adds nothing (a soft-deleted document, a free ticket). The counters move
 * by `writeWithMoney` (repo.ts).
 */
export interface MoneyHolding {
  showtimeId: string;
  revenue: number;
  fees: number;
}

/** The counter moves that turn `before` into `after`: one per showtime whose figures change (none when equal). */
export function moneyMoves(before: MoneyHolding | undefined, after: MoneyHolding | undefined): MoneyHolding[] {
  return netMoneyMoves([[before, after]]);
}

/** The net counter moves of several documents written together (a transfer's source and destination). */
export function netMoneyMoves(changes: [MoneyHolding | undefined, MoneyHolding | undefined][]): MoneyHolding[] {
  const byShowtime = new Map<string, MoneyHolding>();
  const add = (h: MoneyHolding | undefined, sign: 1 | -1) => {
    if (!h) return;
    const m = byShowtime.get(h.showtimeId) ?? { showtimeId: h.showtimeId, revenue: 0, fees: 0 };
    byShowtime.set(h.showtimeId, { ...m, revenue: m.revenue + sign * h.revenue, fees: m.fees + sign * h.fees });
  };
  for (const [before, after] of changes) {
    add(after, 1);
    add(before, -1);
  }
  return [...byShowtime.values()].filter((m) => m.revenue !== 0 || m.fees !== 0);
}

/**
 * Whether a document's money is kept on its showtime counter: not on a Shared Event projection (its documents carry
 * `sharedEventId`), whose sales already run in several steps around a reservation; a projection's revenue and fees
 * are read from its ledger by the overview, and the heal pass never gives its counters money (docs/performance.md).
 */
export const keepsMoney = (doc: { sharedEventId?: string }): boolean => doc.sharedEventId === undefined;
