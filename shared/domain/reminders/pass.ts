import { getMailer } from '../../email/mailer';
import { isConflict } from '../../store/outcomes';
import { logError } from '../../telemetry/telemetry';
import { invoiceSettingsOf, paymentTermsOf } from '../invoicing/invoice-settings';
import { DigestFold, digestEmail, digestIsEmpty } from './digest';
import { localDay } from '../invoicing/receivable';
import { effectiveLocale } from '../messages/locale';
import { REMINDER_NOTICE_WORDS } from '../messages/reminder-notice-messages';
import type { Locale } from '../organization-settings/model';
import { settingsOf } from '../organization-settings/model';
import { allMemberships } from '../memberships/repo';
import { buildNotification, type NotificationDoc } from '../notifications/model';
import type { OrderDoc } from '../orders/model';
import type { OrganizationDoc } from '../organizations/model';
import type { UserDoc } from '../users/model';
import { liveUsersByIdsAcrossPartitions } from '../users/repo';
import { deliveredOrdersPath, escalationEmail, memberReminderEmail, orderPath } from './messages';
import { digestId, escalationId, memberReminderId, notificationIdOf, type ReminderDoc } from './model';
import {
  createReminderWithNotification,
  deliveredOrders,
  digestDocumentPages,
  liveOrganizationPages,
  markReminderDelivered,
  reminderRecords,
} from './repo';
import { reminderSettingsOf } from './settings';
import { isOverdue, localHour, memberPlan, REMINDER_LOCAL_HOUR, weekStart } from './rules';

export interface ReminderReport {
  organizations: number;
  reminded: number;
  escalated: number;
  digests: number;
  redelivered: number;
  failures: { organizationId: string; message: string }[];
}

/**
 * One reminder pass over every live organization (docs/decisions/invoices-and-reminders.md "Reminders"). The timer
 * runs it hourly; an organization is visited from REMINDER_LOCAL_HOUR on in its own time zone, and what a day owes
 * is decided from the store alone, so any number of passes (parallel, repeated, one dying halfway) send each
 * reminder once. `now` is the clock (tests control it); `organizationIds` limits the pass (tests, manual runs).
 */
export async function remindersOnce(options: { now?: Date; organizationIds?: string[] } = {}): Promise<ReminderReport> {
  const now = options.now ?? new Date();
  const report: ReminderReport = {
    organizations: 0,
    reminded: 0,
    escalated: 0,
    digests: 0,
    redelivered: 0,
    failures: [],
  };
  for await (const page of liveOrganizationPages()) {
    for (const organization of page) {
      if (options.organizationIds && !options.organizationIds.includes(organization.id)) continue;
      try {
        if (await remindOrganization(organization, now, report)) report.organizations += 1;
      } catch (error) {
        logError(error, { operation: 'reminders.organization', organizationId: organization.id });
        report.failures.push({ organizationId: organization.id, message: (error as Error).message });
      }
    }
  }
  return report;
}

