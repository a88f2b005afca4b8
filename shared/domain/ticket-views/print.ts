import { badRequest } from '../../errors';
import { requireLiveEvent } from '../events/live-event';
import { findShowtime } from '../events/model';
import type { Principal } from '../users/principal';
import { sourceBooks, ticketItems, type TicketSourceRoute } from './list';
import type { TicketBookDoc } from '../tickets/model';
import { ticketsPdf, type PdfLayout } from '../tickets/pdf';
import { ticketPresentation } from '../tickets/presentation';
import { booksOfShowtimes } from '../tickets/repo';

/**
 * The ticket files (docs/api.md, "Tickets"): only tickets a door would admit are printed (issued ones);
 * returned, voided and admitted tickets stay in the lists but never come out of the printer again. Store calls:
 * the source, its books (one query), the event.
 */
async function sheet(organizationId: string, eventId: string, books: TicketBookDoc[], layout: PdfLayout, name: string) {
  const event = await requireLiveEvent(organizationId, eventId);
  const printable = ticketItems(books).filter((t) => t.status === 'issued');
  return { fileName: `${name}.pdf`, content: ticketsPdf(event, printable, layout, ticketPresentation()) };
}

export async function sourceTicketsPdf(
  principal: Principal,
  organizationId: string,
  kind: TicketSourceRoute,
  ids: { id: string; eventId?: string },
  layout: PdfLayout,
) {
  const { eventId, books } = await sourceBooks(principal, organizationId, kind, ids);
  return sheet(organizationId, eventId, books, layout, `tickets-${ids.id}`);
}

/** A whole showtime's issued tickets, every source, in serial order: the print shop's file. */
export async function showtimeStockPdf(organizationId: string, eventId: string, showtimeId: string, layout: PdfLayout) {
  const event = await requireLiveEvent(organizationId, eventId);
  if (!findShowtime(event, showtimeId)) {
    throw badRequest('The showtime is not one of this event', [{ path: '/showtimeId', message: 'unknown showtime' }]);
  }
  const books = (await booksOfShowtimes(organizationId, [showtimeId])).filter((b) => b.eventId === eventId);
  const printable = ticketItems(books).filter((t) => t.status === 'issued');
  return { fileName: `tickets-${showtimeId}.pdf`, content: ticketsPdf(event, printable, layout, ticketPresentation()) };
}
