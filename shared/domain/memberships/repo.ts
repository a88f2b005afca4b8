import { containers } from '../../store/client';
import { commitBatch } from '../../store/batch';
import { createItem, deleteItem, readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import type { KeyCarrying } from '../../store/write-token';
import { acrossPartitions, inPartition } from '../../store/query';
import { membershipId, type MembershipDoc } from './model';

/** Every store call on membership documents (orgs container, organization partition). */
export async function getMembership(
  organizationId: string,
  userId: string,
): Promise<Stored<MembershipDoc> | undefined> {
  const doc = await readItem<MembershipDoc>(containers().orgs, organizationId, membershipId(userId));
  return doc?.docType === 'membership' ? doc : undefined;
}

/**
 * Creates a membership; a 409 from the store means the user already is a member. `carriesKey`: the decisive write
 * of a keyed add-member request, whose key record rides along (docs/decisions/api-contract.md).
 */
export const createMembership = (doc: MembershipDoc, options?: KeyCarrying) =>
  createItem(containers().orgs, doc, options);

export const replaceMembership = (doc: Stored<MembershipDoc>) =>
  replaceItem(containers().orgs, doc.organizationId, doc, doc._etag);

export const deleteMembership = (organizationId: string, userId: string) =>
  deleteItem(containers().orgs, organizationId, membershipId(userId));

/** Creates up to 100 memberships of one organization in one transactional batch (all or, on a 409, none). */
export function createMembershipsInBatch(organizationId: string, docs: MembershipDoc[]) {
  return commitBatch(
    containers().orgs,
    organizationId,
    docs.map((doc) => ({ create: doc })),
  );
}

/** User ids of the organization's approved admins (alert recipients): one partition query. */
export async function approvedAdminIds(organizationId: string): Promise<string[]> {
  const rows = await inPartition('orgs', organizationId)
    .select('c.userId')
    .where("c.docType = 'membership' AND c.role = 'admin' AND c.approved = true")
    .all<{ userId: string }>();
  return rows.map((r) => r.userId);
}

/** ETag-guarded replaces of up to 100 memberships of one organization in one transactional batch. */
export function replaceMembershipsInBatch(organizationId: string, docs: Stored<MembershipDoc>[]) {
  return commitBatch(
    containers().orgs,
    organizationId,
    docs.map((m) => ({ replace: m, ifMatch: m._etag })),
  );
}

const memberships = (organizationId: string) => inPartition('orgs', organizationId).where("c.docType = 'membership'");

/** One page of the organization's memberships, oldest first. */
export const membershipsPage = (organizationId: string, limit: number, continuationToken?: string) =>
  memberships(organizationId).orderBy('c.createdAt, c.id').page<MembershipDoc>(limit, continuationToken);

/** One page of the approved memberships, in id order (allocations overview). */
export const approvedMembershipsPage = (organizationId: string, limit: number, continuationToken?: string) =>
  memberships(organizationId)
    .where('c.approved = true')
    .orderBy('c.id ASC')
    .page<MembershipDoc>(limit, continuationToken);

export const allMemberships = (organizationId: string) => memberships(organizationId).all<Stored<MembershipDoc>>();

/** Memberships not yet marked with the organization's soft deletion. */
export const membershipsNotMarkedDeleted = (organizationId: string) =>
  memberships(organizationId).where('NOT IS_DEFINED(c.organizationDeletedAt)').all<Stored<MembershipDoc>>();

/** Which of these users already are members (only their ids). */
export const memberUserIdsAmong = (organizationId: string, userIds: string[]) =>
  memberships(organizationId)
    .select('c.userId')
    .where('ARRAY_CONTAINS(@ids, c.userId)', { '@ids': userIds })
    .all<{ userId: string }>();

/**
 * Every membership of one user, one per organization: a deliberate cross-partition read (login and the
 * organization picker need the caller's organizations, which no single partition holds).
 */
export const listMembershipsOfUserAcrossOrganizations = (userId: string) =>
  acrossPartitions('orgs')
    .where("c.docType = 'membership' AND c.userId = @user", { '@user': userId })
    .all<MembershipDoc>();
