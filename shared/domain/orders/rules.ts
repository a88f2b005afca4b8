import { DomainError, badRequest } from '../../errors';
import { BEFORE_DELIVERY_STATUSES, isStatusIn, REPORTED_STATUSES } from './model';
import type { OrderDoc, OrderStatus, TypeQuantity } from './model';

/**
 * The printed-ticket order rules of docs/decisions/orders.md and "Printed-ticket lifecycle rules", as pure functions:
 * which state each action accepts, the outstanding arithmetic, sold and return reports, and the invoice basis.
 */
export type OrderAction =
  'approve' | 'deliver' | 'cancel' | 'delete' | 'reportSold' | 'return' | 'forceRecordSold' | 'approveReconciliation';

export const ACCEPTED_STATES: Record<OrderAction, OrderStatus[]> = {
  approve: ['pending'],
  deliver: ['approved'],
  cancel: [...BEFORE_DELIVERY_STATUSES],
  delete: ['pending', 'cancelled'],
  reportSold: ['delivered'],
  return: ['delivered'],
  forceRecordSold: ['delivered'],
  approveReconciliation: ['awaitingReconciliation'],
};

/** Management moves answer 409; the lifecycle operations answer 400 (lifecycle rule 5). Same code either way. */
const LIFECYCLE: OrderAction[] = ['reportSold', 'return', 'forceRecordSold', 'approveReconciliation'];

export function assertAccepts(status: OrderStatus, action: OrderAction): void {
  if (ACCEPTED_STATES[action].includes(status)) return;
  const message = `An order in state ${status} does not accept ${action}`;
  throw new DomainError(LIFECYCLE.includes(action) ? 'INVALID_LIFECYCLE_STATE' : 'INVALID_ORDER_STATE', message);
}

/** Sold as the outstanding arithmetic sees it: a delivered-or-later record with no soldQuantity counts as all sold. */
export function effectiveSoldQuantity(order: Pick<OrderDoc, 'status' | 'soldQuantity' | 'totalQuantity'>): number {
  if (order.soldQuantity !== undefined) return order.soldQuantity;
  return isStatusIn(REPORTED_STATUSES, order.status) ? order.totalQuantity : 0;
}

/** Outstanding = max(0, totalQuantity − effective sold − returned). */
export function outstandingQuantity(
  order: Pick<OrderDoc, 'status' | 'soldQuantity' | 'totalQuantity' | 'returnedQuantity'>,
): number {
  return Math.max(0, order.totalQuantity - effectiveSoldQuantity(order) - (order.returnedQuantity ?? 0));
}

/** The status after a report: awaitingReconciliation once sold + returned reaches the ordered quantity. */
export const statusAfterReport = (total: number, sold: number, returned: number): OrderStatus =>
  sold + returned >= total ? 'awaitingReconciliation' : 'delivered';

export type PerType = Map<string, number>;
export const soldByType = (order: OrderDoc): PerType =>
  new Map((order.soldTypeQuantities ?? []).map((t) => [t.ticketTypeId, t.soldQuantity]));
export const returnedByType = (order: OrderDoc): PerType =>
  new Map((order.returnedTypeQuantities ?? []).map((t) => [t.ticketTypeId, t.returnQuantity]));
export const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/**
 * Checks per-type increments against the order lines: known types, no repeats, Σ = `increase`, and per type
 * sold + returned never above ordered. A single-line order needs no detail: the one line is the only answer.
 */
function typeIncrements(
  order: OrderDoc,
  increase: number,
  entries: { ticketTypeId: string; quantity: number }[] | undefined,
  field: string,
): PerType {
  if (entries === undefined) {
    return order.tickets.length === 1 && increase > 0
      ? new Map([[order.tickets[0].ticketTypeId, increase]])
      : new Map();
  }
  const result: PerType = new Map();
  for (const entry of entries) {
    if (!order.tickets.some((t) => t.ticketTypeId === entry.ticketTypeId)) {
      throw badRequest(`${field} names a ticket type that is not on this order`, [
        { path: `/${field}`, message: entry.ticketTypeId },
      ]);
    }
    if (result.has(entry.ticketTypeId)) {
      throw badRequest(`${field} repeats a ticket type`, [{ path: `/${field}`, message: entry.ticketTypeId }]);
    }
    result.set(entry.ticketTypeId, entry.quantity);
  }
  if (sum(result.values()) !== increase) {
    throw badRequest(`The ${field} entries must add up to ${increase}`, [
      { path: `/${field}`, message: 'sum mismatch' },
    ]);
  }
  return result;
}

function assertPerTypeRoom(order: OrderDoc, sold: PerType, returned: PerType) {
  for (const line of order.tickets) {
    if ((sold.get(line.ticketTypeId) ?? 0) + (returned.get(line.ticketTypeId) ?? 0) > line.quantity) {
      throw badRequest(`More ${line.ticketTypeName} tickets reported than ordered`, [
        { path: '/', message: `ticket type ${line.ticketTypeId} exceeds its ordered quantity` },
      ]);
    }
  }
}

