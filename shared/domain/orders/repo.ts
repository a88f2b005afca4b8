import { commitBatch, type BatchWrite } from '../../store/batch';
import { containers } from '../../store/client';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import type { KeyCarrying } from '../../store/write-token';
import { inPartition } from '../../store/query';
import type { AllocationDoc } from '../allocations/model';
import { keepsMoney, moneyMoves, netMoneyMoves } from '../events/capacity/money';
import { writeWithMoney, type MoneyWriteOptions } from '../events/capacity/repo';
import type { CapacityRequest } from '../events/capacity/counter';
import { commitSale } from '../events/capacity/sale-batch';
import { orderMoney } from './ledger-money';
import { orderSortKey, type OrderDoc, type OrderStatus } from './model';
import { orderTicketWrites, type OrderTicketIntent } from './tickets';
import { asContention, retryTicketContention } from '../tickets/issue';

/** Every store call on orders: all inside the organization's partition. */
export type { BatchWrite };

export async function getOrder(organizationId: string, orderId: string): Promise<Stored<OrderDoc> | undefined> {
  const doc = await readItem<OrderDoc>(containers().orgs, organizationId, orderId);
  return doc?.docType === 'order' ? doc : undefined;
}

/** How one save goes: see saveOrder. */
export interface SaveOrderOptions extends MoneyWriteOptions {
  /** The tickets a return names (orders/tickets.ts). */
  tickets?: OrderTicketIntent;
}

/**
 * Replaces the order under the ETag it was read with. `before` is the order as read: when the change moves its
 * revenue or fees (a sale reported, a settlement, a soft delete), its showtime counter's figures move in the same
 * transactional batch (events/capacity/money.ts); otherwise one replace, as always. `carriesKey`: the save is its
 * use case's decisive write (a return, a reported sale: store/write-token.ts).
 */
export async function saveOrder(
  order: Stored<OrderDoc>,
  before: OrderDoc,
  options: SaveOrderOptions = {},
): Promise<Stored<OrderDoc>> {
  const next = { ...order, sortKey: orderSortKey(order), updatedAt: new Date().toISOString() };
  const key = { carriesKey: options.carriesKey };
  const single = () => replaceItem(containers().orgs, order.organizationId, next, order._etag, key);
  const moves = keepsMoney(next) ? moneyMoves(orderMoney(before), orderMoney(next)) : [];
  // Its tickets (issued at delivery, named on a return, voided with the order) and any notice land in the same
  // batch; with none of them and no money moving, the save stays a single replace.
  const alongside = [...(await orderTicketWrites(before, next, options.tickets)), ...(options.alongside ?? [])];
  const writes = [{ replace: next, ifMatch: order._etag }];
  try {
    return await writeWithMoney(order.organizationId, order.eventId, moves, writes, single, { ...key, alongside });
  } catch (error) {
    throw asContention(error);
  }
}

/**
 * A sale on an order of an ordinary event, in ONE transactional batch (events/capacity/sale-batch.ts): the order's
 * ETag replace first, with the writes `alongside` it (an audit row, alerts), then the showtime counter's patch
 * taking `seats` and moving the order's revenue and fees. `carriesKey` lets a waiting Idempotency-Key record ride in
 * the same batch; `counterAsRead` guards the counter by the ETag it was read with (a row records what it saw).
 */
export function commitOrderSale(
  before: Stored<OrderDoc>,
  after: OrderDoc,
  seats: CapacityRequest,
  options: MoneyWriteOptions & { counterAsRead?: { _etag: string } } = {},
): Promise<Stored<OrderDoc>> {
  const { alongside = [], ...rest } = options;
  const next = { ...after, sortKey: orderSortKey(after) };
  const money = keepsMoney(next) ? moneyMoves(orderMoney(before), orderMoney(next)) : [];
  return commitSale(before.organizationId, {
    seats,
    writes: [{ replace: next, ifMatch: before._etag }, ...alongside],
    money,
    ...rest,
  });
}

/** The decisive write of an order create: it carries a waiting Idempotency-Key record (store/write-token.ts). */
export function createOrderDoc(order: OrderDoc): Promise<Stored<OrderDoc>> {
  const single = () => createItem(containers().orgs, order, { carriesKey: true });
  // An order created delivered (a partner's on-behalf order) gets its tickets in the same batch.
  return retryTicketContention(async () =>
    writeWithMoney(
      order.organizationId,
      order.eventId,
      keepsMoney(order) ? moneyMoves(undefined, orderMoney(order)) : [],
      [{ create: order }],
      single,
      { carriesKey: true, alongside: await orderTicketWrites(undefined, order) },
    ),
  );
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
  // A new order made here is pending: it carries no money (orders/ledger-money.ts), so no counter moves.
  await commitBatch(containers().orgs, order.organizationId, [...guards, { create: order }], { carriesKey: true });
  return order;
}

/**
 * One transactional batch of order writes and what goes with them (audit rows, alerts, a transfer's halves).
 * `orders` names each order the batch writes as read (`before`, absent for a create) and as written: their net
 * change of revenue and fees moves their showtime counters in the same batch (events/capacity/money.ts).
 */
export async function commitOrderBatch(
  organizationId: string,
  writes: BatchWrite[],
  orders: { before?: OrderDoc; after: OrderDoc }[] = [],
  options?: KeyCarrying,
) {
  const single = () => commitBatch(containers().orgs, organizationId, writes, options);
  const kept = orders.filter((o) => keepsMoney(o.after));
  const moves = netMoneyMoves(kept.map((o) => [o.before && orderMoney(o.before), orderMoney(o.after)]));
  await writeWithMoney(organizationId, orders[0]?.after.eventId ?? '', moves, writes, single, options);
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
