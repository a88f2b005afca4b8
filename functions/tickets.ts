import { defineRoute } from '../shared/http/define-route';
import { fileReply } from '../shared/http/reply';
import { sourceTickets, type TicketSourceRoute } from '../shared/domain/ticket-views/list';
import { showtimeStockPdf, sourceTicketsPdf } from '../shared/domain/ticket-views/print';
import {
  showtimeStockQuery,
  ticketList,
  ticketsPdfQuery,
  type ShowtimeStockQuery,
  type TicketsPdfQuery,
} from '../shared/domain/tickets/schemas';

// Numbered tickets and their printable files (docs/decisions/tickets.md, docs/api.md "Tickets and the door").
const tags = ['tickets'];
const PDF = 'application/pdf';

const sources: {
  kind: TicketSourceRoute;
  path: string;
  name: string;
  who: string;
  auth: 'member' | 'ticketManager';
}[] = [
  { kind: 'order', path: 'orders/{id}', name: 'orders', who: "Ticket Manager+ or the order's member", auth: 'member' },
  {
    kind: 'registration',
    path: 'registrations/{id}',
    name: 'registrations',
    who: 'Ticket Manager+ or the seller',
    auth: 'member',
  },
  {
    kind: 'freeTicket',
    path: 'events/{eventId}/free-tickets/{id}',
    name: 'free-tickets',
    who: 'Ticket Manager+',
    auth: 'ticketManager',
  },
];

for (const source of sources) {
  defineRoute({
    name: `${source.name}-tickets-list`,
    method: 'GET',
    route: `${source.path}/tickets`,
    auth: source.auth,
    tags,
    summary: `Its numbered tickets with their codes, by serial (${source.who})`,
    response: ticketList,
    handler: ({ principal, organizationId, params }) =>
      sourceTickets(principal, organizationId, source.kind, { id: params.id!, eventId: params.eventId }),
  });

  defineRoute<unknown, TicketsPdfQuery>({
    name: `${source.name}-tickets-pdf`,
    method: 'GET',
    route: `${source.path}/tickets.pdf`,
    auth: source.auth,
    tags,
    summary: `Its issued tickets as a printable PDF: an A4 sheet, or layout=perPage (${source.who}; streamed)`,
    query: ticketsPdfQuery,
    fileResponse: { contentType: PDF },
    handler: async ({ principal, organizationId, params, query }) =>
      fileReply({
        contentType: PDF,
        ...(await sourceTicketsPdf(
          principal,
          organizationId,
          source.kind,
          { id: params.id!, eventId: params.eventId },
          query.layout,
        )),
      }),
  });
}

defineRoute<unknown, ShowtimeStockQuery>({
  name: 'management-events-tickets-pdf',
  method: 'GET',
  route: 'management/events/{eventId}/tickets.pdf',
  auth: 'ticketManager',
  tags,
  summary: "A whole showtime's issued tickets in one PDF, in serial order, for a print shop (streamed)",
  query: showtimeStockQuery,
  fileResponse: { contentType: PDF },
  handler: async ({ organizationId, params, query }) =>
    fileReply({
      contentType: PDF,
      ...(await showtimeStockPdf(organizationId, params.eventId!, query.showtimeId, query.layout)),
    }),
});
