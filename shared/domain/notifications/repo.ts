import { commitBatch, type BatchWrite } from '../../store/batch';
import { containers } from '../../store/client';
import { deleteItem, readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import { buildNotification, type NewNotification, type NotificationDoc } from './model';

/** Every store call on notifications (orgs container, organization partition). */

/** Batch operations that create notifications, to join another write of the same partition. */
export const notificationCreates = (docs: NotificationDoc[]): BatchWrite[] => docs.map((doc) => ({ create: doc }));

/** Writes notifications for one organization in one transactional batch. */
export async function notify(organizationId: string, inputs: NewNotification[]): Promise<void> {
  if (inputs.length === 0) return;
  const docs = inputs.map((input) => buildNotification(organizationId, input));
  await commitBatch(containers().orgs, organizationId, notificationCreates(docs));
}

export async function getNotification(organizationId: string, id: string) {
  const doc = await readItem<NotificationDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'notification' ? doc : undefined;
}

export const replaceNotification = (doc: Stored<NotificationDoc>) =>
  replaceItem(containers().orgs, doc.organizationId, doc, doc._etag);

export const deleteNotificationDoc = (doc: Stored<NotificationDoc>) =>
  deleteItem(containers().orgs, doc.organizationId, doc.id, doc._etag);

/** The recipient's unexpired notifications (expiry is checked in code too: TTL is lazy or absent). */
const own = (organizationId: string, userId: string) =>
  inPartition('orgs', organizationId).where("c.docType = 'notification' AND c.userId = @user AND c.expiresAt > @now", {
    '@user': userId,
    '@now': new Date().toISOString(),
  });

/** The most recent `limit` unexpired notifications of the recipient. */
export const latestNotifications = (organizationId: string, userId: string, limit: number) =>
  own(organizationId, userId).select(`TOP ${limit} *`).orderBy('c.createdAt DESC').all<NotificationDoc>();

export async function countUnread(organizationId: string, userId: string): Promise<number> {
  const [count] = await own(organizationId, userId).select('VALUE COUNT(1)').where('c.read = false').all<number>();
  return count ?? 0;
}

export const unreadNotifications = (organizationId: string, userId: string) =>
  own(organizationId, userId).where('c.read = false').all<Stored<NotificationDoc>>();

/** Marks up to 100 notifications read in one transactional batch, each guarded by the ETag it was read with. */
export function markReadInBatch(organizationId: string, docs: Stored<NotificationDoc>[], readAt: string) {
  return commitBatch(
    containers().orgs,
    organizationId,
    docs.map((n) => ({ replace: { ...n, read: true, readAt }, ifMatch: n._etag })),
  );
}
