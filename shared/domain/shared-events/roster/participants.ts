import type { SharedEventAccess } from '../access';
import { isDocumentId } from '../../vocabulary/document-id';
import type { Principal } from '../../users/principal';
import { conflict, notFound } from '../../../errors';
import { isPreconditionFailed, type Stored } from '../../../store/outcomes';
import type { OrganizationDoc } from '../../organizations/model';
import { getOrganization } from '../../organizations/repo';
import { admitOrganization } from './admit-organization';
import { auditEntry, type AuditAction } from '../audit/entry';
import { actorOf, gateActingOrganization, sharedEventsSwitch } from '../capabilities';
import { assertModeAllows, gateMutation } from '../mutation-gate';
import { toParticipantResponse } from '../mapper';
import type { SharedEventDoc, SharedEventParticipantDoc } from '../model';
import { syncProjection } from '../projections/sync';
import { appendAudit, getParticipant, getSharedEvent, replaceParticipant } from '../repo';
import { isChangeable, ROSTER_TARGET, rosterVerdict, type RosterAction } from '../rules';
import { markOrganizationClosed } from '../capacity/closed-organizations';

/**
 * The roster routes (docs/shared-events.md; the moves are ours, rules.ts ROSTER_TARGET). Accepting and the direct add are
 * joinings: the organization's mode is checked first (403 ORG_MODE_RESTRICTED naming sharedEvents.join, before
 * the Shared Event is read), and both go through `admitOrganization`. Declining, leaving and removal are never
 * refused by mode (rule 5). A route that finds the entry already where it leads answers 200 without a change.
 */

async function readTarget(sharedEventId: string, organizationId: string) {
  if (!isDocumentId(sharedEventId)) throw notFound('Shared Event');
  const [head, participant] = await Promise.all([
    getSharedEvent(sharedEventId),
    getParticipant(sharedEventId, organizationId),
  ]);
  // Not on the roster: nothing is named, whether or not the Shared Event exists.
  if (!head || !participant) throw notFound('Shared Event');
  return { head, participant };
}

function refuse(action: RosterAction, head: SharedEventDoc, participant: SharedEventParticipantDoc | undefined) {
  const verdict = rosterVerdict(action, participant);
  if (verdict === 'organizer') {
    throw conflict(`The organizer cannot ${action === 'remove' ? 'be removed' : action}`, 'CONFLICT', {
      status: participant?.status,
      role: 'organizer',
    });
  }
  if (verdict === 'refused') {
    throw conflict(`A participant that is ${participant?.status ?? 'not on the roster'} cannot ${action}`, 'CONFLICT', {
      ...(participant ? { status: participant.status } : {}),
    });
  }
  if (verdict === 'move' && !isChangeable(head.status)) {
    throw conflict(`The roster of a ${head.status} Shared Event cannot change`, 'CONFLICT', { status: head.status });
  }
  return verdict;
}

/** POST participants/{orgId}/accept (Admin of the target org; full org: the scope read it fresh). */
export async function acceptInvitation(principal: Principal, organization: OrganizationDoc, sharedEventId: string) {
  await gateMutation(organization, 'sharedEvents.join');
  const { head, participant } = await readTarget(sharedEventId, organization.id);
  if (refuse('accept', head, participant) === 'unchanged' && participant.projectionLink?.syncStatus === 'synced') {
    return toParticipantResponse(participant);
  }
  const admitted = await admitOrganization({
    sharedEvent: head,
    organizationId: organization.id,
    organizationName: organization.name,
    actor: actorOf(principal, organization.id),
    path: 'rosterAccept',
    operation: `accept:${participant.invitedAt ?? participant._etag}`,
  });
  return toParticipantResponse(admitted);
}

/** POST participants/{orgId}/decline and /leave (Admin of the target org), DELETE participants/{orgId}. */
export async function moveParticipant(
  principal: Principal,
  action: 'decline' | 'leave' | 'remove',
  sharedEventId: string,
  organizationId: string,
  actingOrganizationId: string | undefined,
) {
  await gateActingOrganization(actingOrganizationId);
  let { head, participant } = await readTarget(sharedEventId, organizationId);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (refuse(action, head, participant) === 'unchanged') return toParticipantResponse(participant);
    const now = new Date().toISOString();
    const next: Stored<SharedEventParticipantDoc> = {
      ...participant,
      status: ROSTER_TARGET[action],
      ...(action === 'decline' ? { respondedAt: now } : {}),
      ...(participant.projectionLink
        ? { projectionLink: { ...participant.projectionLink, syncStatus: 'pending' } }
        : {}),
      updatedAt: now,
    };
    // Before the entry changes: from now on a sale of this organization reads its entry (sale.ts sellingFence).
    if (action !== 'decline') await markOrganizationClosed(sharedEventId, organizationId, head.capacityPolicy);
    let saved: Stored<SharedEventParticipantDoc>;
    try {
      saved = await replaceParticipant(next);
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      ({ head, participant } = await readTarget(sharedEventId, organizationId));
      continue;
    }
    // Again after it changed: an admission that read the entry still live and dropped the hint meanwhile is
    // undone (an admission's drop is conditional on the fence's ETag, which this write moves either way).
    if (action !== 'decline') await markOrganizationClosed(sharedEventId, organizationId, head.capacityPolicy);
    const actor = actorOf(principal, actingOrganizationId);
    await appendAudit(
      auditEntry({
        sharedEventId,
        action: ACTION_OF[action],
        actorUserId: actor.userId,
        ...(actor.organizationId ? { actorOrganizationId: actor.organizationId } : {}),
        targetOrganizationId: organizationId,
        operation: `${action}:${participant._etag}`,
        at: now,
      }),
    );
    // The local Event stays; its link records the new roster status (queued work if this attempt fails).
    const synced = saved.projectionLink ? await syncProjection(head, saved) : saved;
    return toParticipantResponse(synced);
  }
  throw conflict('The roster entry kept changing; retry', 'CONFLICT');
}

const ACTION_OF: Record<'decline' | 'leave' | 'remove', AuditAction> = {
  decline: 'participant.declined',
  leave: 'participant.left',
  remove: 'participant.removed',
};

/** DELETE participants/{orgId} (Organization Admin with manageParticipants; the scope checked both). */
export const removeParticipant = (principal: Principal, access: SharedEventAccess, organizationId: string) =>
  moveParticipant(principal, 'remove', access.sharedEventId, organizationId, access.organizationId);

/**
 * POST participants (Super Admin): the direct add of `{ organizationId }`. The added organization is read fresh
 * and its mode checked (rule 4) before the Shared Event is read; then it is admitted like any acceptance.
 */
export async function addParticipantDirectly(principal: Principal, sharedEventId: string, organizationId: string) {
  const organization = await getOrganization(organizationId);
  if (!organization || organization.deletedAt) throw notFound('Organization');
  assertModeAllows(organization, 'sharedEvents.join');
  sharedEventsSwitch();
  if (!isDocumentId(sharedEventId)) throw notFound('Shared Event');
  const [head, participant] = await Promise.all([
    getSharedEvent(sharedEventId),
    getParticipant(sharedEventId, organizationId),
  ]);
  if (!head) throw notFound('Shared Event');
  if (refuse('directAdd', head, participant) === 'unchanged' && participant?.projectionLink?.syncStatus === 'synced') {
    return toParticipantResponse(participant);
  }
  const admitted = await admitOrganization({
    sharedEvent: head,
    organizationId,
    organizationName: organization.name,
    actor: { userId: principal.userId },
    path: 'directAdd',
    operation: `add:${participant?._etag ?? 'new'}`,
  });
  return toParticipantResponse(admitted);
}
