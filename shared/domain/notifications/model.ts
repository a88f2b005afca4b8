import { randomUUID } from 'node:crypto';

/** In-app notifications: one document per recipient in the organization's partition, alive about 30 days. */
export const NOTIFICATION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

export interface NotificationDoc {
  id: string;
  docType: 'notification';
  organizationId: string;
  userId: string;
  type: string;
  title: string;
  message: string;
  actionUrl?: string;
  meta?: Record<string, unknown>;
  read: boolean;
  readAt?: string;
  createdAt: string;
  /** Checked in code as well: the embedded store never expires items and Cosmos TTL is lazy. */
  expiresAt: string;
  ttl: number;
}

/** What a feature says when it notifies; the store fields are added by `buildNotification`. */
export type NewNotification = Pick<NotificationDoc, 'userId' | 'type' | 'title' | 'message' | 'actionUrl' | 'meta'>;

export function buildNotification(organizationId: string, input: NewNotification, now = Date.now()): NotificationDoc {
  return {
    id: randomUUID(),
    docType: 'notification',
    organizationId,
    userId: input.userId,
    type: input.type,
    title: input.title,
    message: input.message,
    ...(input.actionUrl !== undefined ? { actionUrl: input.actionUrl } : {}),
    ...(input.meta !== undefined ? { meta: input.meta } : {}),
    read: false,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + NOTIFICATION_LIFETIME_SECONDS * 1000).toISOString(),
    ttl: NOTIFICATION_LIFETIME_SECONDS,
  };
}
