import type { Schema } from '../../http/validation';
import { COMMITMENT_STATUSES } from './model';

const str: Schema = { type: 'string' };
const num: Schema = { type: 'number' };
/** Response shapes, for the OpenAPI document only. */
export const eventResponse: Schema = {
  type: 'object',
  properties: {
    id: str,
    organizationId: str,
    name: str,
    date: str,
    location: str,
    description: str,
    venueCapacity: num,
    active: { type: 'boolean' },
    salesLocked: { type: 'boolean' },
    enableQuotas: { type: 'boolean' },
    commitmentStatus: { enum: [...COMMITMENT_STATUSES] },
    commitmentDeadline: str,
    showtimes: {
      type: 'array',
      items: {
        type: 'object',
        properties: { showtimeId: str, dateTime: str, label: str, externalSold: num, externalNote: str },
      },
    },
    ticketTypes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
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
      },
    },
    salesDelegations: { type: 'array' },
    createdAt: str,
    updatedAt: str,
    deletedAt: str,
  },
};

const channelCounts: Record<string, Schema> = { orders: num, registrations: num, external: num, free: num };
export const capacitySummaryResponse: Schema = {
  type: 'object',
  properties: {
    eventId: str,
    venueCapacity: num,
    showtimes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
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
      },
    },
    aggregate: { type: 'object', properties: { capacity: num, sold: num, remaining: num, ...channelCounts } },
  },
};

export const eventsPageResponse: Schema = {
  type: 'object',
  properties: { items: { type: 'array', items: eventResponse }, continuationToken: str },
};

export const overviewResponse: Schema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        ...eventResponse,
        properties: {
          ...(eventResponse.properties as Record<string, Schema>),
          statistics: {
            type: 'object',
            properties: {
              capacity: num,
              sold: num,
              remaining: num,
              soldByChannel: { type: 'object', properties: channelCounts },
              revenue: num,
              fees: num,
            },
          },
        },
      },
    },
    continuationToken: str,
  },
};
