import type { Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import type { OrderDoc } from '../orders/model';
import type { RegistrationDoc } from '../registrations/model';

export type InvoiceSourceDoc = Stored<OrderDoc> | Stored<RegistrationDoc>;

/**
 * The one read of a member invoice run: every live order and registration of the member for the event, in one
 * query of the organization's partition, whole (they are written back under their ETags). Orders are matched by
 * requester and also by delegated seller or buyer, so the run can tell a member whose only orders for the event
 * are partner-sold (refused) from a member with nothing to invoice; those orders are never written.
 */
export function memberInvoiceDocuments(organizationId: string, eventId: string, userId: string) {
  return inPartition('orgs', organizationId)
    .where('c.eventId = @event', { '@event': eventId })
    .where('NOT IS_DEFINED(c.deletedAt)')
    .where(
      "(c.docType = 'order' AND (c.requestedBy = @user OR c.soldByUserId = @user OR c.buyerUserId = @user)) OR " +
        "(c.docType = 'registration' AND c.sellerId = @user)",
      { '@user': userId },
    )
    .all<InvoiceSourceDoc>();
}
