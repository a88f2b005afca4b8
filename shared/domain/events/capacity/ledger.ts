import type { EventDoc } from '../model';
import type { MoneyHolding } from './money';
import { ledgerRows, type LedgerRow } from './repo';
import { countsFromLedger, type ChannelCounts } from './rules';

/**
 * The ledger behind the counters: every capacity-bearing document (orders, registrations, external sales, free
 * tickets) carries `eventId`, a resolved `showtimeId` and `capacityQuantity`; soft-deleted ones carry
 * `deletedAt` and count for nothing.
 */
/** Channel counts per showtime recomputed from the ledger documents: one partition query. */
export async function ledgerCounts(event: EventDoc): Promise<Map<string, ChannelCounts>> {
  return (await ledgerFigures(event)).counts;
}

/** A document's revenue and fees in cents by its type's rule (given by the caller: orders are not this area's). */
export type MoneyOf = (row: LedgerRow) => MoneyHolding | undefined;

/**
 * Counts per showtime and, with `moneyOf`, revenue and fees per showtime (cents) from the same one query:
 * what the heal timer sets a drifted counter to (docs/performance.md, "Events overview").
 */
export async function ledgerFigures(event: EventDoc, moneyOf?: MoneyOf) {
  const rows = await ledgerRows(event.organizationId, event.id, moneyOf !== undefined);
  const entries = rows.map((r) => ({ docType: r.docType, showtimeId: r.showtimeId, quantity: r.quantity ?? 0 }));
  const counts = countsFromLedger(event.showtimes, entries);
  if (!moneyOf) return { counts, money: undefined };
  const money = new Map(event.showtimes.map((s) => [s.showtimeId, { revenue: 0, fees: 0 }]));
  for (const row of rows) {
    const held = moneyOf(row);
    const sum = held && money.get(held.showtimeId);
    if (held && sum) money.set(held.showtimeId, { revenue: sum.revenue + held.revenue, fees: sum.fees + held.fees });
  }
  return { counts, money };
}
