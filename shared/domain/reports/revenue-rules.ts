import type { OrderDoc } from '../orders/model';
import { reportedSoldLines, soldRevenue } from '../orders/reporting';
import { fromCents, toCents } from '../vocabulary/money';

/** A revenue-bearing ledger row as the overview query projects it (orders keep what reporting needs). */
export type RevenueRow = Partial<Omit<OrderDoc, 'docType'>> & {
  docType: 'order' | 'registration' | 'externalSale';
  eventId: string;
  totalAmount?: number;
  totalFees?: number;
  deletedAt?: string;
};

/**
 * Revenue per event in integer cents, all channels: printed orders count their reported sold lines only
 * (reporting.ts: never totalAmount), registrations and external ledger sales their totals; soft-deleted rows
 * count nothing. Free tickets and the manual external count carry no price.
 */
export function revenueByEvent(rows: RevenueRow[]): Map<string, { revenue: number; fees: number }> {
  const cents = new Map<string, { revenue: number; fees: number }>();
  for (const row of rows) {
    if (row.deletedAt) continue;
    let revenue = 0;
    let fees = 0;
    if (row.docType === 'order') {
      const sold = soldRevenue(reportedSoldLines(row as OrderDoc));
      revenue = toCents(sold.revenue);
      fees = toCents(sold.fees);
    } else {
      revenue = toCents(row.totalAmount ?? 0);
      fees = toCents(row.totalFees ?? 0);
    }
    const total = cents.get(row.eventId) ?? { revenue: 0, fees: 0 };
    cents.set(row.eventId, { revenue: total.revenue + revenue, fees: total.fees + fees });
  }
  return new Map([...cents].map(([id, t]) => [id, { revenue: fromCents(t.revenue), fees: fromCents(t.fees) }]));
}
