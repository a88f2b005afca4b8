import { lineTotals } from '../vocabulary/money';
import { IN_HANDS_STATUSES, isStatusIn, type OrderDoc } from './model';

/**
 * Printed-order financial reporting counts sold quantities only (docs/decisions/orders.md "Reports"): pending, approved and
 * cancelled orders contribute nothing; delivered and awaitingReconciliation orders use validated reported
 * sold lines; settled orders use the frozen basis; invalid or incomplete detail contributes nothing and never
 * falls back to totalAmount.
 */
export interface SoldLine {
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  unitPrice: number;
  fee: number;
}

export function reportedSoldLines(order: OrderDoc): SoldLine[] {
  if (order.deletedAt) return [];
  if (order.status === 'settled') return order.invoiceBasis?.lines.map((l) => ({ ...l })) ?? [];
  if (!isStatusIn(IN_HANDS_STATUSES, order.status)) return [];
  const sold = order.soldQuantity ?? 0;
  if (sold === 0) return [];
  const byType = new Map(order.tickets.map((t) => [t.ticketTypeId, t]));
  if (order.soldTypeQuantities && order.soldTypeQuantities.length > 0) {
    const total = order.soldTypeQuantities.reduce((sum, t) => sum + t.soldQuantity, 0);
    const valid =
      total === sold &&
      order.soldTypeQuantities.every((t) => {
        const line = byType.get(t.ticketTypeId);
        return (
          line !== undefined &&
          Number.isInteger(t.soldQuantity) &&
          t.soldQuantity >= 0 &&
          t.soldQuantity <= line.quantity
        );
      });
    if (!valid) return [];
    return order.soldTypeQuantities
      .filter((t) => t.soldQuantity > 0)
      .map((t) => {
        const line = byType.get(t.ticketTypeId)!;
        return {
          ticketTypeId: t.ticketTypeId,
          ticketTypeName: line.ticketTypeName,
          quantity: t.soldQuantity,
          unitPrice: line.unitPrice,
          fee: line.fee,
        };
      });
  }
  // Everything sold with no per-type detail: the ordered lines are the sold lines.
  if (sold === order.totalQuantity) return order.tickets.map((t) => ({ ...t }));
  return [];
}

export function soldRevenue(lines: SoldLine[]): { quantity: number; revenue: number; fees: number } {
  const totals = lineTotals(lines);
  return { quantity: totals.quantity, revenue: totals.amount, fees: totals.fees };
}
