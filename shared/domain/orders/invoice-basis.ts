import { badRequest } from '../../errors';
import { fromCents, toCents } from '../vocabulary/money';
import type { InvoiceBasis, OrderDoc, OrderLine } from './model';
import { effectiveSoldQuantity, returnedByType, soldByType, sum, type PerType } from './rules';

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
    return basisFromQuantities(
      order.tickets,
      new Map(order.tickets.map((t) => [t.ticketTypeId, t.quantity])),
      frozenAt,
    );
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
export function isInvoiceBasisValid(
  order: Pick<OrderDoc, 'invoiceBasis' | 'tickets' | 'status' | 'soldQuantity' | 'totalQuantity'>,
): boolean {
  const basis = order.invoiceBasis;
  if (!basis) return false;
  let grand = 0;
  let fees = 0;
  let quantity = 0;
  const seen = new Set<string>();
  for (const line of basis.lines) {
    const ordered = order.tickets.find((t) => t.ticketTypeId === line.ticketTypeId);
    if (!ordered || seen.has(line.ticketTypeId)) return false; // one line per ticket type
    seen.add(line.ticketTypeId);
    if (toCents(ordered.unitPrice) !== toCents(line.unitPrice) || toCents(ordered.fee) !== toCents(line.fee))
      return false;
    if (!Number.isInteger(line.quantity) || line.quantity <= 0 || line.quantity > ordered.quantity) return false;
    if (toCents(line.amount) !== line.quantity * toCents(line.unitPrice)) return false;
    grand += toCents(line.amount);
    fees += line.quantity * toCents(line.fee);
    quantity += line.quantity;
  }
  const feesMatch = basis.totalFees === undefined || toCents(basis.totalFees) === fees;
  return toCents(basis.grandTotal) === grand && feesMatch && quantity === effectiveSoldQuantity(order);
}
