import { containers } from '../../store/client';
import { queryAll } from '../../store/operations';
import type { EventDoc } from '../events/model';
import { countsFromLedger, type ChannelCounts, type LedgerEntry } from './rules';

/**
 * The ledger behind the counters: every capacity-bearing document (orders, registrations, external sales, free
 * tickets) carries `eventId`, a resolved `showtimeId` and `capacityQuantity`; soft-deleted ones carry
 * `deletedAt` and count for nothing.
 */
/** Channel counts per showtime recomputed from the ledger documents: one partition query. */
export async function ledgerCounts(event: EventDoc): Promise<Map<string, ChannelCounts>> {
  const rows = await queryAll<{ docType: LedgerEntry['docType']; showtimeId: string; quantity?: number }>(
    containers().orgs,
    event.organizationId,
    {
      query:
        'SELECT c.docType, c.showtimeId, c.capacityQuantity AS quantity FROM c ' +
        "WHERE c.organizationId = @org AND c.eventId = @event AND c.docType IN ('order', 'registration', 'externalSale', 'freeTicket') " +
        'AND NOT IS_DEFINED(c.deletedAt)',
      parameters: [
        { name: '@org', value: event.organizationId },
        { name: '@event', value: event.id },
      ],
    },
  );
  const entries = rows.map((r) => ({ docType: r.docType, showtimeId: r.showtimeId, quantity: r.quantity ?? 0 }));
  return countsFromLedger(event.showtimes, entries);
}
