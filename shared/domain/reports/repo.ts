import { inPartition } from '../../store/query';
import type { OrderDoc } from '../orders/model';
import type { ReportEvent } from './model';

/**
 * The report reads besides the sales read-model (sales/repo.ts): the organization's live events (one query,
 * only the fields a report shows) and, for the orders export, the printed orders themselves, streamed page by page.
 */
export function reportEvents(organizationId: string, eventId?: string): Promise<ReportEvent[]> {
  return inPartition('orgs', organizationId)
    .select('c.id, c.name, c.date, c.venueCapacity, c.showtimes, c.ticketTypes')
    .where("c.docType = 'event'")
    .where('NOT IS_DEFINED(c.deletedAt)')
    .whereIf(eventId, 'c.id = @event', { '@event': eventId })
    .all<ReportEvent>();
}

/** The fields of an order the orders export writes (and `salesRecordOf` reads for its sold money). */
const ORDER_EXPORT_FIELDS = [
  'docType',
  'id',
  'eventId',
  'eventName',
  'showtimeId',
  'showtimeDateTime',
  'showtimeLabel',
  'requestedBy',
  'requestedByName',
  'tickets',
  'totalQuantity',
  'totalAmount',
  'totalFees',
  'status',
  'soldQuantity',
  'soldTypeQuantities',
  'returnedQuantity',
  'capacityQuantity',
  'invoiceBasis',
  'invoicedAt',
  'invoicedByName',
  'archived',
  'soldByOrganizationId',
  'soldByOrganizationName',
  'createdAt',
];

export type ExportedOrder = Pick<OrderDoc, 'docType' | 'id' | 'eventId' | 'showtimeId' | 'createdAt'> &
  Partial<OrderDoc>;

/** The organization's (or one event's) live printed orders, oldest first, as a stream of pages. */
export function orderExportPages(organizationId: string, eventId?: string): AsyncGenerator<ExportedOrder[]> {
  return inPartition('orgs', organizationId)
    .select(ORDER_EXPORT_FIELDS.map((f) => `c.${f}`).join(', '))
    .where("c.docType = 'order'")
    .where('NOT IS_DEFINED(c.deletedAt)')
    .whereIf(eventId, 'c.eventId = @event', { '@event': eventId })
    .orderBy('c.createdAt ASC')
    .pages<ExportedOrder>(1000);
}
