import { createHash, randomUUID } from 'node:crypto';
import { containers } from '../../store/client';
import { createItem, patchItem, readItem, replaceItem } from '../../store/operations';
import { isConflict, withEtagRetry, type Stored } from '../../store/outcomes';
import { acrossPartitions } from '../../store/query';
import type { OrganizationRoleEntry } from '../memberships/model';
import { normalizeEmail, type EmailLookupDoc, type NewUser, type UserDoc } from './model';

/** Every store call on user documents and the e-mail index (users container, partitioned by id). */

const emailLookupId = (email: string) => `email-${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;

export async function getUser(userId: string): Promise<Stored<UserDoc> | undefined> {
  const doc = await readItem<UserDoc>(containers().users, userId, userId);
  return doc?.docType === 'user' ? doc : undefined;
}

/** The user behind an address (soft-deleted ones included; callers decide what deletion means for them). */
export async function findUserByEmail(email: string): Promise<Stored<UserDoc> | undefined> {
  const id = emailLookupId(email);
  const lookup = await readItem<EmailLookupDoc>(containers().users, id, id);
  return lookup ? getUser(lookup.userId) : undefined;
}

/**
 * Create a user, or return the existing one for that address. The e-mail index is written first, so two
 * concurrent creations for one address produce one user; an index left without its user (a crash between
 * the two writes) is healed here by creating the user it names.
 */
export async function createOrGetUser(input: NewUser): Promise<{ user: Stored<UserDoc>; created: boolean }> {
  const email = normalizeEmail(input.email);
  const lookupId = emailLookupId(email);
  const newId: string = randomUUID();
  let userId = newId;
  try {
    await createItem<EmailLookupDoc>(containers().users, { id: lookupId, docType: 'emailLookup', userId: newId });
  } catch (error) {
    if (!isConflict(error)) throw error;
    const lookup = await readItem<EmailLookupDoc>(containers().users, lookupId, lookupId);
    userId = lookup?.userId ?? newId;
    const existing = await getUser(userId);
    if (existing) return { user: existing, created: false };
  }
  const now = new Date().toISOString();
  const doc: UserDoc = {
    id: userId,
    docType: 'user',
    email,
    name: input.name?.trim() || [input.firstName, input.lastName].filter(Boolean).join(' ') || email.split('@')[0],
    ...(input.firstName ? { firstName: input.firstName } : {}),
    ...(input.lastName ? { lastName: input.lastName } : {}),
    ...(input.phone ? { phone: input.phone } : {}),
    ...(input.isSuperAdmin ? { isSuperAdmin: true } : {}),
    tokenVersion: 0,
    createdAt: now,
    updatedAt: now,
  };
  try {
    return { user: await createItem(containers().users, doc), created: true };
  } catch (error) {
    if (!isConflict(error)) throw error;
    const existing = await getUser(userId);
    if (!existing) throw error;
    return { user: existing, created: false };
  }
}

export function saveUser(user: Stored<UserDoc>): Promise<Stored<UserDoc>> {
  return replaceItem(containers().users, user.id, { ...user, updatedAt: new Date().toISOString() }, user._etag);
}

/**
 * Sets the user's role-map entry for one organization to `next(current entry)`, which is called after the user is
 * read, so what it reads is at least as new as the user written back (read, then replace under the ETag; retried
 * on a lost race). No write when the map already says the same. No user, nothing to do: a membership of a user
 * that does not exist grants nothing anyway.
 */
export async function setOrganizationRole(
  userId: string,
  organizationId: string,
  next: (current: OrganizationRoleEntry | undefined) => OrganizationRoleEntry | Promise<OrganizationRoleEntry>,
) {
  await withEtagRetry(async () => {
    const user = await getUser(userId);
    if (!user) return;
    const current = user.organizationRoles?.[organizationId];
    const entry = await next(current);
    if (current && sameEntry(current, entry)) return;
    const organizationRoles = { ...user.organizationRoles, [organizationId]: entry };
    await replaceItem(containers().users, userId, { ...user, organizationRoles }, user._etag);
  });
}

/** Two entries that authorize alike (two tombstones do, whatever role they remember). */
function sameEntry(a: OrganizationRoleEntry, b: OrganizationRoleEntry): boolean {
  if (a.removed && b.removed) return true;
  return (
    a.role === b.role &&
    a.approved === b.approved &&
    !!a.removed === !!b.removed &&
    a.organizationDeletedAt === b.organizationDeletedAt
  );
}

/**
 * Adds a missing role-map entry from the membership just read, under the ETag of the user as authenticated:
 * any role-map write since (a revocation) makes it a no-op. Best effort: a heal that fails leaves the user on
 * the two-read path, never fails the request.
 */
export async function healOrganizationRole(
  user: Stored<UserDoc>,
  organizationId: string,
  entry: OrganizationRoleEntry,
) {
  const organizationRoles = { ...user.organizationRoles, [organizationId]: entry };
  try {
    await replaceItem(containers().users, user.id, { ...user, organizationRoles }, user._etag);
  } catch {
    // 412 (the user changed since it was read) or the store failing: the next request tries again.
  }
}

/** Revokes every token of the user at once: one atomic increment, no read. */
export function incrementTokenVersion(userId: string) {
  return patchItem<UserDoc>(containers().users, userId, userId, [{ op: 'incr', path: '/tokenVersion', value: 1 }]);
}

/**
 * Live (not soft-deleted) users by id in one query. The users container is partitioned by id, so reading
 * several users by id is a deliberate cross-partition query.
 */
export async function liveUsersByIdsAcrossPartitions(ids: string[]): Promise<Map<string, UserDoc>> {
  if (ids.length === 0) return new Map();
  const users = await acrossPartitions('users')
    .where("c.docType = 'user' AND ARRAY_CONTAINS(@ids, c.id) AND NOT IS_DEFINED(c.deletedAt)", {
      '@ids': [...new Set(ids)],
    })
    .all<UserDoc>();
  return new Map(users.map((u) => [u.id, u]));
}

/** One page of the platform's users by e-mail (super-admin list): a deliberate cross-partition query. */
export function usersPageAcrossPartitions(
  filter: { includeDeleted?: boolean; search?: string },
  limit: number,
  continuationToken?: string,
) {
  return acrossPartitions('users')
    .where("c.docType = 'user'")
    .whereIf(!filter.includeDeleted, 'NOT IS_DEFINED(c.deletedAt)')
    .whereIf(filter.search, '(CONTAINS(LOWER(c.email), @q) OR CONTAINS(LOWER(c.name), @q))', {
      '@q': filter.search?.toLowerCase(),
    })
    .orderBy('c.email')
    .page<UserDoc>(limit, continuationToken);
}
