import { AppError, badRequest } from '../../http/errors';
import { fromCents, toCents } from '../money';
import type { InvoiceBasis, OrderDoc, OrderLine, OrderStatus, TypeQuantity } from '../../store/repos/orders';

/**
 * The printed-ticket order rules of 01-core §3 and "Printed-ticket lifecycle rules", as pure functions:
 * which state each action accepts, the outstanding arithmetic, sold and return reports, and the invoice basis.
 */
export type OrderAction =
  | 'approve'
  | 'deliver'
  | 'cancel'
  | 'delete'
  | 'reportSold'
  | 'return'
  | 'forceRecordSold'
  | 'approveReconciliation';

export const ACCEPTED_STATES: Record<OrderAction, OrderStatus[]> = {
  approve: ['pending'],
  deliver: ['approved'],
  cancel: ['pending', 'approved'],
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
  throw new AppError(LIFECYCLE.includes(action) ? 400 : 409, 'INVALID_ORDER_STATE', message);
}

const REPORTED_STATES: OrderStatus[] = ['delivered', 'awaitingReconciliation', 'settled'];

/** Sold as the outstanding arithmetic sees it: a delivered-or-later record with no soldQuantity counts as all sold. */
export function effectiveSoldQuantity(order: Pick<OrderDoc, 'status' | 'soldQuantity' | 'totalQuantity'>): number {
  if (order.soldQuantity !== undefined) return order.soldQuantity;
  return REPORTED_STATES.includes(order.status) ? order.totalQuantity : 0;
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

type PerType = Map<string, number>;
const soldByType = (order: OrderDoc): PerType =>
  new Map((order.soldTypeQuantities ?? []).map((t) => [t.ticketTypeId, t.soldQuantity]));
const returnedByType = (order: OrderDoc): PerType =>
  new Map((order.returnedTypeQuantities ?? []).map((t) => [t.ticketTypeId, t.returnQuantity]));
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

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
    return order.tickets.length === 1 && increase > 0 ? new Map([[order.tickets[0].ticketTypeId, increase]]) : new Map();
  }
  const result: PerType = new Map();
  for (const entry of entries) {
    if (!order.tickets.some((t) => t.ticketTypeId === entry.ticketTypeId)) {
      throw badRequest(`${field} names a ticket type that is not on this order`, [{ path: `/${field}`, message: entry.ticketTypeId }]);
    }
    if (result.has(entry.ticketTypeId)) {
      throw badRequest(`${field} repeats a ticket type`, [{ path: `/${field}`, message: entry.ticketTypeId }]);
    }
    result.set(entry.ticketTypeId, entry.quantity);
  }
  if (sum(result.values()) !== increase) {
    throw badRequest(`The ${field} entries must add up to ${increase}`, [{ path: `/${field}`, message: 'sum mismatch' }]);
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
  if (delta === 0) return { delta, next: order };
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
  const entries = report.returnTypeQuantities?.map((t) => ({ ticketTypeId: t.ticketTypeId, quantity: t.returnQuantity }));
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

/** Basis lines from per-type sold quantities and the order-time prices; money in integer cents. */
export function basisFromQuantities(lines: OrderLine[], sold: PerType, frozenAt: string): InvoiceBasis {
  let grand = 0;
  let fees = 0;
  const basisLines = lines
    .filter((l) => (sold.get(l.ticketTypeId) ?? 0) > 0)
    .map((l) => {
      const quantity = sold.get(l.ticketTypeId)!;
      const amountCents = quantity * toCents(l.unitPrice);
      grand += amountCents;
      fees += quantity * toCents(l.fee);
      return {
        ticketTypeId: l.ticketTypeId,
        ticketTypeName: l.ticketTypeName,
        quantity,
        unitPrice: l.unitPrice,
        fee: l.fee,
        amount: fromCents(amountCents),
      };
    });
  return { lines: basisLines, grandTotal: fromCents(grand), totalFees: fromCents(fees), frozenAt };
}

/**
 * Lifecycle rule 4: sold quantities × order-time unit prices only. All sold: per-type may come from the ordered
 * lines; nothing sold: empty basis worth 0; a partial sale needs complete, consistent per-type sold detail (and
 * consistent return detail when present), else 400 and no settlement.
 */
export function freezeInvoiceBasis(order: OrderDoc, frozenAt: string): InvoiceBasis {
  const sold = effectiveSoldQuantity(order);
  const returned = order.returnedQuantity ?? 0;
  if (sold + returned !== order.totalQuantity) {
    throw badRequest(`Sold (${sold}) plus returned (${returned}) must equal the issued ${order.totalQuantity}`);
  }
  if (sold === 0) return { lines: [], grandTotal: 0, totalFees: 0, frozenAt };
  if (sold === order.totalQuantity) {
    return basisFromQuantities(order.tickets, new Map(order.tickets.map((t) => [t.ticketTypeId, t.quantity])), frozenAt);
  }
  const soldTypes = soldByType(order);
  const returnTypes = returnedByType(order);
  const known = (m: PerType) => [...m.keys()].every((id) => order.tickets.some((t) => t.ticketTypeId === id));
  const soldComplete = known(soldTypes) && sum(soldTypes.values()) === sold;
  const returnsConsistent = returnTypes.size === 0 || (known(returnTypes) && sum(returnTypes.values()) === returned);
  const withinLines = order.tickets.every(
    (t) => (soldTypes.get(t.ticketTypeId) ?? 0) + (returnTypes.get(t.ticketTypeId) ?? 0) <= t.quantity,
  );
  if (!soldComplete || !returnsConsistent || !withinLines) {
    throw badRequest('A partial sale needs complete and consistent per-type sold quantities before settlement', [
      { path: '/soldTypeQuantities', message: 'incomplete or inconsistent' },
    ]);
  }
  return basisFromQuantities(order.tickets, soldTypes, frozenAt);
}

/** Derived in responses, never stored: the frozen basis matches the order's lines, prices and sold total. */
export function isInvoiceBasisValid(order: OrderDoc): boolean {
  const basis = order.invoiceBasis;
  if (!basis) return false;
  let grand = 0;
  let quantity = 0;
  for (const line of basis.lines) {
    const ordered = order.tickets.find((t) => t.ticketTypeId === line.ticketTypeId);
    if (!ordered || toCents(ordered.unitPrice) !== toCents(line.unitPrice)) return false;
    if (!Number.isInteger(line.quantity) || line.quantity <= 0 || line.quantity > ordered.quantity) return false;
    if (toCents(line.amount) !== line.quantity * toCents(line.unitPrice)) return false;
    grand += toCents(line.amount);
    quantity += line.quantity;
  }
  return toCents(basis.grandTotal) === grand && quantity === effectiveSoldQuantity(order);
}