async function remindOrganization(organization: OrganizationDoc, now: Date, report: ReminderReport) {
  const settings = reminderSettingsOf(organization);
  const { timeZone } = invoiceSettingsOf(organization);
  if (!settings.enabled || localHour(now, timeZone) < REMINDER_LOCAL_HOUR) return false;
  const today = localDay(now, timeZone);
  const [orders, records, memberships] = await Promise.all([
    deliveredOrders(organization.id),
    reminderRecords(organization.id),
    allMemberships(organization.id),
  ]);

  // A pass that died after writing a record but before delivering it: deliver now (the mailer keys on the id).
  for (const record of records.filter((r) => r.status === 'pending')) {
    await deliver(record, now);
    report.redelivered += 1;
  }

  // Never to a removed or unapproved member: only approved memberships count.
  const approved = new Map(memberships.filter((m) => m.approved).map((m) => [m.userId, m]));
  const overdueByMember = new Map<string, OrderDoc[]>();
  for (const order of orders) {
    if (!approved.has(order.requestedBy)) continue;
    if (!isOverdue(order, settings.daysAfterShowtime, today, timeZone)) continue;
    const listed = overdueByMember.get(order.requestedBy);
    if (listed) listed.push(order);
    else overdueByMember.set(order.requestedBy, [order]);
  }
  const escalated = new Set(records.filter((r) => r.kind === 'escalation').flatMap((r) => r.orderIds));
  const plans = [...overdueByMember].map(([memberId, memberOrders]) => ({
    memberId,
    orders: memberOrders,
    plan: memberPlan(
      memberOrders.map((o) => o.id),
      records.filter((r) => r.memberId === memberId),
      escalated,
      settings,
      today,
    ),
  }));
  const work = plans.filter((p) => p.plan.remind.length > 0 || p.plan.escalate.length > 0);
  // The weekly digest: treasurers without this week's record yet (most passes: none, and no query for it).
  const week = weekStart(today);
  const treasurers = [...approved.values()]
    .filter((m) => m.role === 'treasurer' && !records.some((r) => r.id === digestId(m.userId, week)))
    .map((m) => m.userId);
  if (work.length === 0 && treasurers.length === 0) return true;

  const managers = [...approved.values()].filter((m) => m.role === 'ticketManager').map((m) => m.userId);
  const escalating = work.some((p) => p.plan.escalate.length > 0);
  const users = await liveUsersByIdsAcrossPartitions([
    ...work.map((p) => p.memberId),
    ...(escalating ? managers : []),
    ...treasurers,
  ]);

  for (const { memberId, orders: memberOrders, plan } of work) {
    if (plan.remind.length > 0) {
      const listed = memberOrders.filter((o) => plan.remind.includes(o.id));
      const member = users.get(memberId);
      const locale = localeOf(member, organization);
      const record = memberRecord(organization, memberId, listed, member, locale, today, now);
      const notice = notificationFor(organization.id, record, listed, locale, now);
      if (await write(record, notice, now)) report.reminded += 1;
    }
    for (const orderId of plan.escalate) {
      const order = memberOrders.find((o) => o.id === orderId)!;
      for (const managerId of managers) {
        const manager = users.get(managerId);
        const locale = localeOf(manager, organization);
        const record: ReminderDoc = {
          id: escalationId(order.id, managerId),
          docType: 'reminder',
          organizationId: organization.id,
          kind: 'escalation',
          recipientId: managerId,
          memberId,
          day: today,
          orderIds: [order.id],
          ...(manager && manager.reminderEmails !== false
            ? {
                email: escalationEmail(manager.email, organization.name, order, settings.maxReminders, locale),
              }
            : {}),
          notificationId: notificationIdOf(escalationId(order.id, managerId)),
          status: 'pending',
          createdAt: now.toISOString(),
        };
        const notice = notificationFor(organization.id, record, [order], locale, now);
        if (await write(record, notice, now)) report.escalated += 1;
      }
    }
  }
  if (treasurers.length > 0) await sendDigests(organization, treasurers, users, today, week, now, report);
  return true;
}

