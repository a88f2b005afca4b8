import type { OrderDoc } from '../orders/model';
import { addDays, localDay } from '../invoicing/receivable';
import type { ReminderDoc } from './model';

export interface ReminderSettingsInput {
  enabled: boolean;
  daysAfterShowtime: number;
  repeatEveryDays: number;
  maxReminders: number;
}

/** The local hour from which a day's reminders go out (the timer runs hourly; the first pass after it sends). */
export const REMINDER_LOCAL_HOUR = 9;

export const localHour = (now: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));

type ReminderOrder = Pick<
  OrderDoc,
  | 'id'
  | 'status'
  | 'archived'
  | 'deletedAt'
  | 'soldByOrganizationId'
  | 'showtimeDateTime'
  | 'totalQuantity'
  | 'soldQuantity'
  | 'returnedQuantity'
>;

/** Tickets a delivered order still has in the member's hands: issued minus reported sold and returned. */
export const outstandingTickets = (order: ReminderOrder) =>
  Math.max(0, order.totalQuantity - (order.soldQuantity ?? 0) - (order.returnedQuantity ?? 0));

/**
 * An order is chased when it is delivered (never archived, settled, cancelled, deleted or partner-sold), still has
 * tickets out, and its showtime was at least `daysAfterShowtime` days ago in the organization's calendar.
 */
export function isOverdue(order: ReminderOrder, daysAfterShowtime: number, today: string, timeZone: string) {
  if (order.status !== 'delivered' || order.archived || order.deletedAt || order.soldByOrganizationId) return false;
  if (!order.showtimeDateTime || outstandingTickets(order) === 0) return false;
  return addDays(localDay(order.showtimeDateTime, timeZone), daysAfterShowtime) <= today;
}

export interface MemberPlan {
  /** The orders today's reminder lists (empty: no reminder today). */
  remind: string[];
  /** Orders that had every reminder and are not yet escalated. */
  escalate: string[];
}

/**
 * One member's day. Each overdue order counts the member reminders that listed it; below `maxReminders` it is
 * remindable, at the limit it goes to the ticket managers (once). A reminder goes out when something is
 * remindable and the member's last reminder is at least `repeatEveryDays` days old (or there is none): one e-mail
 * per member and period, listing every remindable order.
 */
export function memberPlan(
  overdueOrderIds: string[],
  records: Pick<ReminderDoc, 'kind' | 'day' | 'orderIds' | 'memberId'>[],
  escalatedOrderIds: Set<string>,
  settings: ReminderSettingsInput,
  today: string,
): MemberPlan {
  const sent = records.filter((r) => r.kind === 'member');
  const times = (orderId: string) => sent.filter((r) => r.orderIds.includes(orderId)).length;
  const remindable = overdueOrderIds.filter((id) => times(id) < settings.maxReminders);
  const escalate = overdueOrderIds.filter((id) => times(id) >= settings.maxReminders && !escalatedOrderIds.has(id));
  const last = sent.reduce<string | undefined>((latest, r) => (!latest || r.day > latest ? r.day : latest), undefined);
  const due = last === undefined || addDays(last, settings.repeatEveryDays) <= today;
  return { remind: due ? remindable : [], escalate };
}

/** The Monday of a day's ISO week: the period of the treasurers' weekly digest. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}
