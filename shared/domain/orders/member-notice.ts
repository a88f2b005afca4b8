import { config } from '../../config';
import { getMailer } from '../../email/mailer';
import { logError } from '../../telemetry/telemetry';
import { effectiveLocale } from '../messages/locale';
import { orderEmail, orderNotificationText, orderNotificationType, type OrderEvent } from '../messages/order-messages';
import { buildNotification } from '../notifications/model';
import { notificationCreates } from '../notifications/repo';
import { settingsOf } from '../organization-settings/model';
import { getOrganization } from '../organizations/repo';
import type { UserDoc } from '../users/model';
import type { Principal } from '../users/principal';
import { getUser } from '../users/repo';
import type { OrderDoc } from './model';

/**
 * A member hears when something happens to their ticket order (issue 33): an in-app notification, written in the
 * same transactional batch as the order, and an e-mail when they chose e-mails (`notificationEmails`), sent after the
 * commit. Both in the member's language (their own, else the organization's, else English). Not for a move the member
 * made themselves, nor for a partner's delegated order (its people read another organization's notifications).
 * Costs two point reads (the member and the organization, in parallel), once per request whatever the retries.
 */
export interface MemberNotice {
  recipient: UserDoc;
  locale: ReturnType<typeof effectiveLocale>;
}

const hearsAbout = (order: OrderDoc, principal: Principal) =>
  order.requestedBy !== principal.userId && !order.soldByOrganizationId && !order.delegationId;

/** The recipient and their language, or undefined when nobody is to be told (read once, kept across retries). */
export async function noticeRecipient(order: OrderDoc, principal: Principal): Promise<MemberNotice | undefined> {
  if (!hearsAbout(order, principal)) return undefined;
  const [recipient, organization] = await Promise.all([
    getUser(order.requestedBy),
    getOrganization(order.organizationId),
  ]);
  if (!recipient || recipient.deletedAt) return undefined;
  return { recipient, locale: effectiveLocale(recipient.locale, settingsOf(organization ?? {}).defaultLocale) };
}

const factsOf = (order: OrderDoc) => ({
  eventName: order.eventName,
  quantity: order.totalQuantity,
  ...(order.cancelReason ? { reason: order.cancelReason } : {}),
});

/** The notification create that rides in the order's batch. */
export function noticeWrites(
  notice: MemberNotice | undefined,
  event: OrderEvent,
  order: OrderDoc,
): ReturnType<typeof notificationCreates> {
  if (!notice) return [];
  const { title, message } = orderNotificationText(notice.locale, event, factsOf(order));
  const doc = buildNotification(order.organizationId, {
    userId: notice.recipient.id,
    type: orderNotificationType(event),
    title,
    message,
    actionUrl: `/history?orderId=${encodeURIComponent(order.id)}`,
    meta: { orderId: order.id, eventId: order.eventId, status: order.status },
  });
  return notificationCreates([doc]);
}

/** The e-mail, after the order is saved; a failed send is logged, never undoes or fails the move. */
export async function sendNoticeEmail(notice: MemberNotice | undefined, event: OrderEvent, order: OrderDoc) {
  if (!notice || notice.recipient.notificationEmails !== true) return;
  const url =
    `${config().appBaseUrl}/history?organizationId=${encodeURIComponent(order.organizationId)}` +
    `&orderId=${encodeURIComponent(order.id)}`;
  try {
    await getMailer().send({ to: notice.recipient.email, ...orderEmail(notice.locale, event, factsOf(order), url) });
  } catch (error) {
    logError(error, { operation: 'orders.memberNoticeEmail' });
  }
}