async function sendDigests(
  organization: OrganizationDoc,
  treasurers: string[],
  users: Map<string, UserDoc>,
  today: string,
  week: string,
  now: Date,
  report: ReminderReport,
) {
  const settings = invoiceSettingsOf(organization);
  const fold = new DigestFold();
  for await (const page of digestDocumentPages(organization.id)) for (const doc of page) fold.add(doc);
  const content = fold.content(organization.id, settings.timeZone, paymentTermsOf(settings), today);
  if (digestIsEmpty(content)) return;
  for (const treasurerId of treasurers) {
    const user = users.get(treasurerId);
    const locale = localeOf(user, organization);
    const id = digestId(treasurerId, week);
    const record: ReminderDoc = {
      id,
      docType: 'reminder',
      organizationId: organization.id,
      kind: 'digest',
      recipientId: treasurerId,
      day: today,
      orderIds: [],
      ...(user && user.reminderEmails !== false
        ? {
            email: digestEmail(user.email, organization.name, settings.currency, locale, content),
          }
        : {}),
      notificationId: notificationIdOf(id),
      status: 'pending',
      createdAt: now.toISOString(),
    };
    const notification: NotificationDoc = {
      ...buildNotification(
        organization.id,
        {
          userId: treasurerId,
          type: 'treasurerDigest',
          title: REMINDER_NOTICE_WORDS[locale].digestTitle,
          message: REMINDER_NOTICE_WORDS[locale].digestMessage(
            content.awaitingReconciliation.reduce((n, e) => n + e.count, 0),
            content.unpaid.reduce((n, e) => n + e.members, 0),
          ),
          meta: { reminderId: id },
        },
        now.getTime(),
      ),
      id: record.notificationId,
    };
    if (await write(record, notification, now)) report.digests += 1;
  }
}

function memberRecord(
  organization: OrganizationDoc,
  memberId: string,
  orders: OrderDoc[],
  user: UserDoc | undefined,
  locale: Locale,
  today: string,
  now: Date,
): ReminderDoc {
  const id = memberReminderId(memberId, today);
  return {
    id,
    docType: 'reminder',
    organizationId: organization.id,
    kind: 'member',
    recipientId: memberId,
    memberId,
    day: today,
    orderIds: orders.map((o) => o.id),
    // Opted out (profile or one-click link) or no live user: the notification alone.
    ...(user && user.reminderEmails !== false
      ? {
          email: memberReminderEmail(user.email, organization.name, organization.id, memberId, orders, locale),
        }
      : {}),
    notificationId: notificationIdOf(id),
    status: 'pending',
    createdAt: now.toISOString(),
  };
}

/** The language a recipient is written to: their own `locale`, else the organization's default (e-mail and in-app). */
const localeOf = (user: UserDoc | undefined, organization: OrganizationDoc): Locale =>
  effectiveLocale(user?.locale, settingsOf(organization).defaultLocale);

/** The in-app side of a member reminder or an escalation, in its recipient's language (`locale`). */
function notificationFor(
  organizationId: string,
  record: ReminderDoc,
  orders: OrderDoc[],
  locale: Locale,
  now: Date,
): NotificationDoc {
  const words = REMINDER_NOTICE_WORDS[locale];
  const events = [...new Set(orders.map((o) => o.eventName))].join(', ');
  const title = record.kind === 'member' ? words.memberTitle : words.escalationTitle;
  return {
    ...buildNotification(
      organizationId,
      {
        userId: record.recipientId,
        type: record.kind === 'member' ? 'reportReminder' : 'reportReminderEscalation',
        title,
        message: words.ordersOut(events, orders.length),
        // In-app links are paths of the web client (the notifications page follows only those).
        actionUrl:
          record.kind === 'member'
            ? orderPath(organizationId, orders[0]!.id)
            : deliveredOrdersPath(organizationId, orders[0]!.eventId),
        meta: {
          reminderId: record.id,
          orderIds: record.orderIds,
          eventIds: [...new Set(orders.map((o) => o.eventId))],
        },
      },
      now.getTime(),
    ),
    id: record.notificationId,
  };
}

/** Writes the record with its notification (409: another pass did, nothing to do), then delivers it. */
async function write(record: ReminderDoc, notification: NotificationDoc, now: Date): Promise<boolean> {
  try {
    await createReminderWithNotification(record, notification);
  } catch (error) {
    if (isConflict(error)) return false;
    throw error;
  }
  await deliver(record, now);
  return true;
}

async function deliver(record: ReminderDoc, now: Date) {
  if (record.email) await getMailer().send({ ...record.email, messageId: record.id });
  await markReminderDelivered(record, now.toISOString());
}
