import { forbidden, notFound } from '../../errors';
import { getFreeTicket } from '../free-tickets/repo';
import { roleAtLeast } from '../memberships/roles';
import { loadOrder } from '../orders/access';
import { getRegistration } from '../registrations/repo';
import type { Principal } from '../users/principal';
import { ticketCode } from '../tickets/codes';
import type { TicketBookDoc } from '../tickets/model';
import { booksOfSource } from '../tickets/repo';
import { serialOf } from '../tickets/rules';
import type { TicketItem } from '../tickets/schemas';

/**
 * The numbered tickets of an order, a direct sale or a free ticket (docs/api.md, "Tickets"): every ticket of
 * every book of the source, by showtime and serial, each with its code. Store calls: the source, its books (one
 * query).
 */
const isManager = (principal: Principal) => principal.isSuperAdmin || roleAtLeast(principal.role, 'ticketManager');

/** The order's member or Ticket Manager+; anyone else 403 once the order is known to exist. */
export async function orderBooks(principal: Principal, organizationId: string, orderId: string) {
  const order = await loadOrder(organizationId, orderId);
  if (order.requestedBy !== principal.userId && !isManager(principal)) {
    throw forbidden('Only the order owner or a ticket manager can see its tickets');
  }
  return { eventId: order.eventId, books: await booksOfSource(organizationId, orderId) };
}

/** The seller of the direct sale or Ticket Manager+. */
export async function registrationBooks(principal: Principal, organizationId: string, id: string) {
  const registration = await getRegistration(organizationId, id);
  if (!registration || registration.deletedAt) throw notFound('Registration');
  if (registration.sellerId !== principal.userId && !isManager(principal)) {
    throw forbidden('Only the seller or a ticket manager can see the tickets of this sale');
  }
  return { eventId: registration.eventId, books: await booksOfSource(organizationId, id) };
}

/** Ticket Manager+ (the route's level); the free ticket must belong to the event in the path. */
export async function freeTicketBooks(organizationId: string, eventId: string, id: string) {
  const ticket = await getFreeTicket(organizationId, id);
  if (!ticket || ticket.deletedAt || ticket.eventId !== eventId) throw notFound('Free ticket');
  return { eventId, books: await booksOfSource(organizationId, id) };
}

/** One item per ticket, with its code, ordered by showtime then serial number. */
export function ticketItems(books: TicketBookDoc[]): TicketItem[] {
  return books
    .flatMap((book) => book.tickets.map((ticket) => ({ book, ticket })))
    .sort((a, b) => a.book.showtimeId.localeCompare(b.book.showtimeId) || a.ticket.number - b.ticket.number)
    .map(({ book, ticket }) => {
      const serial = serialOf(ticket);
      return {
        serial,
        ticketTypeId: ticket.ticketTypeId,
        showtimeId: book.showtimeId,
        status: ticket.status,
        code: ticketCode({
          organizationId: book.organizationId,
          eventId: book.eventId,
          showtimeId: book.showtimeId,
          serial,
          ticketTypeId: ticket.ticketTypeId,
        }),
      };
    });
}

export type TicketSourceRoute = 'order' | 'registration' | 'freeTicket';

/** The books of a source named by a route, with its event, after the route's access check. */
export function sourceBooks(
  principal: Principal,
  organizationId: string,
  kind: TicketSourceRoute,
  ids: { id: string; eventId?: string },
) {
  if (kind === 'order') return orderBooks(principal, organizationId, ids.id);
  if (kind === 'registration') return registrationBooks(principal, organizationId, ids.id);
  return freeTicketBooks(organizationId, ids.eventId!, ids.id);
}

export async function sourceTickets(...args: Parameters<typeof sourceBooks>) {
  return { items: ticketItems((await sourceBooks(...args)).books) };
}
