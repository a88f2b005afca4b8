import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { inviteDelegation } from '../shared/domain/delegations/invite';
import { listDelegatedEvents, listEventDelegations } from '../shared/domain/delegations/list';
import { acceptDelegation, declineDelegation } from '../shared/domain/delegations/respond';
import { revokeDelegation } from '../shared/domain/delegations/revoke';
import {
  acceptBody,
  declineBody,
  delegatedEventListResponse,
  delegationListResponse,
  inviteBody,
  inviteResponse,
  respondResponse,
  revokeBody,
  revokeResponse,
  type AcceptBody,
  type InviteBody,
  type RevokeBody,
} from '../shared/domain/delegations/schemas';

// Delegated sales, docs/decisions/delegations.md: the owner side (Owner Admin+, full org: 403 ORG_MODE_RESTRICTED is decided by
// the route scope from the owning organization alone, before the invite bucket, the event, the body or any
// write) and the partner's answers and index (never restricted by mode). The partner's order routes live in
// delegated-orders.ts.
const tags = ['sales-delegations'];

defineRoute<InviteBody>({
  name: 'sales-delegations-invite',
  method: 'POST',
  idempotent: true,
  route: 'organizations/{organizationId}/events/{eventId}/sales-delegations',
  auth: 'admin',
  orgParam: 'organizationId',
  fullOrg: true,
  tags,
  summary:
    'Invite a partner organization to sell tickets for an event (by partnerAdminEmail, or partnerOrganizationId for a Super Admin); re-inviting returns the existing delegation',
  body: inviteBody,
  response: inviteResponse,
  successStatus: 201,
  errors: ['RATE_LIMITED'],
  handler: async ({ principal, grant, params, body }) =>
    created(await inviteDelegation(principal, grant, params.eventId, body)),
});

defineRoute({
  name: 'sales-delegations-list',
  method: 'GET',
  route: 'organizations/{organizationId}/events/{eventId}/sales-delegations',
  auth: 'admin',
  orgParam: 'organizationId',
  fullOrg: true,
  tags,
  summary: "List an event's sales delegations (retries pending or failed reverse-index syncs first)",
  response: delegationListResponse,
  handler: ({ grant, params }) => listEventDelegations(grant, params.eventId),
});

defineRoute<RevokeBody>({
  name: 'sales-delegations-revoke',
  method: 'POST',
  route: 'organizations/{organizationId}/events/{eventId}/sales-delegations/{delegationId}/revoke',
  auth: 'admin',
  orgParam: 'organizationId',
  fullOrg: true,
  tags,
  summary: 'Revoke a sales delegation at once (revokedReason required; idempotent when already revoked)',
  body: revokeBody,
  response: revokeResponse,
  handler: ({ principal, grant, params, body }) =>
    revokeDelegation(principal, grant, params.eventId, params.delegationId, body),
});

defineRoute<AcceptBody>({
  name: 'sales-delegations-accept',
  method: 'POST',
  route: 'sales-delegations/accept',
  auth: 'authenticated',
  tags,
  summary:
    'Accept a sales delegation with the composite token of its invitation link (Partner Admin+; one generic 404 for any unusable invitation)',
  rateLimit: { bucket: 'sales-delegation-accept', limit: 30, windowSeconds: 60 },
  body: acceptBody,
  response: respondResponse,
  errors: ['NOT_FOUND'],
  handler: ({ principal, body }) => acceptDelegation(principal, body.token),
});

defineRoute({
  name: 'sales-delegations-decline',
  method: 'POST',
  route: 'organizations/{partnerOrganizationId}/sales-delegations/{delegationId}/decline',
  auth: 'admin',
  orgParam: 'partnerOrganizationId',
  tags,
  summary: 'Decline a sales delegation invitation (only while invited; idempotent when already declined)',
  body: declineBody,
  response: respondResponse,
  handler: ({ principal, grant, params }) => declineDelegation(principal, grant, params.delegationId),
});

defineRoute({
  name: 'delegated-events-list',
  method: 'GET',
  route: 'organizations/{partnerOrganizationId}/delegated-events',
  auth: 'member',
  orgParam: 'partnerOrganizationId',
  tags,
  summary: "The partner's delegated events whose delegation is active (display index)",
  response: delegatedEventListResponse,
  handler: ({ grant }) => listDelegatedEvents(grant),
});
