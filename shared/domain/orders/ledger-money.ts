import type { MoneyHolding } from '../events/capacity/money';
import { toCents } from '../vocabulary/money';
import type { OrderDoc } from './model';
import { reportedSoldLines, soldRevenue } from './reporting';

/**
 * What an order adds to its showtime's revenue and fees, in cents: its reported sold lines only (reporting.ts,
 * never totalAmount), nothing once soft-deleted. The events overview, the counters' upkeep and the heal timer's
 * recompute all use this one rule, so they agree to the cent with the dashboard built from the same lines.
 */
export function orderMoney(order: Pick<OrderDoc, 'showtimeId'> & Partial<OrderDoc>): MoneyHolding | undefined {
  if (order.deletedAt) return undefined;
  const sold = soldRevenue(reportedSoldLines(order as OrderDoc));
  return { showtimeId: order.showtimeId, revenue: toCents(sold.revenue), fees: toCents(sold.fees) };
}
