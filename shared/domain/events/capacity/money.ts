import type { PatchOperation } from '@azure/cosmos';
import { commitBatch, type BatchWrite } from '../../../store/batch';
import { containers } from '../../../store/client';
import { counterId } from './model';

/**
 * The money a ledger document adds to its showtime's figures, in integer cents: what the events overview shows
 * as revenue and fees (each document type's rule lives with the type: orders/ledger-money.ts, registrations,
 * external sales). Undefined when it adds nothing (a soft-deleted document, a free ticket).
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

/** The counter patches of `moves`, for the batch that writes the document (the counter ids of docs/performance.md). */
export function moneyPatches(eventId: string, moves: MoneyHolding[]): BatchWrite[] {
  return moves.map((m) => {
    const operations: PatchOperation[] = [
      { op: 'incr', path: '/revenue', value: m.revenue },
      { op: 'incr', path: '/fees', value: m.fees },
    ];
    return { patch: { id: counterId(eventId, m.showtimeId) }, operations };
  });
}

/**
 * Writes a ledger document (`writes`, its own write first, then any rows that travel with it) and, when its money
 * changes, the increments of its showtime counters in the same transactional batch: the figures move with the
 * sale or not at all, so they cannot drift from the documents. A document whose money does not change is written
 * by `single` exactly as before (one call, no batch). A counter that does not exist yet (an event from before the
 * counters) fails the batch with 404 on its own operation: the document is then written without it, as before;
 * such a showtime's figures come from the ledger until the heal timer builds its counter (docs/performance.md).
 * Returns the stored document (the first write's answer).
 */
export async function writeWithMoney<T>(
  organizationId: string,
  eventId: string,
  moves: MoneyHolding[],
  writes: BatchWrite[],
  single: () => Promise<T>,
): Promise<T> {
  if (moves.length === 0) return single();
  const patches = moneyPatches(eventId, moves);
  try {
    const results = await commitBatch(containers().orgs, organizationId, [...writes, ...patches]);
    return results[0]!.resourceBody as T;
  } catch (error) {
    const { code, index } = error as { code?: number; index?: number };
    if (code === 404 && index !== undefined && index >= writes.length) return single();
    throw error;
  }
}
