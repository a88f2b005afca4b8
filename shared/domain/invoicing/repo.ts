import type { KeyCarrying } from '../../store/write-token';
import { containers } from '../../store/client';
import { createItem } from '../../store/operations';
import type { Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import type { OrderDoc } from '../orders/model';
import type { RegistrationDoc } from '../registrations/model';
import type { InvoicePaymentDoc } from './payment-model';

export type InvoiceSourceDoc = Stored<OrderDoc> | Stored<RegistrationDoc>;

/**
 * The one read of a member invoice run: every live order and registration of the member for the event, in one
 * query of the organization's partition, whole (they are written back under their ETags). Orders are matched by
 * requester and also by delegated seller or buyer, so the run can tell a member whose only orders for the event
 * are partner-sold (refused) from a member with nothing to invoice; those orders are never written. The member's
 * invoice payments come along (never written), so the e-mail of an issued invoice shows what is still owed.
 */
export function memberInvoiceDocuments(organizationId: string, eventId: string, userId: string) {
  return inPartition('orgs', organizationId)
    .where('c.eventId = @event', { '@event': eventId })
    .where('NOT IS_DEFINED(c.deletedAt)')
    .where(
      "(c.docType = 'order' AND (c.requestedBy = @user OR c.soldByUserId = @user OR c.buyerUserId = @user)) OR " +
        "(c.docType = 'registration' AND c.sellerId = @user) OR (c.docType = 'invoicePayment' AND c.userId = @user)",
      { '@user': userId },
    )
    .all<InvoiceViewDoc>();
}

export type InvoiceViewDoc = InvoiceSourceDoc | Stored<InvoicePaymentDoc>;

/**
 * The one query of an invoice read (the document, the PDF, the answer of a payment): the member's live orders and
 * registrations for the event, and the payments recorded against the member's invoice for it.
 */
export function memberInvoiceViewDocuments(organizationId: string, eventId: string, userId: string) {
  return inPartition('orgs', organizationId)
    .where('c.eventId = @event', { '@event': eventId })
    .where('NOT IS_DEFINED(c.deletedAt)')
    .where(
      "(c.docType = 'order' AND c.requestedBy = @user) OR (c.docType = 'registration' AND c.sellerId = @user) OR " +
        "(c.docType = 'invoicePayment' AND c.userId = @user)",
      { '@user': userId },
    )
    .all<InvoiceViewDoc>();
}

/**
 * The receivables of an event in one query, as pages (each one counted store call) for the receivables' fold: every
 * live order, registration and invoice payment of the event.
 */
export function eventReceivableDocumentPages(organizationId: string, eventId: string) {
  return inPartition('orgs', organizationId)
    .where('c.eventId = @event', { '@event': eventId })
    .where('NOT IS_DEFINED(c.deletedAt)')
    .where("c.docType IN ('order', 'registration', 'invoicePayment')")
    .pages<InvoiceViewDoc>();
}

export const createPayment = (payment: InvoicePaymentDoc, options?: KeyCarrying) =>
  createItem<InvoicePaymentDoc>(containers().orgs, payment, options);
