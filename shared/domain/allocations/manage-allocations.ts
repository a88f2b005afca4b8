import type { Principal } from '../users/principal';
import { badRequest, notFound } from '../../errors';
import { isNotFound } from '../../store/outcomes';
import { getEvent } from '../events/repo';
import { getMembership } from '../memberships/repo';
import { retryOnContention } from '../vocabulary/contention';
import { allocationId, type AllocationDoc } from './model';
import {
  allocationsOfMember,
  allocationsPage,
  createAllocation,
  deleteAllocationDoc,
  getAllocation,
  ordersForUse,
  replaceAllocation,
} from './repo';
import { itemsWithUsed, type OrderForQuota } from './rules';
import type { ListAllocationsQuery, UpsertAllocationBody } from './schemas';
import { assertLiveEvent } from '../events/live-event';

/** Allocation response: listed fields, with `used` derived from the member's live orders. */
export function toAllocationResponse(a: AllocationDoc, orders: OrderForQuota[]) {
  return {
    id: a.id,
    organizationId: a.organizationId,
    eventId: a.eventId,
    ...(a.showtimeId !== undefined ? { showtimeId: a.showtimeId } : {}),
    userId: a.userId,
    items: itemsWithUsed(a, orders),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export async function withUse(organizationId: string, allocations: AllocationDoc[]) {
  const orders = await ordersForUse(
    organizationId,
    allocations.map((a) => a.eventId),
    allocations.map((a) => a.userId),
  );
  return allocations.map((a) => toAllocationResponse(a, orders));
}

export async function listAllocations(organizationId: string, query: ListAllocationsQuery) {
  const page = await allocationsPage(organizationId, query, query.limit, query.continuationToken);
  return {
    items: await withUse(organizationId, page.items),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
  };
}

/** Creates or replaces the allocation for (event, showtime or whole event, member); `isNew` tells which. */
export async function upsertAllocation(principal: Principal, organizationId: string, body: UpsertAllocationBody) {
  const [event, membership] = await Promise.all([
    getEvent(organizationId, body.eventId),
    getMembership(organizationId, body.userId),
  ]);
  assertLiveEvent(event);
  if (body.showtimeId !== undefined && !event.showtimes.some((s) => s.showtimeId === body.showtimeId)) {
    throw badRequest('Unknown showtime for this event', [{ path: '/showtimeId', message: 'is unknown' }]);
  }
  if (!membership?.approved) {
    throw badRequest('userId is not an approved member', [{ path: '/userId', message: 'is not a member' }]);
  }
  const seen = new Set<string>();
  const items = body.items.map((i, index) => {
    const type = event.ticketTypes.find((t) => t.id === i.ticketTypeId);
    const path = `/items/${index}/ticketTypeId`;
    if (!type) throw badRequest('Unknown ticket type for this event', [{ path, message: 'is unknown' }]);
    if (seen.has(type.id)) throw badRequest('A ticket type appears twice', [{ path, message: 'is repeated' }]);
    seen.add(type.id);
    return { ticketTypeId: type.id, ticketTypeName: type.name, allocated: i.allocated };
  });
  const id = allocationId(event.id, body.showtimeId, body.userId);
  const now = new Date().toISOString();
  // Parallel first writes of the same allocation collide on its deterministic id: the loser replaces instead.
  const { doc, isNew } = await retryOnContention(
    async () => {
      const existing = await getAllocation(organizationId, id);
      const next: AllocationDoc = {
        id,
        docType: 'allocation',
        organizationId,
        eventId: event.id,
        ...(body.showtimeId !== undefined ? { showtimeId: body.showtimeId } : {}),
        userId: body.userId,
        items,
        createdAt: existing?.createdAt ?? now,
        createdBy: existing?.createdBy ?? principal.userId,
        updatedAt: now,
        updatedBy: principal.userId,
      };
      if (!existing) return { doc: await createAllocation(next), isNew: true };
      return { doc: await replaceAllocation(next, existing._etag), isNew: false };
    },
    8,
    true,
  );
  const [allocation] = await withUse(organizationId, [doc]);
  return { allocation, isNew };
}

export async function deleteAllocation(organizationId: string, id: string) {
  const existing = await getAllocation(organizationId, id);
  if (!existing) throw notFound('Allocation');
  try {
    await deleteAllocationDoc(organizationId, id);
  } catch (error) {
    if (isNotFound(error)) throw notFound('Allocation');
    throw error;
  }
  return { id, deleted: true };
}

/** The caller's allocations in this organization (optionally for one event), with `used`. */
export async function myAllocations(principal: Principal, organizationId: string, eventId?: string) {
  const allocations = await allocationsOfMember(organizationId, principal.userId, eventId);
  return { items: await withUse(organizationId, allocations) };
}
