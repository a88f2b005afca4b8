import { idString, nonNegativeInt, object, pageQuery } from '../../http/schema-parts';
import type { Schema } from '../../http/validation';
import { strings } from '../orders/response-schema';

const item = object({ ticketTypeId: idString, allocated: nonNegativeInt }, ['ticketTypeId', 'allocated']);

/** POST /api/allocations creates or replaces the allocation of one (event, showtime or whole event, member). */
export const upsertAllocationBody: Schema = object(
  { eventId: idString, showtimeId: idString, userId: idString, items: { type: 'array', maxItems: 50, items: item } },
  ['eventId', 'userId', 'items'],
);
export interface UpsertAllocationBody {
  eventId: string;
  showtimeId?: string;
  userId: string;
  items: { ticketTypeId: string; allocated: number }[];
}

export const listAllocationsQuery: Schema = object({ eventId: idString, userId: idString, ...pageQuery });
export interface ListAllocationsQuery {
  eventId?: string;
  userId?: string;
  limit: number;
  continuationToken?: string;
}

export const membersQuery: Schema = object({ eventId: idString, ...pageQuery }, ['eventId']);
export interface MembersQuery {
  eventId: string;
  limit: number;
  continuationToken?: string;
}

export const myAllocationsQuery: Schema = object({ eventId: idString });

/** Response shapes for the OpenAPI document (documentation only; the mappers are the source of truth). */
const str = { type: 'string' };
const num = { type: 'number' };

const allocationItem = {
  type: 'object',
  properties: { ticketTypeId: str, ticketTypeName: str, allocated: num, used: num },
};
export const allocationResponse: Schema = {
  type: 'object',
  properties: {
    ...strings(['id', 'organizationId', 'eventId', 'showtimeId', 'userId', 'createdAt', 'updatedAt']),
    items: { type: 'array', items: allocationItem },
  },
};
export const allocationPage: Schema = {
  type: 'object',
  properties: { items: { type: 'array', items: allocationResponse }, continuationToken: str },
};
const summary = { type: 'object', properties: { allocated: num, used: num, remaining: num } };
export const allocationMembersPage: Schema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ...strings(['userId', 'name', 'email', 'role']),
          allocations: { type: 'array', items: allocationResponse },
          summary,
        },
      },
    },
    continuationToken: str,
  },
};
