import { mapWithConcurrency } from '../../csv/parse';
import { isConflict } from '../../store/outcomes';
import { newMembership, type MembershipDoc } from '../memberships/model';
import { createMembership, createMembershipsInBatch, memberUserIdsAmong } from '../memberships/repo';
import { liveUsersByIdsAcrossPartitions } from '../users/repo';
import { grantInRoleMap } from '../users/role-map';
import type { BulkAssignBody } from '../users/schemas';
import { requireLiveOrganization } from './manage-organizations';

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
