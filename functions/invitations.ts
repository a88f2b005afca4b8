import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import * as invitations from '../shared/domain/invitations/member-invitations';
import {
  acceptInvitationBody,
  createInvitationBody,
  invitationResponse,
  type AcceptInvitationBody,
  type CreateInvitationBody,
} from '../shared/domain/invitations/schemas';
import { invitationListResponse, joinAcceptResponse, joinValidateResponse } from '../shared/domain/invitations/schemas';

const tags = ['invitations'];

defineRoute<CreateInvitationBody>({
  name: 'invitations-create',
  method: 'POST',
  idempotent: true,
  route: 'organizations/{organizationId}/invitations',
  auth: 'admin',
  orgParam: 'organizationId',
  tags,
  summary: 'Create an invitation code to join the organization',
  body: createInvitationBody,
  response: invitationResponse,
  successStatus: 201,
  handler: async ({ principal, organizationId, body }) =>
    created(await invitations.createInvitation(principal, organizationId, body)),
});

defineRoute({
  name: 'invitations-list',
  method: 'GET',
  route: 'organizations/{organizationId}/invitations',
  auth: 'admin',
  orgParam: 'organizationId',
  tags,
  summary: 'List the organization’s invitations, newest first',
  response: invitationListResponse,
  handler: ({ organizationId }) => invitations.listInvitations(organizationId),
});

defineRoute({
  name: 'invitations-revoke',
  method: 'DELETE',
  route: 'organizations/{organizationId}/invitations/{code}',
  auth: 'admin',
  orgParam: 'organizationId',
  tags,
  summary: 'Revoke an invitation',
  body: emptyBody,
  response: invitationResponse,
  handler: ({ principal, organizationId, params }) =>
    invitations.revokeInvitation(principal, organizationId, params.code),
});

defineRoute({
  name: 'join-validate',
  method: 'GET',
  route: 'join/{code}',
  auth: 'public',
  tags,
  summary: 'Check an invitation code (one generic 404 for every unusable code)',
  rateLimit: { bucket: 'join', limit: 30, windowSeconds: 60 },
  response: joinValidateResponse,
  handler: ({ params }) => invitations.validateInvitation(params.code),
});

defineRoute<AcceptInvitationBody>({
  name: 'join-accept',
  method: 'POST',
  route: 'join/{code}',
  auth: 'public',
  tags,
  summary:
    'Accept an invitation: join as an approved member (201) and receive a login e-mail; an existing member gets 200, unchanged',
  rateLimit: { bucket: 'join', limit: 30, windowSeconds: 60 },
  body: acceptInvitationBody,
  successStatus: 201,
  okWhenExisting: true,
  response: joinAcceptResponse,
  handler: async ({ params, body }) => {
    const { joined, result } = await invitations.acceptInvitation(params.code, body);
    return joined ? created(result) : result;
  },
});
