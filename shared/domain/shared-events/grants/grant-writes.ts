import type { SharedEventAccess } from '../access';
import type { Principal } from '../../users/principal';
import { badRequest, forbidden, notFound } from '../../../errors';
import { isPreconditionFailed, withEtagRetry, type Stored } from '../../../store/outcomes';
import { getMembership } from '../../memberships/repo';
import { auditEntry } from '../audit/entry';
import { assertSharedEventsOpenTo, takeMutationToken } from '../mutation-gate';
import {
  capabilitiesBeyond,
  grantAuditOperation,
  grantOutcome,
  isGrantOf,
  issuedGrant,
  withGrant,
  withoutGrant,
} from './rules';
import type { PutGrantBody } from './schemas';
import { LIVE_PARTICIPANT_STATUSES, type SharedEventDoc, type SharedEventGrant } from '../model';
import { getSharedEvent, replaceSharedEventWithAudit } from '../repo';
import { peopleOfAccess, type People } from '../people';

/**
 * Named capability grants (docs/shared-events.md SharedEventGrant, rule 1 "named capability grants can delegate specific tasks
 * without a broader role"). The caller's scope (Organization Admin holding manageOwners, or a super admin naming an
 * organization) has already been resolved; a grant is always for a member of the organization the caller acts for.
 */

export const toGrantResponse = (g: SharedEventGrant, people: People) => ({
  userId: people(g.userId, g.organizationId),
  organizationId: g.organizationId,
  capabilities: [...g.capabilities],
  ...(g.roleTemplate !== undefined ? { roleTemplate: g.roleTemplate } : {}),
  issuedAt: g.issuedAt,
  issuedBy: people(g.issuedBy),
});

/**
 * The organization the grant belongs to: the one the caller acts for, which must be live on the roster (a super
 * admin names one with `?organizationId`). Then the mutation gate (switch, allowlist, bucket; rule 1): grants are
 * neither creating nor joining, so the organization's mode is not read (01 "Organization capability mode" rule 5).
 */
async function actingOrganization(access: SharedEventAccess): Promise<string> {
  const organizationId = access.organizationId;
  if (!organizationId) {
    throw badRequest('organizationId is required: a grant belongs to one organization', [
      { path: '/organizationId', message: 'is required' },
    ]);
  }
  if (!access.participant || !LIVE_PARTICIPANT_STATUSES.includes(access.participant.status)) {
    throw notFound('Participant organization');
  }
  assertSharedEventsOpenTo(organizationId);
  await takeMutationToken(organizationId);
  return organizationId;
}

/** PUT …/grants/{granteeUserId}: issue or update; idempotent when the same grant is already there. */
export async function putGrant(
  principal: Principal,
  access: SharedEventAccess,
  granteeUserId: string,
  body: PutGrantBody,
) {
  const organizationId = await actingOrganization(access);
  const beyond = capabilitiesBeyond(access.capabilities, body.capabilities);
  if (beyond.length > 0) {
    throw forbidden(`You cannot grant capabilities you do not hold yourself: ${beyond.join(', ')}`);
  }
  const membership = await getMembership(organizationId, granteeUserId);
  if (!membership?.approved || membership.organizationDeletedAt) throw notFound('Member');

  const request = { userId: granteeUserId, organizationId, ...body };
  const people = peopleOfAccess(principal, access);
  let head: Stored<SharedEventDoc> = access.sharedEvent;
  return withEtagRetry(async () => {
    const existing = head.grants.find((g) => isGrantOf(g, granteeUserId, organizationId));
    const outcome = grantOutcome(existing, request);
    if (outcome === 'unchanged') return toGrantResponse(existing!, people);
    const now = new Date().toISOString();
    const grant = issuedGrant(request, principal.userId, now);
    const entry = auditEntry({
      sharedEventId: head.sharedEventId,
      action: outcome === 'issued' ? 'grant.issued' : 'grant.updated',
      actorUserId: principal.userId,
      actorOrganizationId: organizationId,
      targetOrganizationId: organizationId,
      targetUserId: granteeUserId,
      operation: grantAuditOperation(granteeUserId, existing, grant),
      metadata: { capabilities: grant.capabilities, ...(existing ? { previous: existing.capabilities } : {}) },
      at: now,
    });
    try {
      await replaceSharedEventWithAudit({ ...head, grants: withGrant(head.grants, grant), updatedAt: now }, entry);
    } catch (error) {
      if (isPreconditionFailed(error)) head = await freshHead(head.sharedEventId);
      throw error;
    }
    return toGrantResponse(grant, people);
  });
}

/** DELETE …/grants/{granteeUserId}: revoke; revoking a grant that is not there succeeds with `revoked: false`. */
export async function revokeGrant(principal: Principal, access: SharedEventAccess, granteeUserId: string) {
  const organizationId = await actingOrganization(access);
  let head: Stored<SharedEventDoc> = access.sharedEvent;
  const revoked = await withEtagRetry(async () => {
    const existing = head.grants.find((g) => isGrantOf(g, granteeUserId, organizationId));
    if (!existing) return false;
    const now = new Date().toISOString();
    const entry = auditEntry({
      sharedEventId: head.sharedEventId,
      action: 'grant.revoked',
      actorUserId: principal.userId,
      actorOrganizationId: organizationId,
      targetOrganizationId: organizationId,
      targetUserId: granteeUserId,
      operation: grantAuditOperation(granteeUserId, existing, undefined),
      metadata: { capabilities: existing.capabilities },
      at: now,
    });
    const grants = withoutGrant(head.grants, granteeUserId, organizationId);
    try {
      await replaceSharedEventWithAudit({ ...head, grants, updatedAt: now }, entry);
    } catch (error) {
      if (isPreconditionFailed(error)) head = await freshHead(head.sharedEventId);
      throw error;
    }
    return true;
  });
  return { revoked, userId: peopleOfAccess(principal, access)(granteeUserId, organizationId), organizationId };
}

/** After a lost ETag race the next attempt starts from the stored head. */
async function freshHead(sharedEventId: string): Promise<Stored<SharedEventDoc>> {
  const head = await getSharedEvent(sharedEventId);
  if (!head) throw notFound('Shared Event');
  return head;
}
