import { toCents } from '../../vocabulary/money';
import type { MoneyHolding } from './money';

/**
 * What a registration or an external ledger sale adds to its showtime's revenue and fees, in cents: its totals,
 * nothing once soft-deleted (the events overview's rule since issue 28; orders have their own: orders/ledger-money.ts).
 */
export function totalsMoney(doc: {
  showtimeId: string;
  totalAmount?: number;
  totalFees?: number;
  deletedAt?: string;
}): MoneyHolding | undefined {
  if (doc.deletedAt) return undefined;
  return { showtimeId: doc.showtimeId, revenue: toCents(doc.totalAmount ?? 0), fees: toCents(doc.totalFees ?? 0) };
}
