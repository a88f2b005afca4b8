import { orderLineSchema } from '../orders/response-schema';
import { idString, object, pageQuery } from '../vocabulary/schema-parts';
import { bool, pageOf, text } from '../vocabulary/response-parts';
import type { Schema } from '../vocabulary/validation';
import { ORDER_STATUSES } from '../orders/model';

/** Query and response shapes of GET /api/me/history and GET /api/me/stats (documented in docs/decisions/sales.md). */
export const myHistoryQuery: Schema = object({ eventId: idString, ...pageQuery });
export interface MyHistoryQuery {
  eventId?: string;
  limit: number;
  continuationToken?: string;
}

export const myStatsQuery: Schema = object({ eventId: idString });
export interface MyStatsQuery {
  eventId?: string;
}

const num: Schema = { type: 'number' };
const integer: Schema = { type: 'integer' };

export const historyItem: Schema = object(
  {
    kind: { type: 'string', enum: ['order', 'registration'] },
    id: text,
    eventId: text,
    eventName: text,
    showtimeId: text,
    showtimeDateTime: text,
    showtimeLabel: text,
    tickets: { type: 'array', items: orderLineSchema },
    totalQuantity: num,
    totalAmount: num,
    totalFees: num,
    status: { type: 'string', enum: [...ORDER_STATUSES] },
    soldQuantity: num,
    returnedQuantity: num,
    archived: bool,
    lockedAt: text,
    buyerName: text,
    invoicedAt: text,
    createdAt: text,
  },
  [
    ...['kind', 'id', 'eventId', 'eventName', 'showtimeId', 'tickets', 'totalQuantity', 'totalAmount', 'totalFees'],
    'createdAt',
  ],
);
export const historyPage: Schema = pageOf(historyItem);

/** MyStats (docs/decisions/sales.md); `byShowtime` elements are this service's choice. */
export const myStatsResponse: Schema = object(
  {
    totalTicketsSold: integer,
    totalRevenue: num,
    byShowtime: {
      type: 'array',
      items: object(
        {
          eventId: text,
          eventName: text,
          showtimeId: text,
          showtimeDateTime: text,
          showtimeLabel: text,
          ticketsSold: integer,
          revenue: num,
        },
        ['eventId', 'eventName', 'showtimeId', 'ticketsSold', 'revenue'],
      ),
    },
    byTicketType: {
      type: 'array',
      items: object({ ticketTypeId: text, ticketTypeName: text, quantity: integer, revenue: num }, [
        'ticketTypeId',
        'ticketTypeName',
        'quantity',
        'revenue',
      ]),
    },
    eventBreakdown: {
      type: 'array',
      items: object({ eventId: text, eventName: text, ticketsSold: integer, revenue: num }, [
        'eventId',
        'eventName',
        'ticketsSold',
        'revenue',
      ]),
    },
  },
  ['totalTicketsSold', 'totalRevenue', 'byShowtime', 'byTicketType', 'eventBreakdown'],
);
