import type { SqlParameter } from '@azure/cosmos';
import type { Principal } from '../../auth/principal';
import { badRequest, notFound } from '../../errors';
import { created } from '../../http/reply';
import { containers } from '../../store/client';
import { createItem, deleteItem, queryAll, replaceItem } from '../../store/operations';
import { isNotFound } from '../../store/outcomes';
import { queryPage } from '../../store/pagination';
import { getEvent } from '../events/repo';
import { getMembership } from '../memberships/repo';
import { retryOnContention } from '../common/contention';
import { allocationId, getAllocation, ordersForUse, type AllocationDoc } from './repo';
import { itemsWithUsed, type OrderForQuota } from './rules';
import type { ListAllocationsQuery, UpsertAllocationBody } from './schemas';
import { assertLiveEvent } from '../common/live-event';

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
  const where = ['c.organizationId = @org', "c.docType = 'allocation'"];
  const parameters: SqlParameter[] = [{ name: '@org', value: organizationId }];
  if (query.eventId) {
    where.push('c.eventId = @event');
    parameters.push({ name: '@event', value: query.eventId });
  }
  if (query.userId) {
    where.push('c.userId = @user');
    parameters.push({ name: '@user', value: query.userId });
  }
  const page = await queryPage<AllocationDoc>(
    containers().orgs,
    organizationId,
    { query: `SELECT * FROM c WHERE ${where.join(' AND ')} ORDER BY c.id ASC`, parameters },
    query.limit,
    query.continuationToken,
  );
  return {
    items: await withUse(organizationId, page.items),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
  };
}

/** Creates (201) or replaces (200) the allocation for (event, showtime or whole event, member). */
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
      if (!existing) return { doc: await createItem(containers().orgs, next), isNew: true };
      return { doc: await replaceItem(containers().orgs, organizationId, next, existing._etag), isNew: false };
    },
    8,
    true,
  );
  const [response] = await withUse(organizationId, [doc]);
  return isNew ? created(response) : response;
}

export async function deleteAllocation(organizationId: string, id: string) {
  const existing = await getAllocation(organizationId, id);
  if (!existing) throw notFound('Allocation');
  try {
    await deleteItem(containers().orgs, organizationId, id);
  } catch (error) {
    if (isNotFound(error)) throw notFound('Allocation');
    throw error;
  }
  return { id, deleted: true };
}

/** The caller's allocations in this organization (optionally for one event), with `used`. */
export async function myAllocations(principal: Principal, organizationId: string, eventId?: string) {
  const parameters: SqlParameter[] = [
    { name: '@org', value: organizationId },
    { name: '@user', value: principal.userId },
  ];
  if (eventId) parameters.push({ name: '@event', value: eventId });
  const allocations = await queryAll<AllocationDoc>(containers().orgs, organizationId, {
    query:
      "SELECT * FROM c WHERE c.organizationId = @org AND c.docType = 'allocation' AND c.userId = @user" +
      (eventId ? ' AND c.eventId = @event' : '') +
      ' ORDER BY c.id ASC',
    parameters,
  });
  return { items: await withUse(organizationId, allocations) };
}
