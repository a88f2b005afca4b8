import { roleAtLeast } from '../memberships/roles';
import { setOrganizationRole } from './repo';
import { getMembership } from '../memberships/repo';
import { ROLES, type MembershipDoc, type OrganizationRoleEntry, type Role } from '../memberships/model';

/**
 * The user document's role map (`organizationRoles`): a copy of each membership's authority, so an
 * organization request authenticates with the one point read of the user instead of two reads.
 *
 * The membership document stays the truth; the map may only ever grant LESS than it, never more:
 * - a grant (new membership, approval, promotion) writes the membership first and the map after;
 * - a revocation (removal, un-approval, demotion, organization soft deletion) writes the map first and the
 *   membership after;
 * - a change in both directions at once writes the lesser of old and new to the map first, then the
 *   membership, then the new entry.
 * So a crash between the two writes leaves the map more restrictive than the membership, never more
 * permissive. The write after the membership is a sync, not a copy of what the writer wrote: it reads the user,
 * then the membership as it is now, and writes that under the user's ETag (`syncRoleMap`). Of two writers racing
 * on one membership (a promotion and a removal), whichever syncs last writes the final membership, and a sync that
 * read an older membership loses its ETag race to any map write after its read and reads again: a grant computed
 * before a concurrent revocation can never land over it. A revocation's own first write only ever lowers the map.
 *
 * The scope trusts a map entry only when it grants; when it denies, or lacks the organization (a user from before
 * the map), the membership is read and decides. A missing entry is then healed under the user's ETag (a
 * concurrent revocation changed that ETag, so a heal can never overwrite one); a denying entry is never
 * "healed" upward by a reader, since during a revocation the membership still grants for a moment.
 * A removal leaves an entry with `removed: true` (a tombstone) for the same reason: with no entry at all a
 * reader would heal the map from the membership that is about to be deleted.
 */
export const entryOfMembership = (m: MembershipDoc): OrganizationRoleEntry => ({
  role: m.role,
  approved: m.approved,
  ...(m.organizationDeletedAt ? { organizationDeletedAt: m.organizationDeletedAt } : {}),
});

export const removedEntry = (role: Role = 'member'): OrganizationRoleEntry => ({
  role,
  approved: false,
  removed: true,
});

/** Whether an entry grants at least `role` by itself (no read needed). */
export const entryGrants = (entry: OrganizationRoleEntry | undefined, role: Role): boolean =>
  !!entry && entry.approved && !entry.removed && !entry.organizationDeletedAt && roleAtLeast(entry.role, role);

/** The lesser authority of two entries: what the map holds while a membership changes. */
export function lesserEntry(a: OrganizationRoleEntry, b: OrganizationRoleEntry): OrganizationRoleEntry {
  const role = ROLES.indexOf(a.role) <= ROLES.indexOf(b.role) ? a.role : b.role;
  const organizationDeletedAt = a.organizationDeletedAt ?? b.organizationDeletedAt;
  return {
    role,
    approved: a.approved && b.approved,
    ...(organizationDeletedAt ? { organizationDeletedAt } : {}),
    ...(a.removed || b.removed ? { removed: true as const } : {}),
  };
}

/**
 * After any membership write: the map takes what the membership says now (a tombstone when it is gone), read
 * after the user and written under the user's ETag (see above). No write when the map already says so.
 */
export const syncRoleMap = (userId: string, organizationId: string) =>
  setOrganizationRole(userId, organizationId, async (): Promise<OrganizationRoleEntry> => {
    const membership = await getMembership(organizationId, userId);
    return membership ? entryOfMembership(membership) : removedEntry();
  });

/** After a membership was created or raised: the map follows the membership. */
export const grantInRoleMap = (m: MembershipDoc) => syncRoleMap(m.userId, m.organizationId);

/**
 * Before a membership is lowered or removed: the map goes first, and only ever down (the lesser of what it holds
 * and `entry`). A revoker that read an older membership (a removal racing it already wrote the tombstone) can so
 * never raise the map back; the sync after the membership write sets the final entry.
 */
export const revokeInRoleMap = (userId: string, organizationId: string, entry: OrganizationRoleEntry) =>
  setOrganizationRole(userId, organizationId, (current) => (current ? lesserEntry(current, entry) : entry));

/**
 * A membership replaced from `before` to `after` (either direction): the lesser of the two in the map, the
 * write, then the map synced to the membership.
 */
export async function changeWithRoleMap<T extends MembershipDoc>(
  before: MembershipDoc,
  after: MembershipDoc,
  write: () => Promise<T>,
): Promise<T> {
  await revokeInRoleMap(
    before.userId,
    before.organizationId,
    lesserEntry(entryOfMembership(before), entryOfMembership(after)),
  );
  const saved = await write();
  await syncRoleMap(saved.userId, saved.organizationId);
  return saved;
}
