import { useQuery } from '@tanstack/react-query';
import { ApiError, toApiError } from '../../api/client';
import { http, unwrap } from '../../api/instance';
import type { components } from '../../api/schema';
import { fileNameOf } from '../../data/download';
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

type BlobCall = Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** A PDF answer as a blob and its file name; a JSON error answer becomes an ApiError like any other call. */
async function pdfOf(call: BlobCall, fallbackName: string): Promise<{ blob: Blob; name: string }> {
  let result;
  try {
    result = await call;
  } catch (cause) {
    throw new ApiError(0, 'NETWORK_ERROR', `The service could not be reached (${String(cause)})`);
  }
  const { response } = result;
  const data = result.data as Blob | undefined;
  if (!response.ok || !data) {
    let body: unknown = result.error;
    if (result.error instanceof Blob) {
      try {
        body = JSON.parse(await result.error.text());
      } catch {
        body = undefined;
      }
    }
    throw toApiError(response, body);
  }
  return { blob: data, name: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
}

export function fetchSourcePdf(source: TicketSource, organizationId: string, layout: TicketLayout = 'sheet') {
  const query = { organizationId, layout };
  const fallback = `tickets-${source.id}.pdf`;
  switch (source.kind) {
    case 'order':
      return pdfOf(
        http.GET('/api/orders/{id}/tickets.pdf', { params: { path: { id: source.id }, query }, parseAs: 'blob' }),
        fallback,
      );
    case 'registration':
      return pdfOf(
        http.GET('/api/registrations/{id}/tickets.pdf', {
          params: { path: { id: source.id }, query },
          parseAs: 'blob',
        }),
        fallback,
      );
    case 'freeTicket':
      return pdfOf(
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
  return pdfOf(
    http.GET('/api/management/events/{eventId}/tickets.pdf', {
      params: { path: { eventId }, query: { organizationId, showtimeId, layout } },
      parseAs: 'blob',
    }),
    `tickets-${showtimeId}.pdf`,
  );
}

/** Hands a blob to the browser as a download under its name. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
