import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import type { components } from '../../api/schema';
import { blobOf } from '../../data/download';
import { useOrganization } from '../../data/session-hooks';

/**
 * Numbered tickets and their printable PDFs (issue 34, docs/decisions/tickets.md "Printing"): the list of a source's
 * tickets, a source's PDF, and a whole showtime's stock for a print shop. The PDFs go through the typed client (a
 * plain link cannot carry the bearer token) and reach the browser as a download under the server's file name.
 */
export type TicketItem = components['schemas']['TicketItem'];
export type TicketLayout = 'sheet' | 'perPage';

/** Where tickets come from: a delivered order, a direct sale (registration) or a free ticket of an event. */
export type TicketSource =
  | { kind: 'order'; id: string }
  | { kind: 'registration'; id: string }
  | { kind: 'freeTicket'; id: string; eventId: string };

async function listOf(source: TicketSource, organizationId: string): Promise<TicketItem[]> {
  const query = { organizationId };
  switch (source.kind) {
    case 'order':
      return (await unwrap(http.GET('/api/orders/{id}/tickets', { params: { path: { id: source.id }, query } }))).items;
    case 'registration':
      return (await unwrap(http.GET('/api/registrations/{id}/tickets', { params: { path: { id: source.id }, query } })))
        .items;
    case 'freeTicket':
      return (
        await unwrap(
          http.GET('/api/events/{eventId}/free-tickets/{id}/tickets', {
            params: { path: { eventId: source.eventId, id: source.id }, query },
          }),
        )
      ).items;
  }
}

/** A source's tickets by serial; read only when asked for (the disclosure is opened). */
export function useSourceTickets(source: TicketSource, enabled: boolean) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'tickets', source.kind, source.id],
    queryFn: () => listOf(source, organizationId),
    enabled: enabled && Boolean(organizationId),
  });
}

export function fetchSourcePdf(source: TicketSource, organizationId: string, layout: TicketLayout = 'sheet') {
  const query = { organizationId, layout };
  const fallback = `tickets-${source.id}.pdf`;
  switch (source.kind) {
    case 'order':
      return blobOf(
        http.GET('/api/orders/{id}/tickets.pdf', { params: { path: { id: source.id }, query }, parseAs: 'blob' }),
        fallback,
      );
    case 'registration':
      return blobOf(
        http.GET('/api/registrations/{id}/tickets.pdf', {
          params: { path: { id: source.id }, query },
          parseAs: 'blob',
        }),
        fallback,
      );
    case 'freeTicket':
      return blobOf(
        http.GET('/api/events/{eventId}/free-tickets/{id}/tickets.pdf', {
          params: { path: { eventId: source.eventId, id: source.id }, query },
          parseAs: 'blob',
        }),
        fallback,
      );
  }
}

/** A whole showtime's issued tickets in serial order, one file for a print shop (Ticket Manager+). */
export function fetchShowtimeStockPdf(
  organizationId: string,
  eventId: string,
  showtimeId: string,
  layout: TicketLayout,
) {
  return blobOf(
    http.GET('/api/management/events/{eventId}/tickets.pdf', {
      params: { path: { eventId }, query: { organizationId, showtimeId, layout } },
      parseAs: 'blob',
    }),
    `tickets-${showtimeId}.pdf`,
  );
}
