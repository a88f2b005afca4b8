import { sharedEventScope } from '../shared/auth/scope';
import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import { acceptInvitationByToken, acceptingOrganizationOf } from '../shared/domain/shared-events/invitations/accept';
import {
  createInvitationLink,
  listInvitationLinks,
  previewInvitation,
  revokeInvitationLink,
} from '../shared/domain/shared-events/invitations/links';
import {
  acceptByTokenBody,
  acceptPendingBody,
  acceptResponse,
  createdInvitationLinkResponse,
  createInvitationLinkBody,
  invitationLinkListResponse,
  invitationLinkResponse,
  listInvitationLinksQuery,
  pendingInvitationListResponse,
  previewQuery,
  previewResponse,
  type AcceptByTokenBody,
  type AcceptPendingBody,
  type CreateInvitationLinkBody,
  type ListInvitationLinksQuery,
  type PreviewQuery,
} from '../shared/domain/shared-events/invitations/schemas';
import { acceptPendingInvitation, listPendingInvitations } from '../shared/domain/shared-events/invitations/pending';

// Shared Event invitations, docs/shared-events.md "core and invitations": links (manageParticipants), preview, token
// acceptance, and the in-app pending invitations. Every unusable invitation is one generic, jittered 404 (rule 6).
const tags = ['shared-event-invitations'];
const manageParticipants = (role: 'member' | 'admin') =>
  sharedEventScope({ sharedEventParam: 'sharedEventId', role, capability: 'manageParticipants' });
const ACCEPT_ERRORS = [
  'NOT_FOUND',
  'ORG_MODE_RESTRICTED',
  'RATE_LIMITED',
  'FORBIDDEN',
  'ORGANIZATION_MISMATCH',
] as const;

defineRoute<CreateInvitationLinkBody>({
  name: 'shared-event-invitation-links-create',
  method: 'POST',
  // The key record rides in the batch of the write into the Shared Event's partition (docs/decisions/api-contract.md).
  idempotent: true,
  keyRecordIn: 'sharedEvent',
  route: 'shared-events/{sharedEventId}/invitation-links',
  scope: manageParticipants('admin'),
  tags,
  summary:
    'Create an invitation link (the raw token is returned this once); with `email`, a best-effort e-mail and in-app notifications, fire and forget',
  body: createInvitationLinkBody,
  response: createdInvitationLinkResponse,
  successStatus: 201,
  errors: ['CONFLICT', 'RATE_LIMITED', 'FORBIDDEN'],
  handler: async ({ principal, grant, body }) => created(await createInvitationLink(principal, grant, body)),
});

defineRoute<unknown, ListInvitationLinksQuery>({
  name: 'shared-event-invitation-links-list',
  method: 'GET',
  route: 'shared-events/{sharedEventId}/invitation-links',
  scope: manageParticipants('member'),
  tags,
  summary: "One page of the Shared Event's invitation links, newest first (never a token or its hash)",
  query: listInvitationLinksQuery,
  response: invitationLinkListResponse,
  handler: ({ principal, grant, query }) => listInvitationLinks(principal, grant, query),
});

defineRoute({
  name: 'shared-event-invitation-links-revoke',
  method: 'DELETE',
  route: 'shared-events/{sharedEventId}/invitation-links/{linkId}',
  scope: manageParticipants('admin'),
  tags,
  summary: 'Revoke an active invitation link (idempotent when already revoked; 409 when used)',
  body: emptyBody,
  response: invitationLinkResponse,
  errors: ['CONFLICT', 'RATE_LIMITED', 'FORBIDDEN'],
  handler: ({ principal, grant, params }) => revokeInvitationLink(principal, grant, params.linkId),
});

defineRoute<unknown, PreviewQuery>({
  name: 'shared-event-invitations-preview',
  method: 'GET',
  route: 'shared-event-invitations/preview',
  auth: 'authenticated',
  tags,
  summary: 'Preview the Shared Event behind a live invitation token (generic, jittered 404 otherwise)',
  query: previewQuery,
  response: previewResponse,
  errors: ['NOT_FOUND'],
  handler: ({ query }) => previewInvitation(query.token),
});

defineRoute<AcceptByTokenBody>({
  name: 'shared-event-invitations-accept',
  method: 'POST',
  route: 'shared-event-invitations/accept',
  auth: 'authenticated',
  tags,
  summary:
    'Accept an invitation token for an organization the caller administers (full org; exactly one concurrent acceptor wins)',
  body: acceptByTokenBody,
  response: acceptResponse,
  errors: [...ACCEPT_ERRORS],
  handler: ({ principal, body, query }) =>
    acceptInvitationByToken(principal, body, query.organizationId as string | undefined),
});

defineRoute({
  name: 'shared-event-invitations-pending',
  method: 'GET',
  route: 'shared-event-invitations/pending',
  auth: 'authenticated',
  tags,
  summary: "The caller's pending Shared Event invitations in the organizations they administer (at most 50, unordered)",
  response: pendingInvitationListResponse,
  errors: ['FORBIDDEN'],
  handler: ({ principal }) => listPendingInvitations(principal),
});

defineRoute<AcceptPendingBody>({
  name: 'shared-event-invitations-pending-accept',
  method: 'POST',
  route: 'shared-event-invitations/pending/accept',
  auth: 'authenticated',
  tags,
  summary:
    'Accept a pending invitation addressed to the caller, for one of their organizations (full org; single winner)',
  body: acceptPendingBody,
  response: acceptResponse,
  errors: [...ACCEPT_ERRORS],
  handler: ({ principal, body, query }) =>
    acceptPendingInvitation(principal, {
      ...body,
      organizationId: acceptingOrganizationOf(query.organizationId as string | undefined, body.organizationId),
    }),
});
