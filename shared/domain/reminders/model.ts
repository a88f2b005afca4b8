import type { EmailMessage } from '../../email/mailer';

/**
 * A reminder send record (docs/decisions/invoices-and-reminders.md "Reminders"), in the organization's partition.
 * Its id is deterministic (kind, recipient, period), so two passes that decide the same send write the same id and
 * one of them gets 409. It is also the outbox entry: the e-mail is stored in it, written in the same transactional
 * batch as the in-app notification, then delivered (the mailer keys on the record id, so a re-delivery after a pass
 * died is not a second e-mail) and marked `delivered`.
 */
export const REMINDER_KINDS = ['member', 'escalation', 'digest'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export interface ReminderDoc {
  id: string;
  docType: 'reminder';
  organizationId: string;
  kind: ReminderKind;
  /** Who receives it. */
  recipientId: string;
  /** The member the reminder is about (member and escalation kinds). */
  memberId?: string;
  /** The organization's calendar day the pass decided on (YYYY-MM-DD). */
  day: string;
  /** The orders it lists (member and escalation kinds). */
  orderIds: string[];
  /** Absent when the recipient turned reminder e-mails off or has no address: the notification still goes. */
  email?: EmailMessage;
  notificationId: string;
  status: 'pending' | 'delivered';
  createdAt: string;
  deliveredAt?: string;
}

export const memberReminderId = (memberId: string, day: string) => `reminder-member-${memberId}-${day}`;
export const escalationId = (orderId: string, recipientId: string) => `reminder-escalation-${orderId}-${recipientId}`;
export const digestId = (recipientId: string, weekStart: string) => `reminder-digest-${recipientId}-${weekStart}`;
/** The in-app notification written beside a record: the record's id, so it too exists once. */
export const notificationIdOf = (reminderId: string) => `notification-${reminderId}`;
