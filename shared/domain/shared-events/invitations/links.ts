import type { SharedEventAccess } from '../access';
import type { Principal } from '../../users/principal';
import { config } from '../../../config';
import { badRequest, conflict, DomainError, notFound } from '../../../errors';
import { withEtagRetry } from '../../../store/outcomes';
import { getOrganization } from '../../organizations/repo';
import { auditEntry } from '../audit/entry';
import { startInvitationDelivery } from './fan-out';
import { assertSharedEventsOpenTo, takeMutationToken } from '../mutation-gate';
import { toCreatedInvitationLinkResponse, toInvitationLinkResponse } from './mapper';
import { peopleOfAccess } from '../people';
import {
  acceptsInvitations,
  acceptUrlOf,
  hashesEqual,
  INVITATION_LINK_LIFETIME_SECONDS,
  isLive,
  isWellFormedToken,
  jitterMs,
  linkExpiresAt,
  linkIdOf,
  newRawToken,
  revokeAction,
  tokenHashOf,
} from './rules';
import type { CreateInvitationLinkBody, ListInvitationLinksQuery } from './schemas';
import type { SharedEventInvitationLinkDoc } from '../model';
import {
  appendAudit,
  createInvitationLinkDoc,
  findInvitationLinkById,
  getInvitationLink,
  getSharedEvent,
  invitationLinksPage,
  replaceInvitationLink,
} from '../repo';

/**
 * Shared Event invitation links (docs/decisions/shared-event-invitations.md): creation, the manager's list and revoke,
 * and the preview. Acceptance is in invitation-accept.ts.
 */

/** Rule 6: one body for every unusable invitation, sent after a random 50 to 150 ms. */
export const INVITATION_UNAVAILABLE_MESSAGE = 'This invitation is not available';

export async function invitationUnavailable(): Promise<never> {
  await new Promise((resolve) => setTimeout(resolve, jitterMs(Math.random())));
  throw new DomainError('NOT_FOUND', INVITATION_UNAVAILABLE_MESSAGE);
}

/**
 * The organization a manager acts for: the `?organizationId` one, or the organizer for a super admin who named
 * none. Inviting is neither creating nor joining, so rule 4's mode check does not apply; the switch, the
 * allowlist and the acting organization's mutation bucket do (docs/shared-events.md).
 */
async function gateManager(access: SharedEventAccess): Promise<string> {
  const actingOrgId = access.organizationId ?? access.sharedEvent.organizerOrgId;
  if (!actingOrgId) throw badRequest('organizationId is required');
  assertSharedEventsOpenTo(actingOrgId);
  await takeMutationToken(actingOrgId);
  return actingOrgId;
}

/** POST …/invitation-links `{ email? }` → 201 with the raw token, returned this once. */
export async function createInvitationLink(
  principal: Principal,
  access: SharedEventAccess,
  body: CreateInvitationLinkBody,
) {
  const actingOrgId = await gateManager(access);
  const { sharedEvent } = access;
  if (!acceptsInvitations(sharedEvent.status)) {
    throw conflict(`A ${sharedEvent.status} Shared Event takes no new participants`);
  }
  const rawToken = newRawToken();
  const tokenHash = tokenHashOf(rawToken);
  const now = Date.now();
  const link: SharedEventInvitationLinkDoc = {
    id: linkIdOf(tokenHash),
    docType: 'sharedEventInvitationLink',
    documentType: 'sharedEventInvitationLink',
    sharedEventId: sharedEvent.sharedEventId,
    tokenHash,
    status: 'active',
    createdBy: principal.userId,
    createdByOrganizationId: actingOrgId,
    createdAt: new Date(now).toISOString(),
    expiresAt: linkExpiresAt(now),
    emailDeliveryAttempted: body.email !== undefined,
    ttl: INVITATION_LINK_LIFETIME_SECONDS,
    schemaVersion: 1,
  };
  await createInvitationLinkDoc(link);
  await appendAudit(
    auditEntry({
      sharedEventId: sharedEvent.sharedEventId,
      action: 'invitationLink.created',
      actorUserId: principal.userId,
      actorOrganizationId: actingOrgId,
      operation: link.id,
      at: link.createdAt,
    }),
  );
  const url = acceptUrlOf(config().appBaseUrl, rawToken);
  // Fire and forget (rule 7): neither the e-mail nor the notification lookup can change or delay this answer.
  if (body.email !== undefined) startInvitationDelivery({ email: body.email, url, link, sharedEvent });
  return toCreatedInvitationLinkResponse(link, rawToken, url);
}

/** GET …/invitation-links: one page, newest first, never a hash or token. */
export async function listInvitationLinks(
  principal: Principal,
  access: SharedEventAccess,
  query: ListInvitationLinksQuery,
) {
  const people = peopleOfAccess(principal, access);
  const page = await invitationLinksPage(access.sharedEventId, query.limit, query.continuationToken);
  return {
    items: page.items.map((link) => toInvitationLinkResponse(link, people)),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
  };
}

/** DELETE …/invitation-links/{linkId}: active → revoked; revoked again answers unchanged; used is 409. */
export async function revokeInvitationLink(principal: Principal, access: SharedEventAccess, linkId: string) {
  const actingOrgId = await gateManager(access);
  const result = await withEtagRetry(async () => {
    const link = await getInvitationLink(access.sharedEventId, linkId);
    if (!link) throw notFound('Invitation link');
    const action = revokeAction(link.status);
    if (action === 'conflict') throw conflict('A used invitation link cannot be revoked');
    if (action === 'unchanged') return { link, changed: false };
    const revoked = await replaceInvitationLink({
      ...link,
      status: 'revoked',
      revokedAt: new Date().toISOString(),
      revokedBy: principal.userId,
    });
    return { link: revoked, changed: true };
  });
  if (result.changed) {
    await appendAudit(
      auditEntry({
        sharedEventId: access.sharedEventId,
        action: 'invitationLink.revoked',
        actorUserId: principal.userId,
        actorOrganizationId: actingOrgId,
        operation: result.link.id,
        ...(result.link.revokedAt ? { at: result.link.revokedAt } : {}),
      }),
    );
  }
  return toInvitationLinkResponse(result.link, peopleOfAccess(principal, access));
}

/**
 * GET /api/shared-event-invitations/preview?token=: a bounded view of a live link's Shared Event. Malformed,
 * unknown, expired, used and revoked tokens, and a Shared Event gone or closed, are all the generic 404.
 */
export async function previewInvitation(token: string) {
  if (!isWellFormedToken(token)) return invitationUnavailable();
  const tokenHash = tokenHashOf(token);
  const link = await findInvitationLinkById(linkIdOf(tokenHash));
  if (!link || !hashesEqual(link.tokenHash, tokenHash) || !isLive(link, Date.now())) return invitationUnavailable();
  const sharedEvent = await getSharedEvent(link.sharedEventId);
  if (!sharedEvent || !acceptsInvitations(sharedEvent.status)) return invitationUnavailable();
  const organizer = sharedEvent.organizerOrgId ? await getOrganization(sharedEvent.organizerOrgId) : undefined;
  return {
    sharedEventId: sharedEvent.sharedEventId,
    name: sharedEvent.name,
    ...(sharedEvent.date !== undefined ? { date: sharedEvent.date } : {}),
    ...(organizer && !organizer.deletedAt ? { organizerOrganizationName: organizer.name } : {}),
    expiresAt: link.expiresAt,
  };
}
