import { idString, nonNegativeInt, object, pageQuery, positiveInt, shortText } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import type { ReturnReport, SoldReport } from './rules';
import type { RequestedTickets } from './creation-rules';
import { ORDER_STATUSES } from './model';
import { serialList } from '../tickets/schemas';

/** Request bodies of the order routes (docs/decisions/orders.md, lifecycle rules 1 to 4). */
const ticketLine = object({ ticketTypeId: idString, quantity: positiveInt }, ['ticketTypeId', 'quantity']);

export const createOrderBody: Schema = object(
  {
    eventId: idString,
    showtimeId: idString,
    tickets: { type: 'array', minItems: 1, maxItems: 50, items: ticketLine },
    note: shortText(1000),
  },
  ['eventId', 'tickets'],
);
export interface CreateOrderBody {
  eventId: string;
  showtimeId?: string;
  tickets: RequestedTickets[];
  note?: string;
}

const soldTypeEntry = object({ ticketTypeId: idString, soldQuantity: nonNegativeInt }, [
  'ticketTypeId',
  'soldQuantity',
]);
const soldFields = {
  soldQuantity: nonNegativeInt,
  soldTypeQuantities: { type: 'array', maxItems: 50, items: soldTypeEntry },
};
export const reportSoldBody: Schema = object(soldFields, ['soldQuantity']);
export type ReportSoldBody = SoldReport;

export const forceRecordSoldBody: Schema = object({ ...soldFields, reason: shortText(1000, 1) }, [
  'soldQuantity',
  'reason',
]);
export type ForceRecordSoldBody = SoldReport & { reason: string };

const returnTypeEntry = object({ ticketTypeId: idString, returnQuantity: nonNegativeInt }, [
  'ticketTypeId',
  'returnQuantity',
]);
export const returnBody: Schema = object(
  {
    returnQuantity: positiveInt,
    returnTypeQuantities: { type: 'array', maxItems: 50, items: returnTypeEntry },
    serials: serialList('The returned tickets (default: the highest-numbered issued tickets of the returned types)'),
  },
  ['returnQuantity'],
);
export type ReturnBody = ReturnReport & { serials?: string[] };

export const cancelBody: Schema = object({ reason: shortText(1000) });
export interface CancelBody {
  reason?: string;
}

export const adminNoteBody: Schema = object({ adminNote: { type: ['string', 'null'], maxLength: 2000 } }, [
  'adminNote',
]);
export interface AdminNoteBody {
  adminNote: string | null;
}

const statusList = `(${ORDER_STATUSES.join('|')})`;

const listFilters = {
  eventId: idString,
  showtimeId: idString,
  status: { type: 'string', maxLength: 200, pattern: `^${statusList}(,${statusList})*$` },
  archived: { type: 'string', enum: ['false', 'true', 'all'], default: 'false' },
  ...pageQuery,
};
export const listOrdersQuery: Schema = object({
  ...listFilters,
  requestedBy: idString,
  withEvents: { type: 'boolean', default: false },
});
export const myOrdersQuery: Schema = object(listFilters);
export interface ListOrdersQuery {
  organizationId: string;
  eventId?: string;
  showtimeId?: string;
  status?: string;
  requestedBy?: string;
  archived: 'false' | 'true' | 'all';
  limit: number;
  continuationToken?: string;
  /** GET /api/orders only: the answer also lists the live events to filter by. */
  withEvents?: boolean;
}
