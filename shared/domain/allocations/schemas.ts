import { idString, nonNegativeInt, object, orgQuery, pageQuery } from '../../http/schema-parts';
import type { Schema } from '../../http/validation';

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

export const listAllocationsQuery: Schema = orgQuery({ eventId: idString, userId: idString, ...pageQuery });
export interface ListAllocationsQuery {
  eventId?: string;
  userId?: string;
  limit: number;
  continuationToken?: string;
}

export const membersQuery: Schema = orgQuery({ eventId: idString, ...pageQuery }, ['eventId']);
export interface MembersQuery {
  eventId: string;
  limit: number;
  continuationToken?: string;
}

export const myAllocationsQuery: Schema = orgQuery({ eventId: idString });
