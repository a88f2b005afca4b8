import type { OrganizationRoleEntry } from '../../shared/domain/memberships/model';
import type { UserDoc } from '../../shared/domain/users/model';
import { containers } from '../../shared/store/client';
import { readItem, replaceItem } from '../../shared/store/operations';

/**
 * The user document's role map (shared/domain/users/role-map.ts) as stored, and the states a user from
 * before the map or an interrupted membership change leaves it in.
 */
export const storedRoleMap = async (userId: string) =>
  (await readItem<UserDoc>(containers().users, userId, userId))?.organizationRoles;

async function rewriteUser(userId: string, change: (user: UserDoc) => UserDoc) {
  const user = (await readItem<UserDoc>(containers().users, userId, userId))!;
  await replaceItem(containers().users, userId, change(user), user._etag);
}

/** A user from before the role map: no `organizationRoles` at all. */
export const seedLegacyUserWithoutRoleMap = (userId: string) =>
  rewriteUser(userId, ({ organizationRoles: _drop, ...user }) => user);

/** One entry set by hand (a map left behind the membership by an interrupted change). */
export const seedRoleMapEntry = (userId: string, organizationId: string, entry: OrganizationRoleEntry) =>
  rewriteUser(userId, (user) => ({
    ...user,
    organizationRoles: { ...user.organizationRoles, [organizationId]: entry },
  }));
