import type { Schema } from '../vocabulary/validation';
import { delegationResponse } from './sales-delegations/response-schema';
import { COMMITMENT_STATUSES } from './model';

const str: Schema = { type: 'string' };
const num: Schema = { type: 'number' };
const bool: Schema = { type: 'boolean' };
const closed = (properties: Record<string, Schema>, required: string[]): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/**
 * Response shapes (`toEventResponse` and the capacity views): published in OpenAPI and checked by the test
 * harness on every answer. Optional fields are absent until set.
 */
const eventFields: Record<string, Schema> = {
  id: str,
  organizationId: str,
  name: str,
  date: str,
  location: str,
  description: str,
  venueCapacity: num,
  active: bool,
  salesLocked: bool,
  enableQuotas: bool,
  commitmentStatus: { enum: [...COMMITMENT_STATUSES] },
  commitmentDeadline: str,
  showtimes: {
    type: 'array',
    items: closed({ showtimeId: str, dateTime: str, label: str, externalSold: num, externalNote: str }, [
      'showtimeId',
      'dateTime',
      'externalSold',
    ]),
  },
  ticketTypes: {
    type: 'array',
    items: closed(
      {
        id: str,
        eventId: str,
        organizationId: str,
        name: str,
        price: num,
        fee: num,
        boxofficePrice: num,
        boxofficeFee: num,
        sortOrder: num,
      },
      ['id', 'eventId', 'organizationId', 'name', 'price', 'fee', 'sortOrder'],
    ),
  },
  salesDelegations: { type: 'array', items: delegationResponse },
  createdAt: str,
  updatedAt: str,
  deletedAt: str,
};
const eventRequired = [
  ...['id', 'organizationId', 'name', 'date', 'venueCapacity', 'active', 'salesLocked', 'enableQuotas'],
  ...['showtimes', 'ticketTypes', 'salesDelegations', 'createdAt', 'updatedAt'],
];
export const eventResponse: Schema = closed(eventFields, eventRequired);

const channels = ['orders', 'registrations', 'external', 'free'];
const channelCounts: Record<string, Schema> = Object.fromEntries(channels.map((c) => [c, num]));
const totals = ['capacity', 'sold', 'remaining'];
export const capacitySummaryResponse: Schema = closed(
  {
    eventId: str,
    venueCapacity: num,
    showtimes: {
      type: 'array',
      items: closed(
        {
          showtimeId: str,
          dateTime: str,
          label: str,
          capacity: num,
          sold: num,
          remaining: num,
          ...channelCounts,
          externalManual: num,
          externalLedger: num,
        },
        ['showtimeId', 'dateTime', ...totals, ...channels, 'externalManual', 'externalLedger'],
      ),
    },
    aggregate: closed({ capacity: num, sold: num, remaining: num, ...channelCounts }, [...totals, ...channels]),
  },
  ['eventId', 'venueCapacity', 'showtimes', 'aggregate'],
);

/** GET events-active: the event, with `withCapacity=true` also its capacity summary (`capacity`). */
export const activeEventResponse: Schema = closed({ ...eventFields, capacity: capacitySummaryResponse }, eventRequired);

export const eventsPageResponse: Schema = closed(
  { items: { type: 'array', items: eventResponse }, continuationToken: str },
  ['items'],
);

const statistics = closed(
  {
    capacity: num,
    sold: num,
    remaining: num,
    soldByChannel: closed(channelCounts, channels),
    revenue: num,
    fees: num,
  },
  [...totals, 'soldByChannel', 'revenue', 'fees'],
);
export const overviewResponse: Schema = closed(
  {
    items: { type: 'array', items: closed({ ...eventFields, statistics }, [...eventRequired, 'statistics']) },
    continuationToken: str,
  },
  ['items'],
);
