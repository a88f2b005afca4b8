import { getMailer } from '../../../email/mailer';
import { runWithRequestContext } from '../../../request-context';
import { logError } from '../../../telemetry/telemetry';
import { listMembershipsOfUserAcrossOrganizations } from '../../memberships/repo';
import { buildNotification } from '../../notifications/model';
import { getOrganization } from '../../organizations/repo';
import { findUserByEmail } from '../../users/repo';
import {
  FAN_OUT_ORGANIZATION_CAP,
  incidentKeyOf,
  notificationIdOf,
  notificationTtlSeconds,
  pendingRecordIdOf,
  type SharedEventPendingInvitationDoc,
} from './rules';
import type { SharedEventDoc, SharedEventInvitationLinkDoc } from '../model';
import { createInvitationNotificationOnce, createPendingInvitationOnce } from '../repo';

/**
 * Invitation delivery (docs/shared-events.md rule 7): a best-effort e-mail to the address given at link creation, and the in-app
 * fan-out to the user behind that address. Both run detached from the request, in a store-call context of their
 * own, so neither the answer, its timing nor its store-call count tells the organizer whether a user matched.
 * The address lives only in this closure: it is never written anywhere.
 */
export interface InvitationDelivery {
  email: string;
  url: string;
  link: SharedEventInvitationLinkDoc;
  sharedEvent: Pick<SharedEventDoc, 'sharedEventId' | 'name' | 'organizerOrgId'>;
}

export const INVITATION_NOTIFICATION_TYPE = 'shared_event_invitation_received';
/** Fixed; the client localizes it by `type`. */
export const INVITATION_NOTIFICATION_TITLE = 'Shared Event invitation';
export const PENDING_INVITATIONS_ACTION_URL = '/shared-events/pending-invitations';

const inFlight = new Set<Promise<void>>();

/** Starts delivery and returns at once; failures are logged, never thrown. */
export function startInvitationDelivery(delivery: InvitationDelivery): void {
  const run = runWithRequestContext(async () => {
    await Promise.all([sendInvitationEmail(delivery), fanOutNotifications(delivery)]);
  })
    .catch((error) => logError(error, { operation: 'sharedEventInvitation.delivery' }))
    .finally(() => inFlight.delete(run));
  inFlight.add(run);
}

/** Test hook: waits until every delivery started so far has finished. */
export async function settleInvitationDeliveries(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

async function sendInvitationEmail({ email, url, sharedEvent }: InvitationDelivery) {
  try {
    await getMailer().send({
      to: email,
      subject: `Invitation to the Shared Event ${sharedEvent.name}`,
      text: `Your organization is invited to join the Shared Event "${sharedEvent.name}". Open ${url} to accept.`,
      html: `<p>Your organization is invited to join the Shared Event <strong>${escapeHtml(sharedEvent.name)}</strong>.</p><p><a href="${escapeHtml(url)}">Accept the invitation</a></p>`,
    });
  } catch (error) {
    logError(error, { operation: 'sharedEventInvitation.email' });
  }
}

/**
 * The user with that address (not soft-deleted), each organization they administer as an approved admin (at
 * most 10 partitions, lowest ids first so a repeat picks the same ones), one pending record and one notification
 * per (invitation, recipient, organization). Deterministic ids make a repeat a 409, which counts as success.
 */
async function fanOutNotifications({ email, link, sharedEvent }: InvitationDelivery) {
  const user = await findUserByEmail(email);
  if (!user || user.deletedAt) return;
  const memberships = await listMembershipsOfUserAcrossOrganizations(user.id);
  const organizationIds = [
    ...new Set(
      memberships
        .filter((m) => m.approved && m.role === 'admin' && !m.organizationDeletedAt)
        .map((m) => m.organizationId),
    ),
  ]
    .sort()
    .slice(0, FAN_OUT_ORGANIZATION_CAP);
  if (organizationIds.length === 0) return;
  const now = Date.now();
  const ttl = notificationTtlSeconds(link.expiresAt, now);
  if (ttl <= 0) return;
  const organizer = sharedEvent.organizerOrgId ? await getOrganization(sharedEvent.organizerOrgId) : undefined;
  const organizerOrganizationName = organizer && !organizer.deletedAt ? organizer.name : undefined;
  await Promise.all(
    organizationIds.map(async (organizationId) => {
      const record: SharedEventPendingInvitationDoc = {
        id: pendingRecordIdOf(link.id, user.id),
        docType: 'sharedEventPendingInvitation',
        organizationId,
        recipientUserId: user.id,
        invitationId: link.id,
        sharedEventId: sharedEvent.sharedEventId,
        sharedEventName: sharedEvent.name,
        ...(organizerOrganizationName !== undefined ? { organizerOrganizationName } : {}),
        expiresAt: link.expiresAt,
        createdAt: new Date(now).toISOString(),
        ttl,
        schemaVersion: 1,
      };
      // The record first: a notification never points at a pending invitation that is not there.
      await createPendingInvitationOnce(record);
      const incidentKey = incidentKeyOf(link.id, user.id, organizationId);
      const notification = buildNotification(
        organizationId,
        {
          userId: user.id,
          type: INVITATION_NOTIFICATION_TYPE,
          title: INVITATION_NOTIFICATION_TITLE,
          message: `Your organization is invited to join the Shared Event "${sharedEvent.name}".`,
          actionUrl: PENDING_INVITATIONS_ACTION_URL,
          meta: {
            sharedEventId: sharedEvent.sharedEventId,
            sharedEventName: sharedEvent.name,
            ...(organizerOrganizationName !== undefined ? { organizerOrganizationName } : {}),
          },
        },
        now,
      );
      await createInvitationNotificationOnce({
        ...notification,
        id: notificationIdOf(incidentKey),
        expiresAt: new Date(now + ttl * 1000).toISOString(),
        ttl,
        incidentKey,
      });
    }),
  );
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
