import { forbidden, notFound } from '../../errors';
import type { Principal } from './principal';
import { isConflict, withEtagRetry } from '../../store/outcomes';
import { newMembership, type MembershipDoc } from '../memberships/model';
import { createMembership, createMembershipsInBatch, memberUserIdsAmong } from '../memberships/repo';
import { mapWithConcurrency } from '../../csv/parse';
import { grantInRoleMap } from './role-map';
import { toUserResponse } from './model';
import { getUser, liveUsersByIdsAcrossPartitions, saveUser, usersPageAcrossPartitions } from './repo';
import { requireLiveOrganization } from '../organizations/service';
import type { BulkAssignBody, ListUsersQuery, UpdateUserBody } from './schemas';

/** Paged user list across the platform; soft-deleted users are left out unless asked for. */
export async function listUsers(query: ListUsersQuery) {
  const page = await usersPageAcrossPartitions(query, query.limit, query.continuationToken);
  return { items: page.items.map(toUserResponse), continuationToken: page.continuationToken };
}

async function requireUser(userId: string, allowDeleted = false) {
  const user = await getUser(userId);
  if (!user || (user.deletedAt && !allowDeleted)) throw notFound('User');
  return user;
}

export async function readUser(userId: string) {
  return toUserResponse(await requireUser(userId, true));
}

export async function updateUser(userId: string, body: UpdateUserBody) {
  return toUserResponse(
    await withEtagRetry(async () => {
      const user = await requireUser(userId);
      return saveUser({ ...user, ...body, ...(body.name !== undefined ? { name: body.name.trim() } : {}) });
    }),
  );
}

/** Sets (or with an empty body toggles) the flag; nobody can remove their own flag, so one always remains. */
export async function setSuperAdmin(principal: Principal, userId: string, isSuperAdmin?: boolean) {
  return toUserResponse(
    await withEtagRetry(async () => {
      const user = await requireUser(userId);
      const next = isSuperAdmin ?? !user.isSuperAdmin;
      if (!next && user.id === principal.userId) throw forbidden('You cannot remove your own super admin flag');
      return saveUser({ ...user, isSuperAdmin: next });
    }),
  );
}

export async function restoreUser(userId: string) {
  return toUserResponse(
    await withEtagRetry(async () => {
      const user = await requireUser(userId, true);
      const { deletedAt: _gone, ...rest } = user;
      return saveUser(rest);
    }),
  );
}

/** Soft-deletes users (their tokens stop working at once); the caller is never deleted by their own hand. */
export async function bulkDeleteUsers(principal: Principal, userIds: string[]) {
  const deleted: string[] = [];
  const notFoundIds: string[] = [];
  const skipped: string[] = [];
  for (const userId of userIds) {
    if (userId === principal.userId) {
      skipped.push(userId);
      continue;
    }
    const done = await withEtagRetry(async () => {
      const user = await getUser(userId);
      if (!user || user.deletedAt) return false;
      await saveUser({ ...user, deletedAt: new Date().toISOString(), tokenVersion: user.tokenVersion + 1 });
      return true;
    });
    (done ? deleted : notFoundIds).push(userId);
  }
  return { deleted: deleted.length, deletedIds: deleted, notFound: notFoundIds, skipped };
}

/**
 * Adds live users to one organization with one role. Existing memberships stay as they are; new ones are
 * created in transactional batches inside the organization's partition.
 */
export async function bulkAssignUsers(body: BulkAssignBody) {
  await requireLiveOrganization(body.organizationId);
  const users = await liveUsersByIdsAcrossPartitions(body.userIds);
  const existing = await memberUserIdsAmong(body.organizationId, body.userIds);
  const members = new Set(existing.map((m) => m.userId));
  const toAdd = body.userIds.filter((id) => users.has(id) && !members.has(id));
  for (let i = 0; i < toAdd.length; i += 100) {
    const docs = toAdd.slice(i, i + 100).map((userId) => newMembership(body.organizationId, userId, body.role, true));
    try {
      await createMembershipsInBatch(body.organizationId, docs);
      // The memberships first, the users' role maps after (role-map.ts).
      await mapWithConcurrency(docs, 8, grantInRoleMap);
    } catch (error) {
      // A membership created concurrently fails the batch; then each one is created on its own.
      if (!isConflict(error)) throw error;
      await createEach(docs);
    }
  }
  return {
    assigned: toAdd.length,
    alreadyMember: body.userIds.filter((id) => members.has(id)),
    notFound: body.userIds.filter((id) => !users.has(id)),
  };
}

async function createEach(docs: MembershipDoc[]) {
  for (const doc of docs) {
    try {
      await createMembership(doc);
    } catch (error) {
      if (!isConflict(error)) throw error;
      continue; // an existing membership keeps its own role map entry
    }
    await grantInRoleMap(doc);
  }
}
