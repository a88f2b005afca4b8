import { orderLineSchema, typeQuantity } from '../orders/response-schema';
import { idString, object, pageQuery, positiveInt, shortText } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import type { RequestedTickets } from '../orders/creation-rules';
import { ORDER_STATUSES } from '../orders/model';
import { strings } from '../vocabulary/response-parts';
import { QUEUE_STATUSES, type QueueStatus } from './model';

/** Bodies, queries and responses of the partner-side delegated order routes (docs/decisions/delegated-orders.md: ours to design). */
const ticketLine = object({ ticketTypeId: idString, quantity: positiveInt }, ['ticketTypeId', 'quantity']);
const orderFields = {
  showtimeId: idString,
  tickets: { type: 'array', minItems: 1, maxItems: 50, items: ticketLine },
  note: shortText(1000),
};

/** POST .../orders/self: like POST /api/orders, the event coming from the path. */
export const selfOrderBody: Schema = object(orderFields, ['tickets']);
export interface SelfOrderBody {
  showtimeId?: string;
  tickets: RequestedTickets[];
  note?: string;
}

/** POST .../orders (deprecated on-behalf path): the same, plus the partner member the order is for. */
export const onBehalfOrderBody: Schema = object({ buyerUserId: idString, ...orderFields }, ['buyerUserId', 'tickets']);
export interface OnBehalfOrderBody extends SelfOrderBody {
  buyerUserId: string;
}

export const queueQuery: Schema = object({
  status: { type: 'string', enum: [...QUEUE_STATUSES], default: 'pending' },
  ...pageQuery,
});
export interface QueueQuery {
  status: QueueStatus;
  limit: number;
  continuationToken?: string;
}

const statusList = `(${ORDER_STATUSES.join('|')})`;
export const partnerOrdersQuery: Schema = object({
  showtimeId: idString,
  status: { type: 'string', maxLength: 200, pattern: `^${statusList}(,${statusList})*$` },
  ...pageQuery,
});
/** GET .../orders/mine: the caller's own orders, with the orders list's status filter. */
export const myDelegatedOrdersQuery: Schema = object({
  status: { type: 'string', maxLength: 200, pattern: `^${statusList}(,${statusList})*$` },
  ...pageQuery,
});
export interface MyDelegatedOrdersQuery {
  status?: string;
  limit: number;
  continuationToken?: string;
}

export interface PartnerOrdersQuery {
  showtimeId?: string;
  status?: string;
  limit: number;
  continuationToken?: string;
}

const str = { type: 'string' };
const num = { type: 'number' };
const closed = (properties: Record<string, Schema>, required: string[]): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/** `toPartnerOrderResponse`: what every partner order answer holds, and nothing of the owner's internals. */
export const partnerOrderResponse: Schema = closed(
  {
    id: str,
    eventId: str,
    eventName: str,
    showtimeId: str,
    showtimeDateTime: str,
    showtimeLabel: str,
    tickets: { type: 'array', items: orderLineSchema },
    totalQuantity: num,
    totalAmount: num,
    totalFees: num,
    status: { enum: [...ORDER_STATUSES] },
    soldQuantity: num,
    soldTypeQuantities: { type: 'array', items: typeQuantity },
    returnedQuantity: num,
    returnedTypeQuantities: {
      type: 'array',
      items: closed({ ticketTypeId: str, returnQuantity: num }, ['ticketTypeId', 'returnQuantity']),
    },
    ...strings(
      ['buyerUserId', 'buyerUserName', 'buyerUserEmail'],
      ['soldByOrganizationId', 'soldByOrganizationName', 'soldByUserId', 'soldByUserName', 'delegationId'],
      ['note', 'cancelReason', 'approvedAt', 'deliveredAt', 'cancelledAt', 'createdAt', 'updatedAt'],
    ),
  },
  [
    ...['id', 'eventId', 'eventName', 'showtimeId', 'tickets', 'totalQuantity', 'totalAmount', 'totalFees'],
    ...['status', 'soldByOrganizationId', 'soldByOrganizationName', 'delegationId', 'createdAt', 'updatedAt'],
  ],
);

export const partnerOrderPage: Schema = closed(
  { items: { type: 'array', items: partnerOrderResponse }, continuationToken: str },
  ['items'],
);

export const salesContextResponse: Schema = closed(
  {
    eventId: str,
    eventName: str,
    date: str,
    location: str,
    active: { type: 'boolean' },
    salesLocked: { type: 'boolean' },
    ownerOrganizationName: str,
    delegationId: str,
    ticketTypes: {
      type: 'array',
      items: closed({ id: str, name: str, price: num, fee: num }, ['id', 'name', 'price', 'fee']),
    },
    showtimes: {
      type: 'array',
      items: closed({ showtimeId: str, dateTime: str, label: str, venueCapacity: num, remaining: num }, [
        'showtimeId',
        'dateTime',
        'venueCapacity',
        'remaining',
      ]),
    },
  },
  ['eventId', 'eventName', 'date', 'active', 'salesLocked', 'delegationId', 'ticketTypes', 'showtimes'],
);

/**
 * GET .../catalog (any approved partner member): what a member orders from, without capacity figures; a showtime
 * says only whether it is sold out (docs/decisions/delegated-orders.md, "Member catalog").
 */
export const delegatedCatalogResponse: Schema = closed(
  {
    eventId: str,
    eventName: str,
    date: str,
    location: str,
    ownerOrganizationName: str,
    active: { type: 'boolean' },
    salesLocked: { type: 'boolean' },
    ticketTypes: {
      type: 'array',
      items: closed({ id: str, name: str, price: num, fee: num }, ['id', 'name', 'price', 'fee']),
    },
    showtimes: {
      type: 'array',
      items: closed({ showtimeId: str, dateTime: str, label: str, soldOut: { type: 'boolean' } }, [
        'showtimeId',
        'dateTime',
        'soldOut',
      ]),
    },
  },
  ['eventId', 'eventName', 'date', 'active', 'salesLocked', 'ticketTypes', 'showtimes'],
);
