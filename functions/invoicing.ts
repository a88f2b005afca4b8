import { defineRoute } from '../shared/http/define-route';
import { effectiveLocale } from '../shared/domain/messages/locale';
import { completedOrMultiStatus, created, fileReply } from '../shared/http/reply';
import { recordPayment } from '../shared/domain/invoicing/record-payment';
import { eventReceivables } from '../shared/domain/invoicing/receivables';
import { invoiceFileName, renderInvoicePdf } from '../shared/domain/invoicing/invoice-pdf';
import type { MemberInvoiceView } from '../shared/domain/invoicing/invoice-view';
import { readMemberInvoice } from '../shared/domain/invoicing/read-invoice';
import {
  memberInvoiceDocumentResponse,
  receivablesResponse,
  recordPaymentBody,
  recordPaymentResponse,
  type RecordPaymentBody,
} from '../shared/domain/invoicing/view-schemas';
import { invoiceMemberForEvent } from '../shared/domain/invoicing/member-invoice';
import type { InvoiceRequest } from '../shared/domain/invoicing/rules';
import { memberInvoiceBody, memberInvoiceResponse } from '../shared/domain/invoicing/schemas';

/** Member-and-event invoicing (docs/decisions/sales.md "Dashboard and invoicing"), Ticket Manager+. */
defineRoute<InvoiceRequest>({
  name: 'members-invoice-event',
  method: 'PUT',
  route: 'management/members/{userId}/invoice/{eventId}',
  auth: 'ticketManager',
  tags: ['invoicing'],
  summary:
    "Issue ({ invoiced: true }) or clear ({ invoiced: false }) the invoice state of a member's orders and " +
    'registrations for an event; an empty body is the legacy toggle. 207 with completed false after a conflict ' +
    'or write failure, keeping the updates made',
  body: memberInvoiceBody,
  response: memberInvoiceResponse,
  multiStatus: true,
  errors: ['CONFLICT'],
  handler: async ({ principal, organizationId, params, body }) =>
    completedOrMultiStatus(await invoiceMemberForEvent(principal, organizationId, params.userId, params.eventId, body)),
});

const PDF = 'application/pdf';

/** A member's invoice for an event as a document (docs/decisions/invoices-and-reminders.md), Treasurer+. */
defineRoute({
  name: 'members-invoice-document',
  method: 'GET',
  route: 'management/members/{userId}/invoice/{eventId}',
  auth: 'treasurer',
  tags: ['invoicing'],
  summary:
    "A member's invoice for an event: lines per ticket type, totals, payments, due date, payee, ISO 11649 reference " +
    'and the EPC QR payload; 404 while nothing is invoiced',
  response: memberInvoiceDocumentResponse,
  handler: ({ organizationId, params }) => readMemberInvoice(organizationId, params.eventId, params.userId),
});

defineRoute({
  name: 'members-invoice-pdf',
  method: 'GET',
  route: 'management/members/{userId}/invoice/{eventId}/pdf',
  auth: 'treasurer',
  tags: ['invoicing'],
  summary: "A member's invoice for an event as a PDF, with the EPC QR code to pay by scanning (euro and an IBAN)",
  fileResponse: { contentType: PDF },
  handler: async ({ organizationId, params }) =>
    pdfReply(await readMemberInvoice(organizationId, params.eventId, params.userId)),
});

defineRoute({
  name: 'me-invoice-document',
  method: 'GET',
  route: 'me/invoices/{eventId}',
  auth: 'member',
  tags: ['invoicing', 'me'],
  summary: "The caller's own invoice for an event (as members-invoice-document); 404 while nothing is invoiced",
  response: memberInvoiceDocumentResponse,
  handler: ({ principal, organizationId, params }) =>
    readMemberInvoice(organizationId, params.eventId, principal.userId),
});

defineRoute({
  name: 'me-invoice-pdf',
  method: 'GET',
  route: 'me/invoices/{eventId}/pdf',
  auth: 'member',
  tags: ['invoicing', 'me'],
  summary: "The caller's own invoice for an event as a PDF, with the EPC QR code to pay by scanning",
  fileResponse: { contentType: PDF },
  handler: async ({ principal, organizationId, params }) => {
    const invoice = await readMemberInvoice(organizationId, params.eventId, principal.userId);
    // The member reads their own invoice in their own language when they chose one.
    return pdfReply({ ...invoice, locale: effectiveLocale(principal.user?.locale, invoice.locale) });
  },
});

async function pdfReply(invoice: MemberInvoiceView) {
  return fileReply({ contentType: PDF, fileName: invoiceFileName(invoice), content: await renderInvoicePdf(invoice) });
}

defineRoute<RecordPaymentBody>({
  name: 'members-invoice-payments-create',
  method: 'POST',
  route: 'management/members/{userId}/invoice/{eventId}/payments',
  auth: 'treasurer',
  tags: ['invoicing'],
  summary:
    "Record a payment against a member's invoice for an event ({ amount, paidOn, note? }, amount as prices are " +
    'given); answers the payment and how the invoice stands. 404 while nothing is invoiced',
  body: recordPaymentBody,
  response: recordPaymentResponse,
  successStatus: 201,
  idempotent: true,
  handler: async ({ principal, organizationId, params, body }) =>
    created(await recordPayment(principal, organizationId, params.userId, params.eventId, body)),
});

defineRoute({
  name: 'events-receivables',
  method: 'GET',
  route: 'management/events/{eventId}/receivables',
  auth: 'treasurer',
  tags: ['invoicing'],
  summary:
    'What each member owes for an event: invoiced, paid, outstanding and status (not_invoiced, unpaid, ' +
    'partly_paid, paid, overdue), with the invoice reference',
  response: receivablesResponse,
  handler: ({ organizationId, params }) => eventReceivables(organizationId, params.eventId),
});
