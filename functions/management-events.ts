import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { object, orgQuery } from '../shared/http/schema-parts';
import { setSalesLock } from '../shared/domain/events/lock';
import { createEvent } from '../shared/domain/events/create';
import { createEventBody, type CreateEventBody } from '../shared/domain/events/schemas';

const tags = ['events'];

defineRoute<CreateEventBody>({
  name: 'management-events-create',
  method: 'POST',
  route: 'management/events',
  auth: 'admin',
  fullOrg: true,
  tags,
  summary: 'Create an event with showtimes and ticket types',
  query: orgQuery(),
  body: createEventBody,
  successStatus: 201,
  handler: async ({ principal, organizationId, body }) => created(await createEvent(principal, organizationId, body)),
});

defineRoute<{ salesLocked?: boolean }>({
  name: 'management-events-lock',
  method: 'PUT',
  route: 'management/events/{id}/lock',
  auth: 'admin',
  fullOrg: true,
  tags,
  summary: 'Open or close sales: { salesLocked } sets it, an empty body toggles',
  query: orgQuery(),
  body: object({ salesLocked: { type: 'boolean' } }),
  handler: ({ organizationId, params, body }) => setSalesLock(organizationId, params.id, body.salesLocked),
});
