/**
 * A payment a treasurer recorded against a member's invoice for an event (docs/decisions/invoices-and-reminders.md
 * "Payments"), in the organization's partition. The invoice is the member's for the event, so a payment names the
 * event and the member; its reference is the invoice's at the time it was recorded.
 */
export interface InvoicePaymentDoc {
  id: string;
  docType: 'invoicePayment';
  organizationId: string;
  eventId: string;
  userId: string;
  /** Integer cents, at least one. */
  amountCents: number;
  /** The calendar day the money arrived (YYYY-MM-DD). */
  paidOn: string;
  note?: string;
  reference: string;
  recordedAt: string;
  recordedBy: string;
  recordedByName: string;
}

export const paidCentsOf = (payments: Pick<InvoicePaymentDoc, 'amountCents'>[]) =>
  payments.reduce((sum, payment) => sum + payment.amountCents, 0);
