import { randomUUID } from 'node:crypto';
import { badRequest } from '../../errors';
import { fromCents, toCents } from '../vocabulary/money';
import type { Principal } from '../users/principal';
import { actorOf } from '../users/actor';
import { loadMemberInvoice } from './read-invoice';
import { outstandingCents, receivableStatus } from './receivable';
import type { InvoicePaymentDoc } from './payment-model';
import { createPayment } from './repo';
import type { RecordPaymentBody } from './view-schemas';

export const toPaymentResponse = (payment: InvoicePaymentDoc) => ({
  id: payment.id,
  eventId: payment.eventId,
  userId: payment.userId,
  amount: fromCents(payment.amountCents),
  paidOn: payment.paidOn,
  ...(payment.note !== undefined ? { note: payment.note } : {}),
  reference: payment.reference,
  recordedAt: payment.recordedAt,
  recordedBy: payment.recordedBy,
  recordedByName: payment.recordedByName,
});

/**
 * POST management/members/{userId}/invoice/{eventId}/payments: a payment against the member's invoice for the
 * event. The invoice must exist (something issued: else 404 "Invoice not found"); an amount above what is
 * outstanding is accepted (money that arrived is recorded as it arrived; the invoice then reads `paid`). A
 * `paidOn` after today in the organization's time zone is a 400 naming the field. Reads as the invoice does (four), then one
 * create, which carries the Idempotency-Key record when one is sent.
 */
export async function recordPayment(
  principal: Principal,
  organizationId: string,
  userId: string,
  eventId: string,
  body: RecordPaymentBody,
) {
  const { view: invoice, today } = await loadMemberInvoice(organizationId, eventId, userId);
  if (body.paidOn > today) {
    throw badRequest('paidOn cannot be in the future', [{ path: '/paidOn', message: 'is after today' }]);
  }
  const actor = actorOf(principal);
  const payment: InvoicePaymentDoc = {
    id: randomUUID(),
    docType: 'invoicePayment',
    organizationId,
    eventId,
    userId,
    amountCents: toCents(body.amount),
    paidOn: body.paidOn,
    ...(body.note !== undefined ? { note: body.note } : {}),
    reference: invoice.reference,
    recordedAt: actor.at,
    recordedBy: actor.id,
    recordedByName: actor.name,
  };
  await createPayment(payment, { carriesKey: true });
  const totalCents = toCents(invoice.total);
  const paidCents = toCents(invoice.paid) + payment.amountCents;
  return {
    payment: toPaymentResponse(payment),
    invoice: {
      total: invoice.total,
      paid: fromCents(paidCents),
      outstanding: fromCents(outstandingCents(totalCents, paidCents)),
      status: receivableStatus({
        invoicedCents: totalCents,
        paidCents,
        dueDate: invoice.dueDate,
        today,
      }),
      dueDate: invoice.dueDate,
      reference: invoice.reference,
    },
  };
}
