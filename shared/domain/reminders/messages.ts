import { config } from '../../config';
import type { EmailMessage } from '../../email/mailer';
import type { OrderDoc } from '../orders/model';
import { escapeHtml } from '../messages/locale';
import { REMINDER_WORDS } from '../messages/reminder-messages';
import type { Locale } from '../organization-settings/model';
import { outstandingTickets } from './rules';
import { unsubscribeToken } from './unsubscribe-token';

/** The web client's page of one order (the member's history opens it). */
export const orderLink = (organizationId: string, orderId: string) =>
  `${config().appBaseUrl}/history?organizationId=${encodeURIComponent(organizationId)}&orderId=${encodeURIComponent(orderId)}`;

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
): EmailMessage {
  const subject = `${organizationName}: ${order.requestedByName} has not reported after ${reminders} reminders`;
  const text = `${order.requestedByName} (${order.requestedByEmail}) still holds ${outstandingTickets(order)} ticket(s) of ${order.eventName}.`;
  const link = orderLink(order.organizationId, order.id);
  return {
    to,
    subject,
    text: `${text}\n\n${link}`,
    html: `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(link)}">Open the order</a></p>`,
  };
}
