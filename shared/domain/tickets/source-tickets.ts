import type { BatchWrite } from './repo';
import type { FreeTicketDoc } from '../free-tickets/model';
import type { RegistrationDoc } from '../registrations/model';
import { ticketWrites, type TicketHolding } from './issue';

/** A direct sale's tickets: held by its seller, one per ticket of its lines; none once deleted. */
export const registrationHolding = (r: RegistrationDoc): TicketHolding => ({
  organizationId: r.organizationId,
  eventId: r.eventId,
  showtimeId: r.showtimeId,
  source: { kind: 'registration', id: r.id },
  holderId: r.sellerId,
  holderName: r.sellerName,
  wanted: r.deletedAt
    ? []
    : r.tickets.map((l) => ({ ticketTypeId: l.ticketTypeId, ticketTypeName: l.ticketTypeName, quantity: l.quantity })),
});

/** Free tickets: held by whoever gave them, named at the door by their recipient; none once deleted. */
export const freeTicketHolding = (t: FreeTicketDoc): TicketHolding => ({
  organizationId: t.organizationId,
  eventId: t.eventId,
  showtimeId: t.showtimeId,
  source: { kind: 'freeTicket', id: t.id },
  holderId: t.createdBy,
  holderName: t.recipient,
  wanted: t.deletedAt ? [] : [{ ticketTypeId: t.ticketTypeId, ticketTypeName: t.ticketTypeName, quantity: t.quantity }],
});

const sameTickets = (a: TicketHolding, b: TicketHolding) =>
  a.showtimeId === b.showtimeId &&
  a.holderName === b.holderName &&
  JSON.stringify([...a.wanted].sort(byType)) === JSON.stringify([...b.wanted].sort(byType));
const byType = (x: { ticketTypeId: string }, y: { ticketTypeId: string }) =>
  x.ticketTypeId.localeCompare(y.ticketTypeId);

/**
 * The ticket writes of a direct sale or free ticket write: a create issues its tickets; an edit that changes
 * quantities, type or showtime issues the missing ones and voids the surplus (on another showtime, every ticket
 * of the old one is voided and new ones issued); a deletion voids them. A write that leaves them as they were
 * (an invoice mark) neither reads nor writes tickets.
 */
export function sourceTicketWrites(before: TicketHolding | undefined, after: TicketHolding): Promise<BatchWrite[]> {
  if (!before) return ticketWrites(after, { fresh: true });
  if (sameTickets(before, after)) return Promise.resolve([]);
  return ticketWrites(after, { previousShowtimeId: before.showtimeId });
}
