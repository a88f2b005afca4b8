import { sharedEventScope } from '../shared/auth/scope';
import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import { sharedEventsSwitch } from '../shared/domain/shared-events/capabilities';
import {
  acceptInvitation,
  addParticipantDirectly,
  moveParticipant,
  removeParticipant,
} from '../shared/domain/shared-events/roster/participants';
import { directAddBody, participantResponse, type DirectAddBody } from '../shared/domain/shared-events/schemas';

// Shared Event roster (docs/shared-events.md). Accept and direct add are joinings (mode checked first); the rest never by mode.
const tags = ['shared-events'];

defineRoute({
  name: 'shared-event-participants-accept',
  method: 'POST',
  route: 'shared-events/{sharedEventId}/participants/{orgId}/accept',
  auth: 'admin',
  orgParam: 'orgId',
  fullOrg: true,
  tags,
  summary: 'Accept the invitation for the organization (Admin of it; full org): active, with its local Event',
  gate: sharedEventsSwitch,
  body: emptyBody,
  response: participantResponse,
  errors: ['ORG_MODE_RESTRICTED', 'RATE_LIMITED'],
  handler: ({ principal, grant, params }) => acceptInvitation(principal, grant.organization!, params.sharedEventId),
});

for (const action of ['decline', 'leave'] as const) {
  defineRoute({
    name: `shared-event-participants-${action}`,
    method: 'POST',
    route: `shared-events/{sharedEventId}/participants/{orgId}/${action}`,
    auth: 'admin',
    orgParam: 'orgId',
    tags,
    summary:
      action === 'decline'
        ? 'Decline the invitation (Admin of the organization; never restricted by mode)'
        : 'Leave the Shared Event (Admin of the organization; the organizer cannot leave)',
    gate: sharedEventsSwitch,
    body: emptyBody,
    response: participantResponse,
    errors: ['RATE_LIMITED'],
    handler: ({ principal, params }) =>
      moveParticipant(principal, action, params.sharedEventId, params.orgId, params.orgId),
  });
}

defineRoute({
  name: 'shared-event-participants-remove',
  method: 'DELETE',
  route: 'shared-events/{sharedEventId}/participants/{orgId}',
  scope: sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'admin', capability: 'manageParticipants' }),
  tags,
  summary: 'Remove an organization from the roster (manageParticipants; not the organizer)',
  gate: sharedEventsSwitch,
  body: emptyBody,
  response: participantResponse,
  errors: ['RATE_LIMITED'],
  handler: ({ principal, grant, params }) => removeParticipant(principal, grant, params.orgId),
});

defineRoute<DirectAddBody>({
  name: 'shared-event-participants-add',
  method: 'POST',
  // The key record rides in the batch of the write into the Shared Event's partition (docs/decisions/api-contract.md).
  idempotent: true,
  keyRecordIn: 'sharedEvent',
  route: 'shared-events/{sharedEventId}/participants',
  auth: 'superAdmin',
  tags,
  summary: 'Add an organization to the roster directly (Super Admin; the organization must be a full org)',
  body: directAddBody,
  response: participantResponse,
  successStatus: 201,
  errors: ['ORG_MODE_RESTRICTED'],
  handler: async ({ principal, params, body }) =>
    created(await addParticipantDirectly(principal, params.sharedEventId, body.organizationId)),
});
