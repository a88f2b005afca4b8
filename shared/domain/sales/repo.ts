import { inPartition } from '../../store/query';
import type { SalesSourceDoc } from './facts';

/**
 * The store reads of the sales read-model: one query inside the organization's partition, projecting only what
 * `salesRecordOf` and the invoice summary read, streamed page by page. The number of store calls grows with
 * pages of 1,000 documents, never with one call per order, member or event.
 */
const SALES_FIELDS = [
  'docType',
  'id',
  'eventId',
  'eventName',
  'showtimeId',
  'showtimeDateTime', // me/stats names each showtime (registrations and orders carry both)
  'showtimeLabel',
  'createdAt',
  'capacityQuantity',
  'status',
  'tickets',
  'totalQuantity',
  'totalAmount',
  'totalFees',
  'soldQuantity',
  'soldTypeQuantities',
  'returnedQuantity',
  'invoiceBasis',
  'invoicedAt',
  'archived',
  'requestedBy',
  'requestedByName',
  'sellerId',
  'sellerName',
  'soldByOrganizationId',
  'soldByOrganizationName',
  'source',
];

/**
 * Fields that only describe (names, times, archive and fee totals): reports, exports and personal stats print
 * them; a reader that only sums (the dashboard) leaves them out, a fifth less to read and ship per document.
 */
const DESCRIPTIVE_FIELDS = new Set(['eventName', 'showtimeDateTime', 'showtimeLabel', 'archived', 'totalFees']);
const SUMMING_FIELDS = SALES_FIELDS.filter((f) => !DESCRIPTIVE_FIELDS.has(f));

const SALES_DOC_TYPES = ['order', 'registration', 'externalSale', 'freeTicket'];

export interface SalesFilter {
  /** One event, or every event of the organization. */
  eventId?: string;
  /** Only the member's own orders and registrations (personal stats and history). */
  memberId?: string;
}

/**
 * The live sales documents of the organization (or one event, or one member), as a stream of pages. `pageSize`
 * (default 1,000) lets a reader that folds whole events ask for fewer, larger pages: Cosmos DB still caps each
 * page at 4 MB, and the embedded store re-runs the whole query for every page, so fewer pages cost less on both.
 */
export function salesDocPages(
  organizationId: string,
  filter: SalesFilter = {},
  pageSize = 1000,
  options: { descriptive?: boolean } = {},
): AsyncGenerator<SalesSourceDoc[]> {
  const fields = options.descriptive === false ? SUMMING_FIELDS : SALES_FIELDS;
  return inPartition('orgs', organizationId)
    .select(fields.map((f) => `c.${f}`).join(', '))
    .where('ARRAY_CONTAINS(@salesTypes, c.docType)', {
      '@salesTypes': filter.memberId ? ['order', 'registration'] : SALES_DOC_TYPES,
    })
    .where('NOT IS_DEFINED(c.deletedAt)')
    .whereIf(filter.eventId, 'c.eventId = @event', { '@event': filter.eventId })
    .whereIf(filter.memberId, 'c.requestedBy = @member OR c.sellerId = @member', { '@member': filter.memberId })
    .pages<SalesSourceDoc>(pageSize);
}
