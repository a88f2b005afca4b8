import { defineRoute } from '../shared/http/define-route';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import * as notifications from '../shared/domain/notifications/inbox';
import {
  markAllReadResponse,
  notificationDeletedResponse,
  notificationListResponse,
  notificationResponse,
} from '../shared/domain/notifications/responses';

const tags = ['notifications'];

defineRoute({
  name: 'notifications-list',
  method: 'GET',
  route: 'notifications',
  auth: 'member',
  tags,
  summary: 'The caller’s 50 most recent unexpired notifications and the unread count',
  response: notificationListResponse,
  handler: ({ principal, organizationId }) => notifications.listNotifications(principal, organizationId),
});

defineRoute({
  name: 'notifications-read-all',
  method: 'POST',
  route: 'notifications/read-all',
  auth: 'member',
  tags,
  summary: 'Mark every notification of the caller read',
  body: emptyBody,
  response: markAllReadResponse,
  handler: ({ principal, organizationId }) => notifications.markAllRead(principal, organizationId),
});

defineRoute({
  name: 'notifications-read',
  method: 'POST',
  route: 'notifications/{id}/read',
  auth: 'member',
  tags,
  summary: 'Mark one of the caller’s notifications read',
  body: emptyBody,
  response: notificationResponse,
  handler: ({ principal, organizationId, params }) => notifications.markRead(principal, organizationId, params.id),
});

defineRoute({
  name: 'notifications-delete',
  method: 'DELETE',
  route: 'notifications/{id}',
  auth: 'member',
  tags,
  summary: 'Delete one of the caller’s notifications',
  body: emptyBody,
  response: notificationDeletedResponse,
  handler: ({ principal, organizationId, params }) =>
    notifications.deleteNotification(principal, organizationId, params.id),
});
