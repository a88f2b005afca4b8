import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody, object } from '../shared/domain/vocabulary/schema-parts';
import { setSalesLock } from '../shared/domain/events/lock';
import { createEvent } from '../shared/domain/events/create';
import { updateEvent } from '../shared/domain/events/update';
import { deleteEvent, restoreEvent } from '../shared/domain/events/lifecycle';
import { setShowtimeExternal } from '../shared/domain/events/external';
import { eventResponse } from '../shared/domain/events/responses';
import {
  createEventBody,
  externalUpdateBody,
  updateEventBody,
  type CreateEventBody,
  type ExternalUpdateBody,
  type UpdateEventBody,
} from '../shared/domain/events/schemas';

// Every route here is Admin and "full org": a sellingPartner organization gets 403 ORG_MODE_RESTRICTED
// before the event is read (docs/decisions/events.md "Organization capability mode" rules 5 and 7).
const tags = ['events'];

defineRoute<CreateEventBody>({
  name: 'management-events-create',
  method: 'POST',
  idempotent: true,
  route: 'management/events',
  auth: 'admin',
  fullOrg: true,
  tags,
  summary: 'Create an event with showtimes and ticket types',
  body: createEventBody,
  response: eventResponse,
  successStatus: 201,
  handler: async ({ principal, organizationId, body }) => created(await createEvent(principal, organizationId, body)),
});

defineRoute<UpdateEventBody>({
  name: 'management-events-update',
  method: 'PUT',
  route: 'management/events/{id}',
  auth: 'admin',
  fullOrg: true,
  tags,
  summary:
    'Update an event; showtimes and ticketTypes are whole lists (with id update, without create, missing delete)',
  body: updateEventBody,
  response: eventResponse,
  errors: ['TICKET_TYPE_IN_USE', 'SHOWTIME_IN_USE'],
  handler: ({ organizationId, params, body }) => updateEvent(organizationId, params.id, body),
});

defineRoute({
  name: 'management-events-delete',
  method: 'DELETE',
  route: 'management/events/{id}',
  auth: 'admin',
  fullOrg: true,
  tags,
  summary: 'Soft-delete an event (sets deletedAt)',
  body: emptyBody,
  response: eventResponse,
  handler: ({ principal, organizationId, params }) => deleteEvent(principal, organizationId, params.id),
});

defineRoute({
  name: 'management-events-restore',
  method: 'PATCH',
  route: 'management/events/{id}/restore',
  auth: 'admin',
  fullOrg: true,
  tags,
  summary: 'Restore a soft-deleted event (clears deletedAt)',
  body: emptyBody,
  response: eventResponse,
  handler: ({ organizationId, params }) => restoreEvent(organizationId, params.id),
});

defineRoute<{ salesLocked?: boolean }>({
  name: 'management-events-lock',
  method: 'PUT',
  route: 'management/events/{id}/lock',
  auth: 'admin',
  fullOrg: true,
  tags,
  summary: 'Open or close sales: { salesLocked } sets it, an empty body toggles',
  body: object({ salesLocked: { type: 'boolean' } }),
  response: eventResponse,
  handler: ({ organizationId, params, body }) => setSalesLock(organizationId, params.id, body.salesLocked),
});

defineRoute<ExternalUpdateBody>({
  name: 'management-events-showtime-external',
  method: 'PUT',
  route: 'management/events/{eventId}/showtimes/{showtimeId}/external',
  auth: 'admin',
  fullOrg: true,
  tags,
  summary: "Set a showtime's manual externalSold and externalNote (moves the capacity counter, no ceiling)",
  body: externalUpdateBody,
  response: eventResponse,
  errors: ['CAPACITY_EXCEEDED', 'PARTICIPANT_NOT_ACTIVE'],
  handler: ({ organizationId, params, body }) =>
    setShowtimeExternal(organizationId, params.eventId, params.showtimeId, body),
});
