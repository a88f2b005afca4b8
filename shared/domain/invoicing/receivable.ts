/**
 * What a member owes on one event's invoice and how it stands (docs/decisions/invoices-and-reminders.md
 * "Receivables"). Money in integer cents. Dates are calendar days (YYYY-MM-DD) in the organization's time zone.
 */
export const RECEIVABLE_STATUSES = ['not_invoiced', 'unpaid', 'partly_paid', 'paid', 'overdue'] as const;
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];

/** The calendar day of an instant in a time zone (en-CA formats as YYYY-MM-DD). */
export function localDay(at: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    typeof at === 'string' ? new Date(at) : at,
  );
}

/** A calendar day plus whole days (calendar arithmetic on the date alone: no time zone or DST involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Due on the issue day (in the organization's zone) plus the payment terms; 0 days: due the day it is issued. */
export const dueDateOf = (issuedAt: string, paymentTermsDays: number, timeZone: string) =>
  addDays(localDay(issuedAt, timeZone), paymentTermsDays);

export interface ReceivableInput {
  invoicedCents: number;
  paidCents: number;
  /** Absent when nothing was ever issued. */
  dueDate?: string;
  /** Today in the organization's time zone. */
  today: string;
}

/**
 * Nothing invoiced: `not_invoiced` (a payment without an invoice stays visible in `paid`). Paid in full or more:
 * `paid`. Past the due day with something outstanding: `overdue` (the due day itself is still on time). Otherwise
 * `partly_paid` or `unpaid`.
 */
export function receivableStatus(input: ReceivableInput): ReceivableStatus {
  if (input.invoicedCents <= 0) return 'not_invoiced';
  if (input.paidCents >= input.invoicedCents) return 'paid';
  if (input.dueDate !== undefined && input.today > input.dueDate) return 'overdue';
  return input.paidCents > 0 ? 'partly_paid' : 'unpaid';
}

/** Outstanding never goes below zero: an overpayment is shown in `paid`, not as a negative debt. */
export const outstandingCents = (invoicedCents: number, paidCents: number) => Math.max(0, invoicedCents - paidCents);
