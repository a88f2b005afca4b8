import { defineRoute } from '../shared/http/define-route';
import { eventsOverview } from '../shared/domain/reports/events-overview';
import {
  activeEvent,
  capacitySummary,
  listEvents,
  readEvent,
  type ListEventsQuery,
} from '../shared/domain/events/queries';
import {
  activeEventResponse,
  capacitySummaryResponse,
  eventResponse,
  eventsPageResponse,
  overviewResponse,
} from '../shared/domain/events/responses';
import { activeEventQuery, listEventsQuery, type ActiveEventQuery } from '../shared/domain/events/schemas';

// Read routes: any approved member of the organization ("Required" in docs/decisions/events.md, scoped by organizationId).
const tags = ['events'];

defineRoute<unknown, ListEventsQuery>({
  name: 'events-list',
  method: 'GET',
  route: 'events',
  auth: 'member',
  tags,
  summary: 'List events (paged, by date); includeDeleted=true is for admins',
  query: listEventsQuery,
  response: eventsPageResponse,
  handler: ({ principal, organizationId, query }) => listEvents(principal, organizationId, query),
});

defineRoute<unknown, ActiveEventQuery>({
  name: 'events-active',
  method: 'GET',
  route: 'events-active',
  auth: 'member',
  tags,
  summary:
    'The active event with the nearest date from today on (else the latest), or null; withCapacity=true adds its ' +
    'capacity summary (`capacity`, as events/{eventId}/capacity-summary answers it)',
  query: activeEventQuery,
  response: { anyOf: [activeEventResponse, { type: 'null' }] },
  handler: ({ organizationId, query }) => activeEvent(organizationId, { withCapacity: query.withCapacity }),
});

defineRoute<unknown, ListEventsQuery>({
  name: 'events-overview',
  method: 'GET',
  route: 'events-overview',
  auth: 'member',
  tags,
  summary: 'Events (paged) with capacity, sold, remaining, revenue and fees per event',
  query: listEventsQuery,
  response: overviewResponse,
  handler: ({ principal, organizationId, query }) => eventsOverview(principal, organizationId, query),
});

defineRoute({
  name: 'events-get',
  method: 'GET',
  route: 'events/{id}',
  auth: 'member',
  tags,
  summary: 'One event with its showtimes and ticket types',
  response: eventResponse,
  handler: ({ organizationId, params }) => readEvent(organizationId, params.id),
});

defineRoute({
  name: 'events-capacity-summary',
  method: 'GET',
  route: 'events/{eventId}/capacity-summary',
  auth: 'member',
  tags,
  summary: 'Capacity per showtime and in aggregate, from the capacity counters',
  response: capacitySummaryResponse,
  handler: ({ organizationId, params }) => capacitySummary(organizationId, params.eventId),
});
