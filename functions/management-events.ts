import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { orgQuery } from '../shared/http/schema-parts';
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
