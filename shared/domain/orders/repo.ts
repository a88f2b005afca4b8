import { commitBatch, type BatchWrite } from '../../store/batch';
import { containers } from '../../store/client';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import type { AllocationDoc } from '../allocations/model';
import { orderSortKey, type OrderDoc, type OrderStatus } from './model';

/** Every store call on orders: all inside the organization's partition. */
export type { BatchWrite };

export async function getOrder(organizationId: string, orderId: string): Promise<Stored<OrderDoc> | undefined> {
  const doc = await readItem<OrderDoc>(containers().orgs, organizationId, orderId);
  return doc?.docType === 'order' ? doc : undefined;
}

export function saveOrder(order: Stored<OrderDoc>): Promise<Stored<OrderDoc>> {
  return replaceItem(
    containers().orgs,
    order.organizationId,
    { ...order, sortKey: orderSortKey(order), updatedAt: new Date().toISOString() },
    order._etag,
  );
}

/** The decisive write of an order create: it carries a waiting Idempotency-Key record (store/write-token.ts). */
export function createOrderDoc(order: OrderDoc): Promise<Stored<OrderDoc>> {
  return createItem(containers().orgs, order, { carriesKey: true });
}

/**
 * The order created together with a rewrite of every allocation it counts against, each guarded by its ETag
 * (first, so a lost race writes nothing): parallel requests of one member serialize on the allocation.
 */
export async function createOrderUnderAllocations(order: OrderDoc, allocations: Stored<AllocationDoc>[]) {
  const guards: BatchWrite[] = allocations.map((a) => ({
    replace: { ...a, lastOrderAt: order.createdAt },
    ifMatch: a._etag,
  }));
  await commitBatch(containers().orgs, order.organizationId, [...guards, { create: order }], { carriesKey: true });
  return order;
}

/** One transactional batch of order writes and what goes with them (audit rows, alerts, a transfer's halves). */
export async function commitOrderBatch(organizationId: string, writes: BatchWrite[]) {
  await commitBatch(containers().orgs, organizationId, writes);
}

/**
 * The decisive batch of a forced sale (the order, its audit row, the first alerts): it carries a waiting
 * Idempotency-Key record, which takes one of the batch's 100 operations (store/write-token.ts).
 */
export async function commitForcedSaleBatch(organizationId: string, writes: BatchWrite[]) {
  await commitBatch(containers().orgs, organizationId, writes, { carriesKey: true });
}

export interface OrderListFilter {
  eventId?: string;
  showtimeId?: string;
  requestedBy?: string;
  statuses: OrderStatus[];
  archived: 'false' | 'true' | 'all';
  /** ASC: the manager queue, oldest first; DESC: newest first. */
  direction: 'ASC' | 'DESC';
}

/** One page of the organization's live orders, in (createdAt, id) order through the one-field sort key. */
export function pageOrders(
  organizationId: string,
  filter: OrderListFilter,
  page: { limit: number; continuationToken?: string },
) {
  return inPartition('orgs', organizationId)
    .where("c.docType = 'order'")
    .where('NOT IS_DEFINED(c.deletedAt)')
    .whereIf(filter.eventId, 'c.eventId = @event', { '@event': filter.eventId })
    .whereIf(filter.showtimeId, 'c.showtimeId = @showtime', { '@showtime': filter.showtimeId })
    .whereIf(filter.requestedBy, 'c.requestedBy = @user', { '@user': filter.requestedBy })
    .whereIf(filter.statuses.length > 0, 'ARRAY_CONTAINS(@statuses, c.status)', { '@statuses': filter.statuses })
    .whereIf(filter.archived === 'false', 'NOT IS_DEFINED(c.archived) OR c.archived = false')
    .whereIf(filter.archived === 'true', 'c.archived = true')
    .orderBy(`c.sortKey ${filter.direction}`)
    .page<OrderDoc>(page.limit, page.continuationToken);
}
