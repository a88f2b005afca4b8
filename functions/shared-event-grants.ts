import { sharedEventScope } from '../shared/auth/scope';
import { defineRoute } from '../shared/http/define-route';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import { putGrant, revokeGrant } from '../shared/domain/shared-events/grants/grant-writes';
import {
  grantResponse,
  participantUsersPage,
  participantUsersQuery,
  putGrantBody,
  revokeGrantResponse,
  type ParticipantUsersQuery,
  type PutGrantBody,
} from '../shared/domain/shared-events/grants/schemas';
import { listParticipantUsers } from '../shared/domain/shared-events/roster/participant-users';

/**
 * Shared Event owners' administration (docs/shared-events.md "organizer and participant administration"): named capability grants
 * and the users of a participant organization. Organization Admin of a live participant holding manageOwners (an
 * owner holds every capability), or a super admin; administrative routes, not discovery (rule 10).
 */
const tags = ['shared-events'];
const scope = sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'admin', capability: 'manageOwners' });

defineRoute<PutGrantBody>({
  name: 'shared-event-grants-put',
  method: 'PUT',
  route: 'shared-events/{sharedEventId}/grants/{granteeUserId}',
  scope,
  tags,
  summary:
    'Issue or update the named capability grant of an approved member of the acting organization (manageOwners; ' +
    'only capabilities the caller holds; idempotent when unchanged)',
  body: putGrantBody,
  response: grantResponse,
  errors: ['RATE_LIMITED'],
  handler: ({ principal, grant, params, body }) => putGrant(principal, grant, params.granteeUserId, body),
});

defineRoute({
  name: 'shared-event-grants-revoke',
  method: 'DELETE',
  route: 'shared-events/{sharedEventId}/grants/{granteeUserId}',
  scope,
  tags,
  summary: "Revoke a user's grant in the acting organization (manageOwners; idempotent: revoked false when none)",
  body: emptyBody,
  response: revokeGrantResponse,
  errors: ['RATE_LIMITED'],
  handler: ({ principal, grant, params }) => revokeGrant(principal, grant, params.granteeUserId),
});

defineRoute<unknown, ParticipantUsersQuery>({
  name: 'shared-event-participant-users',
  method: 'GET',
  route: 'shared-events/{sharedEventId}/participants/{orgId}/users',
  scope,
  tags,
  summary:
    "Approved users of a live participant organization, paged (manageOwners or Super Admin; e-mail only for the caller's own organization or a super admin)",
  query: participantUsersQuery,
  response: participantUsersPage,
  handler: ({ principal, grant, params, query }) => listParticipantUsers(principal, grant, params.orgId, query),
});
