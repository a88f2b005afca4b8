import { inPartition } from '../../store/query';
import type { HistorySourceDoc } from './history-rules';

/**
 * The store reads of the personal history: ONE paged query in the organization's partition over both document
 * types, projecting only what a history item shows, ordered by the one-field `sortKey` (`${createdAt}|${id}`)
 * that orders and registrations both carry (the embedded store refuses a multi-field ORDER BY).
 */
const HISTORY_FIELDS = [
  'docType',
  'id',
  'eventId',
  'eventName',
  'showtimeId',
  'showtimeDateTime',
  'showtimeLabel',
  'tickets',
  'totalQuantity',
  'totalAmount',
  'totalFees',
  'status',
  'soldQuantity',
  'returnedQuantity',
  'archived',
  'buyerName',
  'lockedAt',
  'invoicedAt',
  'createdAt',
  'sortKey',
];

export function pageHistory(
  organizationId: string,
  userId: string,
  filter: { eventId?: string },
  page: { limit: number; continuationToken?: string },
) {
  return inPartition('orgs', organizationId)
    .select(HISTORY_FIELDS.map((f) => `c.${f}`).join(', '))
    .where('NOT IS_DEFINED(c.deletedAt)')
    .where("(c.docType = 'order' AND c.requestedBy = @me) OR (c.docType = 'registration' AND c.sellerId = @me)", {
      '@me': userId,
    })
    .whereIf(filter.eventId, 'c.eventId = @event', { '@event': filter.eventId })
    .orderBy('c.sortKey DESC')
    .page<HistorySourceDoc>(page.limit, page.continuationToken);
}
