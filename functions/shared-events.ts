import { sharedEventScope } from '../shared/auth/scope';
import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import { createCapability, sharedEventsSwitch } from '../shared/domain/shared-events/capabilities';
import { createSharedEvent } from '../shared/domain/shared-events/create';
import { projectionStatus, updateSharedEvent } from '../shared/domain/shared-events/details';
import { changeLifecycle, retireSharedEvent } from '../shared/domain/shared-events/lifecycle';
import { advanceCancellation } from '../shared/domain/shared-events/cancellation/cancel';
import { getSharedEventView, listSharedEvents } from '../shared/domain/shared-events/read';
import {
  capabilitiesResponse,
  createSharedEventBody,
  lifecycleBody,
  listSharedEventsQuery,
  projectionStatusResponse,
  sharedEventPage,
  sharedEventResponse,
  updateSharedEventBody,
  viewerQuery,
  type CreateSharedEventBody,
  type LifecycleBody,
  type ListSharedEventsQuery,
  type UpdateSharedEventBody,
  type ViewerQuery,
} from '../shared/domain/shared-events/schemas';

// Shared Events: core (docs/shared-events.md "core and invitations", "organizer and participant administration").
const tags = ['shared-events'];

defineRoute({
  name: 'shared-event-capabilities-create',
  method: 'GET',
  route: 'shared-event-capabilities/create',
  auth: 'admin',
  tags,
  summary: 'May this organization create Shared Events? Always 200 { canCreateSharedEvents, reason? }',
  response: capabilitiesResponse,
  handler: ({ organizationId, grant }) => createCapability(organizationId, grant.organization),
});

defineRoute<CreateSharedEventBody>({
  name: 'shared-events-create',
  method: 'POST',
  // The new Shared Event's id is derived from the key, so its record rides in that partition's create.
  idempotent: true,
  keyRecordIn: 'newSharedEvent',
  route: 'shared-events',
  auth: 'admin',
  fullOrg: true,
  tags,
  summary:
    'Create a Shared Event (status draft) organized by ?organizationId, inviting invitedOrganizationIds (each full org)',
  gate: sharedEventsSwitch,
  body: createSharedEventBody,
  response: sharedEventResponse,
  successStatus: 201,
  errors: ['ORG_MODE_RESTRICTED', 'RATE_LIMITED'],
  handler: async ({ principal, grant, body, keyedId }) =>
    created(await createSharedEvent(principal, grant.organization!, body, keyedId)),
});

defineRoute<unknown, ListSharedEventsQuery>({
  name: 'shared-events-list',
  method: 'GET',
  route: 'shared-events',
  auth: 'authenticated',
  tags,
  summary: "The organization's Shared Events (live or invited), paged; scope=all lists every one (Super Admin only)",
  query: listSharedEventsQuery,
  response: sharedEventPage,
  handler: ({ principal, query }) => listSharedEvents(principal, query),
});

defineRoute<unknown, ViewerQuery>({
  name: 'shared-events-get',
  method: 'GET',
  route: 'shared-events/{sharedEventId}',
  scope: sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'member', readers: 'liveOrInvited' }),
  tags,
  summary: 'A Shared Event: full view for participant members and Super Admins, bounded view for invited ones',
  query: viewerQuery,
  response: sharedEventResponse,
  handler: ({ principal, grant }) => getSharedEventView(principal, grant),
});

defineRoute<UpdateSharedEventBody>({
  name: 'shared-events-update',
  method: 'PATCH',
  route: 'shared-events/{sharedEventId}',
  scope: sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'admin' }),
  tags,
  summary:
    'Change details (manageSharedDetails) or ticket type templates (managePricing); propagates to every projection',
  gate: sharedEventsSwitch,
  body: updateSharedEventBody,
  response: sharedEventResponse,
  errors: ['RATE_LIMITED'],
  handler: ({ principal, grant, body }) => updateSharedEvent(principal, grant, body),
});

defineRoute<LifecycleBody>({
  name: 'shared-events-lifecycle',
  method: 'PATCH',
  route: 'shared-events/{sharedEventId}/lifecycle',
  scope: sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'admin', capability: 'manageSharedDetails' }),
  tags,
  summary:
    'Move the Shared Event: draft→open, open↔locked, open|locked→completed; open|locked→cancelled cancels the whole event (answers cancelling until held sales settle); 409 otherwise',
  gate: sharedEventsSwitch,
  body: lifecycleBody,
  response: sharedEventResponse,
  errors: ['RATE_LIMITED'],
  handler: ({ principal, grant, body }) => changeLifecycle(principal, grant, body.status),
});

defineRoute({
  name: 'shared-events-retire',
  method: 'DELETE',
  route: 'shared-events/{sharedEventId}',
  auth: 'superAdmin',
  tags,
  summary: 'Retire a draft Shared Event (status cancelled, projections soft-deleted); 409 unless draft',
  body: emptyBody,
  response: sharedEventResponse,
  handler: ({ principal, params }) => retireSharedEvent(principal, params.sharedEventId),
});

defineRoute({
  name: 'shared-events-operation-status',
  method: 'POST',
  route: 'shared-events/{sharedEventId}/operation-status',
  scope: sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'member' }),
  tags,
  summary: "Each projection's sync status; advances queued projection work and a cancellation in progress",
  body: emptyBody,
  response: projectionStatusResponse,
  handler: async ({ grant }) => {
    if (grant.sharedEvent.status === 'cancelling') await advanceCancellation(grant.sharedEvent.sharedEventId);
    return projectionStatus(grant, { all: false });
  },
});

defineRoute({
  name: 'shared-events-sync-projections',
  method: 'POST',
  route: 'shared-events/{sharedEventId}/sync-projections',
  scope: sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'admin', capability: 'manageSharedDetails' }),
  tags,
  summary: 'Repair: bring every projection to the current details (recreating a missing one)',
  gate: sharedEventsSwitch,
  body: emptyBody,
  response: projectionStatusResponse,
  errors: ['RATE_LIMITED'],
  handler: ({ principal, grant }) => projectionStatus(grant, { all: true, principal }),
});
