import { idString, object, pageQuery, positiveInt, shortText } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import { nonBlankText } from '../events/schemas';

/** docs/decisions/events.md: create `{ showtimeId, ticketTypeId, quantity, recipient, reason? }`. */
export const createFreeTicketBody = object(
  {
    showtimeId: idString,
    ticketTypeId: idString,
    quantity: positiveInt,
    recipient: nonBlankText(255),
    reason: shortText(1000),
  },
  ['showtimeId', 'ticketTypeId', 'quantity', 'recipient'],
);

/** docs/decisions/events.md "Free tickets" update rule: a non-empty object with any of the five fields. */
export const updateFreeTicketBody = object(
  {
    showtimeId: idString,
    ticketTypeId: idString,
    quantity: positiveInt,
    recipient: nonBlankText(255),
    reason: shortText(1000),
  },
  [],
  { minProperties: 1 },
);

export const listFreeTicketsQuery = object({ ...pageQuery, showtimeId: idString });

export interface CreateFreeTicketBody {
  showtimeId: string;
  ticketTypeId: string;
  quantity: number;
  recipient: string;
  reason?: string;
}
export type UpdateFreeTicketBody = Partial<CreateFreeTicketBody>;
export interface ListFreeTicketsQuery {
  limit: number;
  continuationToken?: string;
  showtimeId?: string;
}

const str: Schema = { type: 'string' };
/** `toFreeTicketResponse`: `reason` only when given, `deletedAt` only on the answer to a delete. */
export const freeTicketResponse: Schema = object(
  {
    id: str,
    organizationId: str,
    eventId: str,
    showtimeId: str,
    ticketTypeId: str,
    ticketTypeName: str,
    quantity: { type: 'integer' },
    recipient: str,
    reason: str,
    createdAt: str,
    createdBy: str,
    updatedAt: str,
    updatedBy: str,
    deletedAt: str,
  },
  [
    ...['id', 'organizationId', 'eventId', 'showtimeId', 'ticketTypeId', 'ticketTypeName', 'quantity'],
    ...['recipient', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'],
  ],
);
export const freeTicketPage: Schema = object(
  { items: { type: 'array', items: freeTicketResponse }, continuationToken: str },
  ['items'],
);
