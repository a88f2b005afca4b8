import { toCents, fromCents } from '../vocabulary/money';
import { IN_HANDS_STATUSES, isStatusIn, type OrderDoc } from '../orders/model';
import { isInvoiceBasisValid } from '../orders/invoice-basis';
import type { RegistrationDoc } from '../registrations/model';

/** The states of MemberInvoiceSummary (docs/decisions/sales.md). */
export const MEMBER_INVOICE_STATES = [
  'awaitingSettlement',
  'invalidBasis',
  'readyToInvoice',
  'partiallyInvoiced',
  'invoiced',
] as const;
export type MemberInvoiceState = (typeof MEMBER_INVOICE_STATES)[number];

/** How one member-channel record stands for invoicing. */
export type InvoiceStanding =
  | { kind: 'eligible'; invoiced: boolean; amountCents: number }
  | { kind: 'unresolved' }
  | { kind: 'invalid' }
  | { kind: 'none' };

type InvoiceableOrder = Pick<
  OrderDoc,
  'status' | 'invoiceBasis' | 'tickets' | 'soldQuantity' | 'totalQuantity' | 'invoicedAt' | 'soldByOrganizationId'
> & { deletedAt?: string };
type InvoiceableRegistration = Pick<RegistrationDoc, 'totalAmount' | 'invoicedAt'> & { deletedAt?: string };

/**
 * docs/decisions/sales.md MemberInvoiceSummary rules, per record: an active registration is eligible (amount: its totalAmount);
 * a settled printed order with a valid frozen basis is eligible (amount: basis grandTotal); a settled order with
 * an invalid basis is an `invalid` blocker; a delivered or awaitingReconciliation order (tickets in the member's
 * hands, not reconciled) is an `unresolved` blocker; pending, approved and cancelled orders play no part.
 * Partner-sold (delegated) orders are never a member's to invoice.
 */
export function orderStanding(order: InvoiceableOrder): InvoiceStanding {
  if (order.deletedAt || order.soldByOrganizationId !== undefined) return { kind: 'none' };
  if (isStatusIn(IN_HANDS_STATUSES, order.status)) return { kind: 'unresolved' };
  if (order.status !== 'settled') return { kind: 'none' };
  if (!isInvoiceBasisValid({ ...order, tickets: order.tickets ?? [] })) return { kind: 'invalid' };
  return {
    kind: 'eligible',
    invoiced: order.invoicedAt !== undefined,
    amountCents: toCents(order.invoiceBasis?.grandTotal ?? 0),
  };
}

export function registrationStanding(registration: InvoiceableRegistration): InvoiceStanding {
  if (registration.deletedAt) return { kind: 'none' };
  return {
    kind: 'eligible',
    invoiced: registration.invoicedAt !== undefined,
    amountCents: toCents(registration.totalAmount ?? 0),
  };
}

export interface MemberInvoiceSummary {
  state: MemberInvoiceState;
  eligibleCount: number;
  invoicedCount: number;
  unresolvedOrderCount: number;
  invalidBasisOrderCount: number;
  invoiceAmount: number;
  allEligibleInvoiced: boolean;
}

/**
 * The summary of one member's records for one event. `allEligibleInvoiced` needs at least one eligible record,
 * all of them invoiced. Blockers win the state (they "may leave state in a warning value"): an invalid basis
 * first (it needs an admin), then unresolved orders; otherwise invoiced, partially invoiced or ready.
 */
export function memberInvoiceSummary(standings: Iterable<InvoiceStanding>): MemberInvoiceSummary {
  const tally = new InvoiceSummaryTally();
  for (const standing of standings) tally.add(standing);
  return tally.summary();
}

/**
 * The summary as running counts, one standing at a time: a fold over an event's records (the dashboard's members)
 * keeps these five numbers per member instead of every record's standing.
 */
export class InvoiceSummaryTally {
  private eligibleCount = 0;
  private invoicedCount = 0;
  private unresolvedOrderCount = 0;
  private invalidBasisOrderCount = 0;
  private amountCents = 0;

  add(standing: InvoiceStanding): void {
    if (standing.kind === 'eligible') {
      this.eligibleCount += 1;
      if (standing.invoiced) this.invoicedCount += 1;
      this.amountCents += standing.amountCents;
    } else if (standing.kind === 'unresolved') this.unresolvedOrderCount += 1;
    else if (standing.kind === 'invalid') this.invalidBasisOrderCount += 1;
  }

  /** Records that matter to invoicing so far (eligible, unresolved or invalid): a member with none may go unlisted. */
  get counted(): number {
    return this.eligibleCount + this.unresolvedOrderCount + this.invalidBasisOrderCount;
  }

  summary(): MemberInvoiceSummary {
    const { eligibleCount, invoicedCount, unresolvedOrderCount, invalidBasisOrderCount } = this;
    return {
      state: stateOf({ eligibleCount, invoicedCount, unresolvedOrderCount, invalidBasisOrderCount }),
      eligibleCount,
      invoicedCount,
      unresolvedOrderCount,
      invalidBasisOrderCount,
      invoiceAmount: fromCents(this.amountCents),
      allEligibleInvoiced: eligibleCount > 0 && invoicedCount === eligibleCount,
    };
  }
}

function stateOf(counts: {
  eligibleCount: number;
  invoicedCount: number;
  unresolvedOrderCount: number;
  invalidBasisOrderCount: number;
}): MemberInvoiceState {
  if (counts.invalidBasisOrderCount > 0) return 'invalidBasis';
  if (counts.unresolvedOrderCount > 0 || counts.eligibleCount === 0) return 'awaitingSettlement';
  if (counts.invoicedCount === counts.eligibleCount) return 'invoiced';
  if (counts.invoicedCount > 0) return 'partiallyInvoiced';
  return 'readyToInvoice';
}
