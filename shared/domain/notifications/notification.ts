import { randomUUID } from 'node:crypto';

/**
 * An in-app notification as stored in the organization's partition. Read state is `read` (03-decisions §8);
 * expiry is both a TTL for Cosmos and an `expiresAt` checked in code (the embedded store does not expire items).
 */
export interface NotificationDoc {
  id: string;
  docType: 'notification';
  organizationId: string;
  userId: string;
  type: string;
  title: string;
  message: string;
  actionUrl: string;
  meta: Record<string, unknown>;
  read: boolean;
  createdAt: string;
  expiresAt: string;
  ttl: number;
}

export const NOTIFICATION_TTL_SECONDS = 30 * 24 * 60 * 60;

export function newNotification(
  input: Pick<NotificationDoc, 'organizationId' | 'userId' | 'type' | 'title' | 'message' | 'actionUrl' | 'meta'>,
  now = new Date(),
): NotificationDoc {
  return {
    id: randomUUID(),
    docType: 'notification',
    ...input,
    read: false,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + NOTIFICATION_TTL_SECONDS * 1000).toISOString(),
    ttl: NOTIFICATION_TTL_SECONDS,
  };
}
