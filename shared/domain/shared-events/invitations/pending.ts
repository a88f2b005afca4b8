import type { Principal } from '../../users/principal';
import { forbidden } from '../../../errors';
import { listMembershipsOfUserAcrossOrganizations } from '../../memberships/repo';
import { gateMutation, assertModeAllows } from '../mutation-gate';
import { acceptingOrganizationReads, claimAndAdmit, requireAcceptingAdmin } from './accept';
import { invitationUnavailable } from './links';
import { toPendingInvitationResponse } from './mapper';
import { PENDING_LIST_LIMIT, pendingRecordIdOf, type SharedEventPendingInvitationDoc } from './rules';
import type { AcceptPendingBody } from './schemas';
import { activeInvitationLinksAmong, getInvitationLink, getPendingInvitation, pendingInvitationsOfUser } from '../repo';

/**
 * In-app pending invitations (docs/shared-events.md rule 8): the records the rule-7 fan-out wrote for the session user, in the
 * organizations the user administers today. No organizationId: eligibility comes from the session.
 */

/** How many records are read before filtering: enough that 50 live ones survive a few dead ones. */
const PENDING_READ_BOUND = 200;

/**
 * GET /api/shared-event-invitations/pending: three reads whatever the count (the caller's memberships, their
 * unexpired records, which of those links are still active), at most 50 items, unordered.
 */
export async function listPendingInvitations(principal: Principal) {
  const now = new Date();
  const [memberships, records] = await Promise.all([
    listMembershipsOfUserAcrossOrganizations(principal.userId),
    pendingInvitationsOfUser(principal.userId, now.toISOString(), PENDING_READ_BOUND),
  ]);
  const administered = new Set(
    memberships
      .filter((m) => m.approved && m.role === 'admin' && !m.organizationDeletedAt)
      .map((m) => m.organizationId),
  );
  // "Authenticated Organization Admin": a caller who administers no organization has no pending list to see.
  if (administered.size === 0 && !principal.isSuperAdmin) throw forbidden();
  const eligible = records.filter((r) => administered.has(r.organizationId));
  const active = await activeInvitationLinksAmong(eligible.map((r) => r.invitationId));
  const live = new Set(
    active.filter((l) => Date.parse(l.expiresAt) > now.getTime()).map((l) => `${l.sharedEventId}|${l.id}`),
  );
  const items = eligible
    .filter((r) => live.has(`${r.sharedEventId}|${r.invitationId}`))
    .slice(0, PENDING_LIST_LIMIT)
    .map(toPendingInvitationResponse);
  return { items };
}

/** The caller's own record for this invitation and organization, or nothing (the recipient check). */
const isOwnRecord = (
  record: SharedEventPendingInvitationDoc | undefined,
  principal: Principal,
  body: AcceptPendingBody,
): record is SharedEventPendingInvitationDoc =>
  record !== undefined &&
  record.recipientUserId === principal.userId &&
  record.invitationId === body.invitationId &&
  record.sharedEventId === body.sharedEventId &&
  record.organizationId === body.organizationId;

/**
 * POST /api/shared-event-invitations/pending/accept `{ invitationId, sharedEventId, organizationId }`. The accepting
 * organization is read first with the caller's standing: an admin acting for a sellingPartner organization gets 403
 * ORG_MODE_RESTRICTED before the pending record or the Shared Event is read (docs/shared-events.md). Then the stored
 * recipient must be the session user (rule 8: a mismatch is the generic 404, before the bucket); then the caller's
 * admin role, the switch and bucket, and the same single-winner claim as by token.
 */
export async function acceptPendingInvitation(principal: Principal, body: AcceptPendingBody) {
  const [standing, found] = await acceptingOrganizationReads(principal, body.organizationId);
  // An admin acting for a sellingPartner organization is refused before anything else is read (docs/shared-events.md).
  if (found && !found.deletedAt && (principal.isSuperAdmin || standing?.kind === 'granted')) {
    assertModeAllows(found, 'sharedEvents.join');
  }
  const record = await getPendingInvitation(
    body.organizationId,
    pendingRecordIdOf(body.invitationId, principal.userId),
  );
  if (!isOwnRecord(record, principal, body)) return invitationUnavailable();
  const organization = requireAcceptingAdmin(principal, standing, found);
  await gateMutation(organization, 'sharedEvents.join');
  const link = await getInvitationLink(body.sharedEventId, body.invitationId);
  return claimAndAdmit(principal, organization, link, 'pendingInvitation');
}