const addInto = (base: PerType, increments: PerType): PerType => {
  const next = new Map(base);
  for (const [id, q] of increments) next.set(id, (next.get(id) ?? 0) + q);
  return next;
};

export interface SoldReport {
  soldQuantity: number;
  soldTypeQuantities?: TypeQuantity[];
}

export interface SoldChange {
  /** Seats to take from the capacity counter (the increase of the sold total). */
  delta: number;
  next: OrderDoc;
}

/**
 * report-sold and force-record-sold: `soldQuantity` is the new absolute total, per-type entries are the
 * increments of this request and must add up to the increase; never above ordered minus returned.
 * A total equal to the current one changes nothing (delta 0, same document).
 */
export function applySoldReport(order: OrderDoc, report: SoldReport): SoldChange {
  const previous = order.soldQuantity ?? 0;
  const returned = order.returnedQuantity ?? 0;
  if (report.soldQuantity < previous) {
    throw badRequest(`soldQuantity is the cumulative total and cannot go below ${previous}`, [
      { path: '/soldQuantity', message: `must be at least ${previous}` },
    ]);
  }
  if (report.soldQuantity > order.totalQuantity - returned) {
    throw badRequest(`soldQuantity cannot exceed ordered minus returned (${order.totalQuantity - returned})`, [
      { path: '/soldQuantity', message: `must be at most ${order.totalQuantity - returned}` },
    ]);
  }
  const delta = report.soldQuantity - previous;
  const entries = report.soldTypeQuantities?.map((t) => ({ ticketTypeId: t.ticketTypeId, quantity: t.soldQuantity }));
  const increments = typeIncrements(order, delta, entries, 'soldTypeQuantities');
  if (delta === 0) return { delta, next: completeWithoutSale(order) };
  const sold = addInto(soldByType(order), increments);
  assertPerTypeRoom(order, sold, returnedByType(order));
  const next: OrderDoc = {
    ...order,
    soldQuantity: report.soldQuantity,
    soldTypeQuantities: order.tickets
      .filter((t) => sold.has(t.ticketTypeId))
      .map((t) => ({ ticketTypeId: t.ticketTypeId, soldQuantity: sold.get(t.ticketTypeId)! })),
    capacityQuantity: (order.capacityQuantity ?? 0) + delta,
    status: statusAfterReport(order.totalQuantity, report.soldQuantity, returned),
  };
  return { delta, next };
}

/**
 * A report that repeats the current total changes nothing, except on a delivered order whose sold + returned
 * already reached the ordered quantity (force-record-sold leaves it delivered): the report is then the state
 * table's trigger that moves it on to awaitingReconciliation, with no seats taken.
 */
function completeWithoutSale(order: OrderDoc): OrderDoc {
  const status = statusAfterReport(order.totalQuantity, order.soldQuantity ?? 0, order.returnedQuantity ?? 0);
  return status === order.status ? order : { ...order, status };
}

/** force-record-sold: the same arithmetic as report-sold, but the operation requires and keeps `delivered` (docs/decisions/orders.md). */
export function applyForcedSale(order: OrderDoc, report: SoldReport): SoldChange {
  const change = applySoldReport(order, report);
  return { ...change, next: { ...change.next, status: order.status } };
}

/** What a report added per type, derived from the documents (the audit records this, not the request's words). */
export function soldIncrements(before: OrderDoc, after: OrderDoc): TypeQuantity[] {
  const previous = soldByType(before);
  return (after.soldTypeQuantities ?? [])
    .map((t) => ({ ticketTypeId: t.ticketTypeId, soldQuantity: t.soldQuantity - (previous.get(t.ticketTypeId) ?? 0) }))
    .filter((t) => t.soldQuantity > 0);
}

export interface ReturnReport {
  returnQuantity: number;
  returnTypeQuantities?: { ticketTypeId: string; returnQuantity: number }[];
}

/** return: an increment of returned tickets, never above the outstanding balance; capacity is not touched. */
export function applyReturn(order: OrderDoc, report: ReturnReport): OrderDoc {
  const outstanding = outstandingQuantity(order);
  if (report.returnQuantity > outstanding) {
    throw badRequest(`Only ${outstanding} tickets are outstanding on this order`, [
      { path: '/returnQuantity', message: `must be at most ${outstanding}` },
    ]);
  }
  const entries = report.returnTypeQuantities?.map((t) => ({
    ticketTypeId: t.ticketTypeId,
    quantity: t.returnQuantity,
  }));
  const increments = typeIncrements(order, report.returnQuantity, entries, 'returnTypeQuantities');
  const returnedTypes = addInto(returnedByType(order), increments);
  assertPerTypeRoom(order, soldByType(order), returnedTypes);
  const returned = (order.returnedQuantity ?? 0) + report.returnQuantity;
  return {
    ...order,
    returnedQuantity: returned,
    returnedTypeQuantities: order.tickets
      .filter((t) => returnedTypes.has(t.ticketTypeId))
      .map((t) => ({ ticketTypeId: t.ticketTypeId, returnQuantity: returnedTypes.get(t.ticketTypeId)! })),
    status: statusAfterReport(order.totalQuantity, effectiveSoldQuantity(order), returned),
  };
}
