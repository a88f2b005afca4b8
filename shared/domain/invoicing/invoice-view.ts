import { fromCents } from '../vocabulary/money';
import type { EventDoc } from '../events/model';
import type { OrderDoc } from '../orders/model';
import type { OrganizationDoc } from '../organizations/model';
import type { RegistrationDoc } from '../registrations/model';
import { invoiceReference } from './creditor-reference';
import { epcPayload } from './epc-qr';
import { invoiceContent, type InvoiceLine } from './invoice-lines';
import { invoiceSettingsOf, paymentTermsOf, type InvoiceSettings } from './invoice-settings';
import { paidCentsOf, type InvoicePaymentDoc } from './payment-model';
import { dueDateOf, localDay, outstandingCents, receivableStatus, type ReceivableStatus } from './receivable';

/**
 * The member invoice as one read model: the JSON answer, the PDF and the e-mail are all made from it, so they agree
 * to the cent. Amounts are numbers in the organization's currency (the form prices take in the API).
 */
export interface MemberInvoiceView {
  organizationId: string;
  organizationName: string;
  eventId: string;
  eventName: string;
  eventDate: string;
  userId: string;
  memberName: string;
  memberEmail?: string;
  currency: string;
  locale: string;
  lines: { ticketTypeId: string; ticketTypeName: string; quantity: number; unitPrice: number; amount: number }[];
  total: number;
  paid: number;
  outstanding: number;
  status: ReceivableStatus;
  issuedAt: string;
  dueDate: string;
  /** ISO 11649 creditor reference, electronic form (no spaces). */
  reference: string;
  payee?: InvoiceSettings['payee'];
  /** The EPC QR payload ("pay by scanning"): only for euro invoices with a payee IBAN and something outstanding. */
  epcPayload?: string;
}

export interface InvoiceSources {
  organization: OrganizationDoc;
  event: EventDoc;
  userId: string;
  member?: { name: string; email?: string };
  orders: OrderDoc[];
  registrations: RegistrationDoc[];
  payments: InvoicePaymentDoc[];
  now: Date;
}

const lineOut = (line: InvoiceLine) => ({
  ticketTypeId: line.ticketTypeId,
  ticketTypeName: line.ticketTypeName,
  quantity: line.quantity,
  unitPrice: fromCents(line.unitPriceCents),
  amount: fromCents(line.amountCents),
});

/** The invoice, or undefined when nothing of the member's is invoiced for the event (there is no invoice yet). */
export function memberInvoiceView(sources: InvoiceSources): MemberInvoiceView | undefined {
  const content = invoiceContent(sources.orders, sources.registrations);
  if (content.recordCount === 0 || !content.issuedAt) return undefined;
  const settings = invoiceSettingsOf(sources.organization);
  const paidCents = paidCentsOf(sources.payments);
  const dueDate = dueDateOf(content.issuedAt, paymentTermsOf(settings), settings.timeZone);
  const reference = invoiceReference(sources.organization.id, sources.event.id, sources.userId);
  const outstanding = outstandingCents(content.totalCents, paidCents);
  const payload = settings.payee
    ? epcPayload(
        {
          name: settings.payee.accountHolder,
          iban: settings.payee.iban,
          ...(settings.payee.bic ? { bic: settings.payee.bic } : {}),
          amountCents: outstanding,
          reference,
        },
        settings.currency,
      )
    : undefined;
  const memberName =
    sources.member?.name ?? sources.orders[0]?.requestedByName ?? sources.registrations[0]?.sellerName ?? '';
  return {
    organizationId: sources.organization.id,
    organizationName: sources.organization.name,
    eventId: sources.event.id,
    eventName: sources.event.name,
    eventDate: sources.event.date,
    userId: sources.userId,
    memberName,
    ...(sources.member?.email ? { memberEmail: sources.member.email } : {}),
    currency: settings.currency,
    locale: settings.locale,
    lines: content.lines.map(lineOut),
    total: fromCents(content.totalCents),
    paid: fromCents(paidCents),
    outstanding: fromCents(outstanding),
    status: receivableStatus({
      invoicedCents: content.totalCents,
      paidCents,
      dueDate,
      today: localDay(sources.now, settings.timeZone),
    }),
    issuedAt: content.issuedAt,
    dueDate,
    reference,
    ...(settings.payee ? { payee: settings.payee } : {}),
    ...(payload ? { epcPayload: payload } : {}),
  };
}
