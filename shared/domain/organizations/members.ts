import { conflict, notFound } from '../../errors';
import { containers } from '../../store/client';
import { createItem, deleteItem, queryAll, replaceItem } from '../../store/operations';
import { isConflict, isNotFound, withEtagRetry } from '../../store/outcomes';
import { queryPage } from '../../store/pagination';
import { getMembership, membershipId, toMembershipResponse, type MembershipDoc, type Role } from '../memberships/repo';
import { createOrGetUser, type UserDoc } from '../users/repo';
import type { AddMemberBody, PageQuery, UpdateMemberBody } from './schemas';
import { requireLiveOrganization } from './service';

export const userSummary = (user: UserDoc) => ({ id: user.id, email: user.email, name: user.name });

export function newMembership(organizationId: string, userId: string, role: Role, approved: boolean): MembershipDoc {
  const now = new Date().toISOString();
  return {
    id: membershipId(userId),
    docType: 'membership',
    organizationId,
    userId,
    role,
    approved,
    createdAt: now,
    updatedAt: now,
  };
}

/** Adds a member, creating the user when the address is new; 409 when already a member. */
export async function addMember(organizationId: string, body: AddMemberBody) {
  await requireLiveOrganization(organizationId);
  const { user } = await createOrGetUser(body);
  // A membership of a soft-deleted user would be invisible in the member list yet block adding them again.
  if (user.deletedAt) throw conflict('This user is deleted; restore the user first', 'USER_DELETED');
  try {
    const membership = await createItem(
      containers().orgs,
      newMembership(organizationId, user.id, body.role, body.approved),
    );
    return { membership: toMembershipResponse(membership), user: userSummary(user) };
  } catch (error) {
    if (isConflict(error)) throw conflict('This user is already a member of the organization', 'ALREADY_MEMBER');
    throw error;
  }
}

/** One page of memberships, with each member's name and e-mail from one batched user query. */
export async function listMembers(organizationId: string, query: PageQuery) {
  await requireLiveOrganization(organizationId);
  const page = await queryPage<MembershipDoc>(
    containers().orgs,
    organizationId,
    {
      query: "SELECT * FROM c WHERE c.organizationId = @org AND c.docType = 'membership' ORDER BY c.createdAt, c.id",
      parameters: [{ name: '@org', value: organizationId }],
    },
    query.limit,
    query.continuationToken,
  );
  const users = await usersByIds(page.items.map((m) => m.userId));
  return {
    items: page.items
      .filter((m) => users.has(m.userId))
      .map((m) => ({ ...toMembershipResponse(m), user: userSummary(users.get(m.userId)!) })),
    continuationToken: page.continuationToken,
  };
}

/** Live (not soft-deleted) users by id in one query; the users container is partitioned by id. */
export async function usersByIds(ids: string[]): Promise<Map<string, UserDoc>> {
  if (ids.length === 0) return new Map();
  const users = await queryAll<UserDoc>(containers().users, undefined, {
    query: "SELECT * FROM c WHERE c.docType = 'user' AND ARRAY_CONTAINS(@ids, c.id) AND NOT IS_DEFINED(c.deletedAt)",
    parameters: [{ name: '@ids', value: [...new Set(ids)] }],
  });
  return new Map(users.map((u) => [u.id, u]));
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
    return replaceItem(containers().orgs, organizationId, next, membership._etag);
  });
  return toMembershipResponse(saved);
}

export async function removeMember(organizationId: string, userId: string) {
  await requireLiveOrganization(organizationId);
  try {
    await deleteItem(containers().orgs, organizationId, membershipId(userId));
  } catch (error) {
    if (isNotFound(error)) throw notFound('Member');
    throw error;
  }
  return { removed: true, userId };
}
