import { containers } from '../../store/client';
import { createItem, deleteItem, readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import type { AllocationDoc } from './model';
import type { OrderForQuota } from './rules';

/** Every store call on allocation documents (orgs container, organization partition). */
export async function getAllocation(organizationId: string, id: string) {
  const doc = await readItem<AllocationDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'allocation' ? doc : undefined;
}

/** The decisive write of an allocation upsert, either way: it carries a waiting Idempotency-Key record. */
export const createAllocation = (doc: AllocationDoc) => createItem(containers().orgs, doc, { carriesKey: true });

export const replaceAllocation = (doc: AllocationDoc, etag: string) =>
  replaceItem(containers().orgs, doc.organizationId, doc, etag, { carriesKey: true });

export const deleteAllocationDoc = (organizationId: string, id: string) =>
  deleteItem(containers().orgs, organizationId, id);

const allocations = (organizationId: string) => inPartition('orgs', organizationId).where("c.docType = 'allocation'");

/** One page of the organization's allocations, optionally for one event and/or member, in id order. */
export function allocationsPage(
  organizationId: string,
  filter: { eventId?: string; userId?: string },
  limit: number,
  continuationToken?: string,
) {
  return allocations(organizationId)
    .whereIf(filter.eventId, 'c.eventId = @event', { '@event': filter.eventId })
    .whereIf(filter.userId, 'c.userId = @user', { '@user': filter.userId })
    .orderBy('c.id ASC')
    .page<AllocationDoc>(limit, continuationToken);
}

export function allocationsOfEvent(organizationId: string, eventId: string) {
  return allocations(organizationId).where('c.eventId = @event', { '@event': eventId }).all<AllocationDoc>();
}

/** Only the members that hold an allocation for the event (pledge conversion skips them). */
export function allocatedUserIds(organizationId: string, eventId: string) {
  return allocations(organizationId)
    .select('c.userId')
    .where('c.eventId = @event', { '@event': eventId })
    .all<{ userId: string }>();
}

/** The member's allocations in this organization (optionally for one event), in id order. */
export function allocationsOfMember(organizationId: string, userId: string, eventId?: string) {
  return allocations(organizationId)
    .where('c.userId = @user', { '@user': userId })
    .whereIf(eventId, 'c.eventId = @event', { '@event': eventId })
    .orderBy('c.id ASC')
    .all<AllocationDoc>();
}

const ORDER_FIELDS = 'c.id, c.eventId, c.showtimeId, c.requestedBy, c.status, c.deletedAt, c.tickets';

/** The member's allocations and live orders for one event in a single partition query (order creation). */
export async function quotaSnapshot(organizationId: string, eventId: string, userId: string) {
  const rows = await inPartition('orgs', organizationId)
    .where('c.eventId = @event', { '@event': eventId })
    .where(
      "(c.docType = 'allocation' AND c.userId = @user) OR (c.docType = 'order' AND c.requestedBy = @user " +
        "AND c.status != 'cancelled' AND NOT IS_DEFINED(c.deletedAt))",
      { '@user': userId },
    )
    .all<Stored<AllocationDoc> | (OrderForQuota & { docType: 'order' })>();
  return {
    allocations: rows.filter((r): r is Stored<AllocationDoc> => r.docType === 'allocation'),
    orders: rows.filter((r) => r.docType === 'order') as OrderForQuota[],
  };
}

/** Live orders of the given members for the given events, only the fields `used` needs. */
export async function ordersForUse(organizationId: string, eventIds: string[], userIds: string[]) {
  if (eventIds.length === 0 || userIds.length === 0) return [];
  return inPartition('orgs', organizationId)
    .select(ORDER_FIELDS)
    .where("c.docType = 'order'")
    .where('ARRAY_CONTAINS(@events, c.eventId) AND ARRAY_CONTAINS(@users, c.requestedBy)', {
      '@events': [...new Set(eventIds)],
      '@users': [...new Set(userIds)],
    })
    .where("c.status != 'cancelled' AND NOT IS_DEFINED(c.deletedAt)")
    .all<OrderForQuota>();
}
