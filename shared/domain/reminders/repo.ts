import { commitBatch } from '../../store/batch';
import { containers } from '../../store/client';
import { patchItem } from '../../store/operations';
import type { Stored } from '../../store/outcomes';
import { acrossPartitions, inPartition } from '../../store/query';
import type { NotificationDoc } from '../notifications/model';
import type { OrderDoc } from '../orders/model';
import type { OrganizationDoc } from '../organizations/model';
import type { InvoiceViewDoc } from '../invoicing/repo';
import type { ReminderDoc } from './model';

/** Every live organization, page by page (the pass visits each; one cross-partition query per pass). */
export const liveOrganizationPages = () =>
  acrossPartitions('orgs')
    .where("c.docType = 'organization'")
    .where('NOT IS_DEFINED(c.deletedAt)')
    .pages<Stored<OrganizationDoc>>(200);

/** The orders a reminder may chase: delivered, not archived, not deleted, not partner-sold (one query). */
export const deliveredOrders = (organizationId: string) =>
  inPartition('orgs', organizationId)
    .where("c.docType = 'order' AND c.status = 'delivered'")
    .where('NOT IS_DEFINED(c.deletedAt) AND NOT IS_DEFINED(c.soldByOrganizationId)')
    .where('(NOT IS_DEFINED(c.archived) OR c.archived = false)')
    .all<OrderDoc>();

/** Every reminder record of the organization (they say who was reminded of what, and when). */
export const reminderRecords = (organizationId: string) =>
  inPartition('orgs', organizationId).where("c.docType = 'reminder'").all<ReminderDoc>();

/** The send record and its in-app notification, in one transactional batch: both exist, or neither. */
export const createReminderWithNotification = (record: ReminderDoc, notification: NotificationDoc) =>
  commitBatch(containers().orgs, record.organizationId, [{ create: record }, { create: notification }]);

export const markReminderDelivered = (record: Pick<ReminderDoc, 'organizationId' | 'id'>, at: string) =>
  patchItem<ReminderDoc>(containers().orgs, record.organizationId, record.id, [
    { op: 'set', path: '/status', value: 'delivered' },
    { op: 'set', path: '/deliveredAt', value: at },
  ]);

/**
 * What the treasurers' weekly digest reads, in one query read page by page: orders awaiting reconciliation, and the
 * invoiced records and payments that make up what members still owe.
 */
export const digestDocumentPages = (organizationId: string) =>
  inPartition('orgs', organizationId)
    .where('NOT IS_DEFINED(c.deletedAt)')
    .where(
      "(c.docType = 'order' AND (c.status = 'awaitingReconciliation' OR IS_DEFINED(c.invoicedAt))) OR " +
        "(c.docType = 'registration' AND IS_DEFINED(c.invoicedAt)) OR c.docType = 'invoicePayment'",
    )
    .pages<InvoiceViewDoc>();
