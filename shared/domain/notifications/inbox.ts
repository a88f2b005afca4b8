import type { Principal } from '../users/principal';
import { notFound } from '../../errors';
import { isNotFound, isPreconditionFailed, withEtagRetry } from '../../store/outcomes';
import type { NotificationDoc } from './model';
import {
  countUnread,
  deleteNotificationDoc,
  getNotification,
  latestNotifications,
  markReadInBatch,
  replaceNotification,
  unreadNotifications,
} from './repo';

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

/** The 50 most recent unexpired notifications of the caller, and how many of all unexpired are unread. */
export async function listNotifications(principal: Principal, organizationId: string) {
  const [items, unread] = await Promise.all([
    latestNotifications(organizationId, principal.userId, NOTIFICATION_LIST_LIMIT),
    countUnread(organizationId, principal.userId),
  ]);
  return { items: items.map(toResponse), unreadCount: unread };
}

/** Someone else's notification is indistinguishable from a missing one (404). */
async function requireOwn(principal: Principal, organizationId: string, id: string) {
  const doc = /^[A-Za-z0-9-]{1,64}$/.test(id) ? await getNotification(organizationId, id) : undefined;
  if (!doc || doc.userId !== principal.userId || !isLive(doc)) throw notFound('Notification');
  return doc;
}

export async function markRead(principal: Principal, organizationId: string, id: string) {
  const saved = await withEtagRetry(async () => {
    const doc = await requireOwn(principal, organizationId, id);
    if (doc.read) return doc;
    return replaceNotification({ ...doc, read: true, readAt: new Date().toISOString() });
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
  const unread = await unreadNotifications(organizationId, principal.userId);
  const readAt = new Date().toISOString();
  for (let i = 0; i < unread.length; i += 100) {
    const chunk = unread.slice(i, i + 100);
    await markReadInBatch(organizationId, chunk, readAt);
    progress.updated += chunk.length;
  }
}

export async function deleteNotification(principal: Principal, organizationId: string, id: string) {
  const doc = await requireOwn(principal, organizationId, id);
  try {
    await deleteNotificationDoc(doc);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  return { deleted: true, id };
}
