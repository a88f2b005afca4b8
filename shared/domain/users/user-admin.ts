import { forbidden, notFound } from '../../errors';
import type { Principal } from './principal';
import { withEtagRetry } from '../../store/outcomes';
import { toUserResponse } from './model';
import { getUser, saveUser, usersPageAcrossPartitions } from './repo';
import type { ListUsersQuery, UpdateUserBody } from './schemas';

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
