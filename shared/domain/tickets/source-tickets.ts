import type { BatchWrite } from './repo';
import { ticketWrites, type TicketHolding } from './issue';

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
