import { idString, nonNegativeInt, object, pageQuery } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import { strings } from '../vocabulary/response-parts';
import { ROLES } from '../memberships/model';

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

/** Response shapes (the mappers): published in OpenAPI and checked by the test harness on every answer. */
const str = { type: 'string' };
const num = { type: 'number' };

const allocationItem = object({ ticketTypeId: str, ticketTypeName: str, allocated: num, used: num }, [
  'ticketTypeId',
  'ticketTypeName',
  'allocated',
  'used',
]);
export const allocationResponse: Schema = object(
  {
    ...strings(['id', 'organizationId', 'eventId', 'showtimeId', 'userId', 'createdAt', 'updatedAt']),
    items: { type: 'array', items: allocationItem },
  },
  ['id', 'organizationId', 'eventId', 'userId', 'items', 'createdAt', 'updatedAt'],
);
export const allocationPage: Schema = object(
  { items: { type: 'array', items: allocationResponse }, continuationToken: str },
  ['items'],
);
export const allocationList: Schema = object({ items: { type: 'array', items: allocationResponse } }, ['items']);
const summary = object({ allocated: num, used: num, remaining: num }, ['allocated', 'used', 'remaining']);
export const allocationMembersPage: Schema = object(
  {
    items: {
      type: 'array',
      items: object(
        {
          ...strings(['userId', 'name', 'email']),
          role: { enum: ROLES },
          allocations: { type: 'array', items: allocationResponse },
          summary,
        },
        ['userId', 'name', 'email', 'role', 'allocations', 'summary'],
      ),
    },
    continuationToken: str,
  },
  ['items'],
);
