import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import {
  createFreeTicket,
  deleteFreeTicket,
  listFreeTickets,
  updateFreeTicket,
} from '../shared/domain/free-tickets/manage-free-tickets';
import {
  createFreeTicketBody,
  freeTicketPage,
  freeTicketResponse,
  listFreeTicketsQuery,
  updateFreeTicketBody,
  type CreateFreeTicketBody,
  type ListFreeTicketsQuery,
  type UpdateFreeTicketBody,
} from '../shared/domain/free-tickets/schemas';

// Ticket Manager+ (docs/decisions/events.md "Free tickets"); not restricted by organization mode.
const tags = ['free-tickets'];

defineRoute<unknown, ListFreeTicketsQuery>({
  name: 'free-tickets-list',
  method: 'GET',
  route: 'events/{eventId}/free-tickets',
  auth: 'ticketManager',
  tags,
  summary: "List an event's free tickets (paged; optional showtimeId filter)",
  query: listFreeTicketsQuery,
  response: freeTicketPage,
  handler: ({ organizationId, params, query }) => listFreeTickets(organizationId, params.eventId, query),
});

defineRoute<CreateFreeTicketBody>({
  name: 'free-tickets-create',
  method: 'POST',
  idempotent: true,
  route: 'events/{eventId}/free-tickets',
  auth: 'ticketManager',
  tags,
  summary: 'Give free tickets (capacity-checked: 409 CAPACITY_EXCEEDED)',
  body: createFreeTicketBody,
  response: freeTicketResponse,
  successStatus: 201,
  errors: ['CAPACITY_EXCEEDED', 'PARTICIPANT_NOT_ACTIVE'],
  handler: async ({ principal, organizationId, params, body }) =>
    created(await createFreeTicket(principal, organizationId, params.eventId, body)),
});

defineRoute<UpdateFreeTicketBody>({
  name: 'free-tickets-update',
  method: 'PUT',
  route: 'events/{eventId}/free-tickets/{id}',
  auth: 'ticketManager',
  tags,
  summary: 'Update a free ticket (any of showtimeId, ticketTypeId, quantity, recipient, reason)',
  body: updateFreeTicketBody,
  response: freeTicketResponse,
  errors: ['CAPACITY_EXCEEDED', 'PARTICIPANT_NOT_ACTIVE'],
  handler: ({ principal, organizationId, params, body }) =>
    updateFreeTicket(principal, organizationId, params.eventId, params.id, body),
});

defineRoute({
  name: 'free-tickets-delete',
  method: 'DELETE',
  route: 'events/{eventId}/free-tickets/{id}',
  auth: 'ticketManager',
  tags,
  summary: 'Delete a free ticket (soft) and release its seats',
  body: emptyBody,
  response: freeTicketResponse,
  handler: ({ principal, organizationId, params }) =>
    deleteFreeTicket(principal, organizationId, params.eventId, params.id),
});
