import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import { containers } from '../../store/client';
import { commitBatch } from '../../store/batch';
import { deleteItem, queryAll, readItem, replaceItem } from '../../store/operations';
import { isNotFound, isPreconditionFailed, withEtagRetry } from '../../store/outcomes';
import type { NotificationDoc } from './store';

export const NOTIFICATION_LIST_LIMIT = 50;

const isLive = (n: NotificationDoc, now = Date.now()) => Date.parse(n.expiresAt) > now;

function toResponse(n: NotificationDoc) {
  return {
    id: n.id,
    type: n.type,
    title: n.title,
    message: n.message,
    ...(n.actionUrl !== undefined ? { actionUrl: n.actionUrl } : {}),
    meta: n.meta ?? {},
    read: n.read,
    ...(n.readAt ? { readAt: n.readAt } : {}),
    createdAt: n.createdAt,
    expiresAt: n.expiresAt,
  };
}

const ownFilter = "c.organizationId = @org AND c.docType = 'notification' AND c.userId = @user AND c.expiresAt > @now";
const ownParams = (principal: Principal, organizationId: string) => [
  { name: '@org', value: organizationId },
  { name: '@user', value: principal.userId },
  { name: '@now', value: new Date().toISOString() },
];

/** The 50 most recent unexpired notifications of the caller, and how many of all unexpired are unread. */
export async function listNotifications(principal: Principal, organizationId: string) {
  const [items, unread] = await Promise.all([
    queryAll<NotificationDoc>(containers().orgs, organizationId, {
      query: `SELECT TOP ${NOTIFICATION_LIST_LIMIT} * FROM c WHERE ${ownFilter} ORDER BY c.createdAt DESC`,
      parameters: ownParams(principal, organizationId),
    }),
    queryAll<number>(containers().orgs, organizationId, {
      query: `SELECT VALUE COUNT(1) FROM c WHERE ${ownFilter} AND c.read = false`,
      parameters: ownParams(principal, organizationId),
    }),
  ]);
  return { items: items.map(toResponse), unreadCount: unread[0] ?? 0 };
}

/** Someone else's notification is indistinguishable from a missing one (404). */
async function requireOwn(principal: Principal, organizationId: string, id: string) {
  const doc = /^[A-Za-z0-9-]{1,64}$/.test(id)
    ? await readItem<NotificationDoc>(containers().orgs, organizationId, id)
    : undefined;
  if (!doc || doc.docType !== 'notification' || doc.userId !== principal.userId || !isLive(doc))
    throw notFound('Notification');
  return doc;
}

export async function markRead(principal: Principal, organizationId: string, id: string) {
  const saved = await withEtagRetry(async () => {
    const doc = await requireOwn(principal, organizationId, id);
    if (doc.read) return doc;
    return replaceItem(
      containers().orgs,
      organizationId,
      { ...doc, read: true, readAt: new Date().toISOString() },
      doc._etag,
    );
  });
  return toResponse(saved);
}

/**
 * Marks every unread notification of the caller read, in transactional batches of the partition. A notification
 * deleted (404) or changed (412) between the query and the batch fails that batch; the pass then runs again on a
 * fresh query, which no longer lists what is gone or already read, instead of ending in a 500.
 */
export async function markAllRead(principal: Principal, organizationId: string) {
  const progress = { updated: 0 };
  for (let attempt = 1; ; attempt += 1) {
    try {
      await markAllReadOnce(principal, organizationId, progress);
      return { updated: progress.updated };
    } catch (error) {
      if ((!isNotFound(error) && !isPreconditionFailed(error)) || attempt >= 3) throw error;
    }
  }
}

async function markAllReadOnce(principal: Principal, organizationId: string, progress: { updated: number }) {
  const unread = await queryAll<NotificationDoc & { _etag: string }>(containers().orgs, organizationId, {
    query: `SELECT * FROM c WHERE ${ownFilter} AND c.read = false`,
    parameters: ownParams(principal, organizationId),
  });
  const readAt = new Date().toISOString();
  for (let i = 0; i < unread.length; i += 100) {
    const chunk = unread.slice(i, i + 100);
    await commitBatch(
      containers().orgs,
      organizationId,
      chunk.map((n) => ({ replace: { ...n, read: true, readAt }, ifMatch: n._etag })),
    );
    progress.updated += chunk.length;
  }
}

export async function deleteNotification(principal: Principal, organizationId: string, id: string) {
  const doc = await requireOwn(principal, organizationId, id);
  try {
    await deleteItem(containers().orgs, organizationId, doc.id, doc._etag);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  return { deleted: true, id };
}
