import { object } from '../vocabulary/schema-parts';
import { bool, integer, text, timestamp } from '../vocabulary/response-parts';

/** The notification mapper: `actionUrl` only when the notification links somewhere, `readAt` once read. */
export const notificationResponse = object(
  {
    id: text,
    type: text,
    title: text,
    message: text,
    actionUrl: text,
    // Open on purpose: each notification type carries its own details (the ids a client links to).
    meta: { type: 'object', additionalProperties: true },
    read: bool,
    readAt: timestamp,
    createdAt: timestamp,
    expiresAt: timestamp,
  },
  ['id', 'type', 'title', 'message', 'meta', 'read', 'createdAt', 'expiresAt'],
);

export const notificationListResponse = object(
  { items: { type: 'array', items: notificationResponse }, unreadCount: integer },
  ['items', 'unreadCount'],
);
export const markAllReadResponse = object({ updated: integer }, ['updated']);
export const notificationDeletedResponse = object({ deleted: { const: true }, id: text }, ['deleted', 'id']);
