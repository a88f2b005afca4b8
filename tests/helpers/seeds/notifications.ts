import { buildNotification, type NewNotification } from '../../../shared/domain/notifications/model';
import { notify } from '../../../shared/domain/notifications/repo';
import { containers } from '../../../shared/store/client';
import { createItem } from '../../../shared/store/operations';

/** Notifications: produced by other features, seeded through the same `notify` they call. */

export const seedNotifications = (orgId: string, notes: NewNotification[]) => notify(orgId, notes);

/** A notification created `ageMs` ago (past its lifetime the list must hide it even before the TTL runs). */
export const seedNotificationCreatedAgo = (orgId: string, note: NewNotification, ageMs: number) =>
  createItem(containers().orgs, buildNotification(orgId, note, Date.now() - ageMs));
