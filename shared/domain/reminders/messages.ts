import { config } from '../../config';
import type { EmailMessage } from '../../email/mailer';
import type { OrderDoc } from '../orders/model';
import { escapeHtml } from '../messages/locale';
import { REMINDER_WORDS } from '../messages/reminder-messages';
import { STAFF_REMINDER_WORDS } from '../messages/staff-reminder-messages';
import type { Locale } from '../organization-settings/model';
import { outstandingTickets } from './rules';
import { unsubscribeToken } from './unsubscribe-token';

/**
 * The web client's page of one of the member's orders: their orders (`/history`) opens the tab the order is in,
 * scrolled to it, after switching to the organization when the person belongs to several. Relative for the in-app
 * notification, absolute in the e-mail.
 */
export const orderPath = (organizationId: string, orderId: string) =>
  `/history?organizationId=${encodeURIComponent(organizationId)}&orderId=${encodeURIComponent(orderId)}`;
export const orderLink = (organizationId: string, orderId: string) =>
  `${config().appBaseUrl}${orderPath(organizationId, orderId)}`;

/**
 * A ticket manager's view of an event's delivered orders (the member's order is among them): `/history` lists the
 * caller's own orders, so it cannot be where the escalation sends a ticket manager.
 */
export const deliveredOrdersPath = (organizationId: string, eventId: string) =>
  `/manage/delivered?organizationId=${encodeURIComponent(organizationId)}&event=${encodeURIComponent(eventId)}`;

export const unsubscribeLink = (userId: string) =>
  `${config().appBaseUrl}/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}`;

/** Per event, the orders and what is still out (tickets to report as sold or return). */
export function eventLines(organizationId: string, orders: OrderDoc[], locale: Locale = 'en') {
  const byEvent = new Map<string, { eventName: string; orders: OrderDoc[] }>();
  for (const order of orders) {
    const entry = byEvent.get(order.eventId) ?? { eventName: order.eventName, orders: [] };
    entry.orders.push(order);
    byEvent.set(order.eventId, entry);
  }
  return [...byEvent.values()].map(({ eventName, orders: list }) => ({
    eventName,
    orders: list.map((order) => ({
      text: `${order.showtimeLabel ?? order.showtimeDateTime?.slice(0, 10) ?? ''}: ${REMINDER_WORDS[locale].outstanding(outstandingTickets(order))}`,
      link: orderLink(organizationId, order.id),
    })),
  }));
}

export function memberReminderEmail(
  to: string,
  organizationName: string,
  organizationId: string,
  userId: string,
  orders: OrderDoc[],
  locale: Locale,
): EmailMessage {
  const words = REMINDER_WORDS[locale];
  const events = eventLines(organizationId, orders, locale);
  const stop = unsubscribeLink(userId);
  const text = events
    .map((e) => `${e.eventName}\n${e.orders.map((o) => `- ${o.text}: ${o.link}`).join('\n')}`)
    .join('\n\n');
  return {
    to,
    subject: words.subject(organizationName),
    text: `${words.intro(organizationName)}\n\n${text}\n\n${words.stop}: ${stop}`,
    html:
      `<p>${escapeHtml(words.intro(organizationName))}</p>` +
      events
        .map(
          (e) =>
            `<h3>${escapeHtml(e.eventName)}</h3><ul>${e.orders
              .map((o) => `<li><a href="${escapeHtml(o.link)}">${escapeHtml(o.text)}</a></li>`)
              .join('')}</ul>`,
        )
        .join('') +
      `<p><a href="${escapeHtml(stop)}">${escapeHtml(words.stop)}</a></p>`,
  };
}

export function escalationEmail(
  to: string,
  organizationName: string,
  order: OrderDoc,
  reminders: number,
  locale: Locale = 'en',
): EmailMessage {
  const words = STAFF_REMINDER_WORDS[locale];
  const member = order.requestedByName;
  const text = words.escalationText(member, order.requestedByEmail, outstandingTickets(order), order.eventName);
  const link = `${config().appBaseUrl}${deliveredOrdersPath(order.organizationId, order.eventId)}`;
  return {
    to,
    subject: words.escalationSubject(organizationName, member, reminders),
    text: `${text}\n\n${words.openOrders}: ${link}`,
    html: `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(words.openOrders)}</a></p>`,
  };
}
