import { conflict, notFound } from '../../errors';
import { isConflict, isNotFound, withEtagRetry } from '../../store/outcomes';
import { newMembership, toMembershipResponse } from '../memberships/model';
import {
  createMembership,
  deleteMembership,
  getMembership,
  membershipsPage,
  replaceMembership,
} from '../memberships/repo';
import { changeWithRoleMap, grantInRoleMap, removedEntry, revokeInRoleMap, syncRoleMap } from '../users/role-map';
import type { UserDoc } from '../users/model';
import { createOrGetUser, liveUsersByIdsAcrossPartitions } from '../users/repo';
import type { AddMemberBody, PageQuery, UpdateMemberBody } from './schemas';
import { requireLiveOrganization } from './manage-organizations';

export const userSummary = (user: UserDoc) => ({ id: user.id, email: user.email, name: user.name });

/**
 * Adds a member, creating the user when the address is new; 409 when already a member. With an Idempotency-Key the
 * membership's create carries the key record (docs/decisions/api-contract.md): the user before it is found again
 * by its e-mail on a retry, and the role map after it is a sync that a reader heals (users/role-map.ts).
 */
export async function addMember(organizationId: string, body: AddMemberBody) {
  await requireLiveOrganization(organizationId);
  const { user } = await createOrGetUser(body);
  // A membership of a soft-deleted user would be invisible in the member list yet block adding them again.
  if (user.deletedAt) throw conflict('This user is deleted; restore the user first', 'USER_DELETED');
  try {
    const membership = await createMembership(newMembership(organizationId, user.id, body.role, body.approved), {
      carriesKey: true,
    });
    await grantInRoleMap(membership);
    return { membership: toMembershipResponse(membership), user: userSummary(user) };
  } catch (error) {
    if (isConflict(error)) throw conflict('This user is already a member of the organization', 'ALREADY_MEMBER');
    throw error;
  }
}

/** One page of memberships, with each member's name and e-mail from one batched user query. */
export async function listMembers(organizationId: string, query: PageQuery) {
  await requireLiveOrganization(organizationId);
  const page = await membershipsPage(organizationId, query.limit, query.continuationToken);
  const users = await liveUsersByIdsAcrossPartitions(page.items.map((m) => m.userId));
  return {
    items: page.items
      .filter((m) => users.has(m.userId))
      .map((m) => ({ ...toMembershipResponse(m), user: userSummary(users.get(m.userId)!) })),
    continuationToken: page.continuationToken,
  };
}

export async function updateMember(organizationId: string, userId: string, body: UpdateMemberBody) {
  await requireLiveOrganization(organizationId);
  const saved = await withEtagRetry(async () => {
    const membership = await getMembership(organizationId, userId);
    if (!membership) throw notFound('Member');
    const next = { ...membership, updatedAt: new Date().toISOString() };
    if (body.role !== undefined) next.role = body.role;
    if (body.roles !== undefined) next.roles = body.roles;
    if (body.approved !== undefined) next.approved = body.approved;
    // A removal that deleted the membership after our read: the member is gone (404), not an error.
    return changeWithRoleMap(membership, next, () => replaceMembership(next)).catch((error: unknown) => {
      throw isNotFound(error) ? notFound('Member') : error;
    });
  });
  return toMembershipResponse(saved);
}

export async function removeMember(organizationId: string, userId: string) {
  await requireLiveOrganization(organizationId);
  // The map first (a tombstone, see role-map.ts), the membership after.
  const membership = await getMembership(organizationId, userId);
  if (membership) await revokeInRoleMap(userId, organizationId, removedEntry(membership.role));
  try {
    await deleteMembership(organizationId, userId);
  } catch (error) {
    if (isNotFound(error)) throw notFound('Member');
    throw error;
  }
  // A grant racing this removal may have written its entry after the tombstone: the sync settles on "removed".
  await syncRoleMap(userId, organizationId);
  return { removed: true, userId };
}
