import type { EventDoc } from '../model';
import { ledgerRows } from './repo';
import { countsFromLedger, type ChannelCounts } from './rules';

/**
 * The ledger behind the counters: every capacity-bearing document (orders, registrations, external sales, free
 * tickets) carries `eventId`, a resolved `showtimeId` and `capacityQuantity`; soft-deleted ones carry
 * `deletedAt` and count for nothing.
 */
/** Channel counts per showtime recomputed from the ledger documents: one partition query. */
export async function ledgerCounts(event: EventDoc): Promise<Map<string, ChannelCounts>> {
  const rows = await ledgerRows(event.organizationId, event.id);
  const entries = rows.map((r) => ({ docType: r.docType, showtimeId: r.showtimeId, quantity: r.quantity ?? 0 }));
  return countsFromLedger(event.showtimes, entries);
}
