import { containers } from '../../store/client';
import { queryAll, readItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import type { AllocationItem, OrderForQuota } from './rules';

/** One allocation per (event, showtime or whole event, member): the deterministic id is the uniqueness rule. */
export interface AllocationDoc {
  id: string;
  docType: 'allocation';
  organizationId: string;
  eventId: string;
  showtimeId?: string;
  userId: string;
  items: AllocationItem[];
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  /** Touched by every order created under this allocation: the write that serializes parallel requests. */
  lastOrderAt?: string;
}

export const allocationId = (eventId: string, showtimeId: string | undefined, userId: string) =>
  `allocation-${eventId}-${showtimeId ?? 'all'}-${userId}`;

export async function getAllocation(organizationId: string, id: string) {
  const doc = await readItem<AllocationDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'allocation' ? doc : undefined;
}

const ORDER_FIELDS = 'c.id, c.eventId, c.showtimeId, c.requestedBy, c.status, c.deletedAt, c.tickets';

/** The member's allocations and live orders for one event in a single partition query (order creation). */
export async function quotaSnapshot(organizationId: string, eventId: string, userId: string) {
  const rows = await queryAll<Stored<AllocationDoc> | (OrderForQuota & { docType: 'order' })>(
    containers().orgs,
    organizationId,
    {
      query:
        'SELECT * FROM c WHERE c.organizationId = @org AND c.eventId = @event AND (' +
        "(c.docType = 'allocation' AND c.userId = @user) OR (c.docType = 'order' AND c.requestedBy = @user " +
        "AND c.status != 'cancelled' AND NOT IS_DEFINED(c.deletedAt)))",
      parameters: [
        { name: '@org', value: organizationId },
        { name: '@event', value: eventId },
        { name: '@user', value: userId },
      ],
    },
  );
  return {
    allocations: rows.filter((r): r is Stored<AllocationDoc> => r.docType === 'allocation'),
    orders: rows.filter((r) => r.docType === 'order') as OrderForQuota[],
  };
}

/** Live orders of the given members for the given events, only the fields `used` needs. */
export async function ordersForUse(organizationId: string, eventIds: string[], userIds: string[]) {
  if (eventIds.length === 0 || userIds.length === 0) return [];
  return queryAll<OrderForQuota>(containers().orgs, organizationId, {
    query:
      `SELECT ${ORDER_FIELDS} FROM c WHERE c.organizationId = @org AND c.docType = 'order' ` +
      'AND ARRAY_CONTAINS(@events, c.eventId) AND ARRAY_CONTAINS(@users, c.requestedBy) ' +
      "AND c.status != 'cancelled' AND NOT IS_DEFINED(c.deletedAt)",
    parameters: [
      { name: '@org', value: organizationId },
      { name: '@events', value: [...new Set(eventIds)] },
      { name: '@users', value: [...new Set(userIds)] },
    ],
  });
}
