import { callerStanding, requireStanding, type Standing } from '../../users/caller-standing';
import type { Principal } from '../../users/principal';
import { notFound, DomainError, badRequest } from '../../../errors';
import { isPreconditionFailed, type Stored } from '../../../store/outcomes';
import type { OrganizationDoc } from '../../organizations/model';
import { getOrganization } from '../../organizations/repo';
import { admitOrganization, type AdmissionPath } from '../roster/admit-organization';
import { gateMutation } from '../mutation-gate';
import { invitationUnavailable } from './links';
import { acceptDecision, acceptsInvitations, isWellFormedToken, linkIdOf, recoveryAllowed, tokenHashOf } from './rules';
import type { AcceptByTokenBody } from './schemas';
import type { SharedEventInvitationLinkDoc } from '../model';
import {
  findInvitationLinkById,
  getInvitationLink,
  getParticipant,
  getSharedEvent,
  replaceInvitationLink,
} from '../repo';

/**
 * Accepting a Shared Event invitation (docs/shared-events.md, docs/decisions/shared-event-invitations.md), by token or from the pending list.
 * Order: the caller's authority in the accepting organization (Admin, or Super Admin), that organization's mode
 * (403 ORG_MODE_RESTRICTED), the switch and allowlist, its mutation bucket; only then the link. The link moves
 * active → used under its ETag, so of many concurrent acceptors exactly one wins; the others, and every unusable
 * link, get the generic jittered 404. Then the one admission path puts the organization on the roster.
 */

/**
 * The caller's standing as an admin (from the role map on the user when it grants, else its membership, which
 * decides) and the organization, read fresh; in parallel.
 */
export const acceptingOrganizationReads = (principal: Principal, organizationId: string) =>
  Promise.all([
    principal.isSuperAdmin ? undefined : callerStanding(principal, organizationId, 'admin'),
    getOrganization(organizationId),
  ]);

/** The accepting organization, as the caller may act for it: an approved admin of a live organization. */
export function requireAcceptingAdmin(
  principal: Principal,
  standing: Standing | undefined,
  organization: Stored<OrganizationDoc> | undefined,
): Stored<OrganizationDoc> {
  if (!principal.isSuperAdmin) requireStanding(standing ?? { kind: 'refused' });
  if (!organization || organization.deletedAt) throw notFound('Organization');
  return organization;
}

/**
 * The accepting organization of an acceptance route: `?organizationId` and the body's `organizationId` name the same
 * one when both are sent (else 400 ORGANIZATION_MISMATCH); at least one is required.
 */
export function acceptingOrganizationOf(fromQuery: string | undefined, fromBody: string | undefined): string {
  if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody) {
    throw new DomainError(
      'ORGANIZATION_MISMATCH',
      "The body's organizationId names another organization than the query's",
      {
        details: [{ path: '/organizationId', message: 'must equal the query parameter organizationId' }],
      },
    );
  }
  const organizationId = fromQuery ?? fromBody;
  if (organizationId === undefined) {
    throw badRequest('organizationId is required', [{ path: '/organizationId', message: 'is required' }]);
  }
  return organizationId;
}

/** POST /api/shared-event-invitations/accept `{ token, organizationId? }` with `?organizationId`. */
export async function acceptInvitationByToken(
  principal: Principal,
  body: AcceptByTokenBody,
  queryOrganizationId?: string,
) {
  const organizationId = acceptingOrganizationOf(queryOrganizationId, body.organizationId);
  const [standing, found] = await acceptingOrganizationReads(principal, organizationId);
  const organization = requireAcceptingAdmin(principal, standing, found);
  await gateMutation(organization, 'sharedEvents.join');
  const token = body.token.trim();
  if (!isWellFormedToken(token)) return invitationUnavailable();
  const tokenHash = tokenHashOf(token);
  const link = await findInvitationLinkById(linkIdOf(tokenHash));
  return claimAndAdmit(principal, organization, link, 'invitationLink', tokenHash);
}

/**
 * The single-winner step shared by both acceptance routes. `tokenHash` is the presented token's (token route),
 * or undefined when the link was found through the caller's own pending record.
 */
export async function claimAndAdmit(
  principal: Principal,
  organization: Stored<OrganizationDoc>,
  link: Stored<SharedEventInvitationLinkDoc> | undefined,
  path: Extract<AdmissionPath, 'invitationLink' | 'pendingInvitation'>,
  tokenHash?: string,
) {
  const decision = acceptDecision(link, organization.id, Date.now(), tokenHash);
  if (!link || decision === 'unavailable') return invitationUnavailable();
  const sharedEvent = await getSharedEvent(link.sharedEventId);
  if (!sharedEvent || !acceptsInvitations(sharedEvent.status)) return invitationUnavailable();
  if (decision === 'recover') {
    const entry = await getParticipant(link.sharedEventId, organization.id);
    if (!recoveryAllowed(entry, link.usedAt)) return invitationUnavailable();
  }
  if (decision === 'claim') {
    try {
      await replaceInvitationLink({
        ...link,
        status: 'used',
        usedBy: principal.userId,
        usedByOrganizationId: organization.id,
        usedAt: new Date().toISOString(),
      });
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      // Someone else changed the link first: only this organization's own earlier claim lets it through.
      const fresh = await getInvitationLink(link.sharedEventId, link.id);
      if (acceptDecision(fresh, organization.id, Date.now(), tokenHash) !== 'recover') return invitationUnavailable();
      // Our own organization won a parallel claim a moment ago: the admission below is idempotent.
    }
  }
  // A claim just made, or the recovery marker of an earlier one: admission is idempotent either way.
  const participant = await admitOrganization({
    sharedEvent,
    organizationId: organization.id,
    organizationName: organization.name,
    actor: { userId: principal.userId, organizationId: organization.id },
    path,
    operation: link.tokenHash,
  });
  const eventId = participant.projectionLink?.eventId;
  return {
    sharedEventId: sharedEvent.sharedEventId,
    name: sharedEvent.name,
    organizationId: organization.id,
    status: participant.status,
    role: participant.role,
    ...(eventId !== undefined ? { eventId } : {}),
  };
}
