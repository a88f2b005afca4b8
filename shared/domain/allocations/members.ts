import { approvedMembershipsPage } from '../memberships/repo';
import { liveUsersByIdsAcrossPartitions } from '../users/repo';
import { allocationsOfEvent, ordersForUse } from './repo';
import { allocationSummary } from './rules';
import type { MembersQuery } from './schemas';
import { toAllocationResponse } from './manage-allocations';

/**
 * GET /api/allocations/members: one page of approved members, each with their allocations for the event and a
 * summary. Store calls: the membership page, one user query, the event's allocations, the page's orders.
 */
export async function membersWithAllocations(organizationId: string, query: MembersQuery) {
  const page = await approvedMembershipsPage(organizationId, query.limit, query.continuationToken);
  const userIds = page.items.map((m) => m.userId);
  const [users, allocations, orders] = await Promise.all([
    liveUsersByIdsAcrossPartitions(userIds),
    allocationsOfEvent(organizationId, query.eventId),
    ordersForUse(organizationId, [query.eventId], userIds),
  ]);
  const items = page.items
    .filter((m) => users.has(m.userId))
    .map((m) => {
      const user = users.get(m.userId)!;
      const mine = allocations.filter((a) => a.userId === m.userId).map((a) => toAllocationResponse(a, orders));
      return {
        userId: m.userId,
        name: user.name,
        email: user.email,
        role: m.role,
        allocations: mine,
        summary: allocationSummary(mine.flatMap((a) => a.items)),
      };
    });
  return { items, ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}) };
}
