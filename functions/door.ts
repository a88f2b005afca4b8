import { defineRoute } from '../shared/http/define-route';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import { checkIn, checkInBatch } from '../shared/domain/tickets/check-in';
import { doorKit, giveDoorGrant, listDoorGrants, myDoorGrants, takeDoorGrant } from '../shared/domain/tickets/door-kit';
import { doorFigures } from '../shared/domain/ticket-views/figures';
import {
  checkInBatchBody,
  checkInBatchResult,
  checkInBody,
  checkInResult,
  doorFiguresResponse,
  doorGrantList,
  doorGrantResponse,
  doorKitQuery,
  doorKitResponse,
  type CheckInBatchBody,
  type CheckInBody,
  type DoorKitQuery,
} from '../shared/domain/tickets/schemas';
import { object } from '../shared/domain/vocabulary/schema-parts';

// The door (docs/decisions/tickets.md): Ticket Manager+, or a member with a door grant for the event.
const tags = ['door'];

defineRoute<CheckInBody>({
  name: 'check-ins-create',
  method: 'POST',
  route: 'check-ins',
  auth: 'member',
  tags,
  summary:
    'Check one ticket in by code or typed serial: admitted, already_admitted, returned, void, wrong_showtime or ' +
    'unknown (always 200); the same nonce answers the same; one of parallel scans of a ticket admits',
  body: checkInBody,
  response: checkInResult,
  errors: ['NOT_FOUND'],
  handler: ({ principal, organizationId, body }) => checkIn(principal, organizationId, body),
});

defineRoute<CheckInBatchBody>({
  name: 'check-ins-batch',
  method: 'POST',
  route: 'check-ins/batch',
  auth: 'member',
  tags,
  summary: "An offline scanner's queue (up to 500 scans), decided in the order sent; results in the same order",
  body: checkInBatchBody,
  response: checkInBatchResult,
  errors: ['NOT_FOUND'],
  handler: ({ principal, organizationId, body }) => checkInBatch(principal, organizationId, body),
});

defineRoute<unknown, DoorKitQuery>({
  name: 'management-events-door-kit',
  method: 'GET',
  route: 'management/events/{eventId}/door-kit',
  auth: 'member',
  tags,
  summary: 'What a scanner needs offline: public keys and the showtime serial → status map (door grant or TM+)',
  query: doorKitQuery,
  response: doorKitResponse,
  handler: ({ principal, organizationId, params, query }) =>
    doorKit(principal, organizationId, params.eventId!, query.showtimeId),
});

defineRoute({
  name: 'management-events-door',
  method: 'GET',
  route: 'management/events/{eventId}/door',
  auth: 'treasurer',
  tags,
  summary: 'Door figures per showtime (issued, returned, reportedSold, admitted) and per member (unreported)',
  response: doorFiguresResponse,
  handler: ({ organizationId, params }) => doorFigures(organizationId, params.eventId!),
});

defineRoute({
  name: 'door-grants-list',
  method: 'GET',
  route: 'management/events/{eventId}/door-grants',
  auth: 'admin',
  tags,
  summary: "The members who may work this event's door without being Ticket Manager+",
  response: doorGrantList,
  handler: ({ organizationId, params }) => listDoorGrants(organizationId, params.eventId!),
});

defineRoute({
  name: 'me-door-grants',
  method: 'GET',
  route: 'me/door-grants',
  auth: 'member',
  tags,
  summary: "The caller's own door grants in the organization (which events' doors they may work)",
  response: doorGrantList,
  handler: ({ principal, organizationId }) => myDoorGrants(principal, organizationId),
});

defineRoute({
  name: 'door-grants-give',
  method: 'PUT',
  route: 'management/events/{eventId}/door-grants/{userId}',
  auth: 'admin',
  tags,
  summary: 'Let an approved member check tickets in at this event (idempotent)',
  body: emptyBody,
  response: doorGrantResponse,
  handler: ({ principal, organizationId, params }) =>
    giveDoorGrant(principal, organizationId, params.eventId!, params.userId!),
});

defineRoute({
  name: 'door-grants-take',
  method: 'DELETE',
  route: 'management/events/{eventId}/door-grants/{userId}',
  auth: 'admin',
  tags,
  summary: "Take a member's door grant for this event back",
  body: emptyBody,
  response: object({ eventId: { type: 'string' }, userId: { type: 'string' }, deleted: { type: 'boolean' } }, [
    'eventId',
    'userId',
    'deleted',
  ]),
  handler: ({ organizationId, params }) => takeDoorGrant(organizationId, params.eventId!, params.userId!),
});
