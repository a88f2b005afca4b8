import { totalsMoney } from '../events/capacity/money-rules';
import { orderMoney } from '../orders/ledger-money';
import type { OrderDoc } from '../orders/model';
import { fromCents } from '../vocabulary/money';

/** A revenue-bearing ledger row as the overview query projects it (orders keep what reporting needs). */
export type RevenueRow = Partial<Omit<OrderDoc, 'docType'>> & {
  docType: 'order' | 'registration' | 'externalSale';
  eventId: string;
  totalAmount?: number;
  totalFees?: number;
  deletedAt?: string;
};

/**
 * Revenue per event in integer cents, all channels, by the same rules the counters keep (orders/ledger-money.ts,
 * events/capacity/money-rules.ts): printed orders count their reported sold lines only (never totalAmount),
 * registrations and external ledger sales their totals; soft-deleted rows count nothing. Free tickets and the
 * manual external count carry no price. The events overview's fallback for counters that keep no money yet.
 */
export function revenueByEvent(rows: RevenueRow[]): Map<string, { revenue: number; fees: number }> {
  const cents = new Map<string, { revenue: number; fees: number }>();
  for (const row of rows) {
    const doc = { ...row, showtimeId: '' };
    const held = row.docType === 'order' ? orderMoney(doc as OrderDoc) : totalsMoney(doc);
    if (!held) continue;
    const total = cents.get(row.eventId) ?? { revenue: 0, fees: 0 };
    cents.set(row.eventId, { revenue: total.revenue + held.revenue, fees: total.fees + held.fees });
  }
  return new Map([...cents].map(([id, t]) => [id, { revenue: fromCents(t.revenue), fees: fromCents(t.fees) }]));
}
