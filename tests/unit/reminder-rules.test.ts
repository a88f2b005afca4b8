import { memberReminderEmail } from '../../shared/domain/reminders/messages';
import { isOverdue, localHour, memberPlan, outstandingTickets, weekStart } from '../../shared/domain/reminders/rules';
import { unsubscribeToken, userOfUnsubscribeToken } from '../../shared/domain/reminders/unsubscribe-token';

const settings = { enabled: true, daysAfterShowtime: 2, repeatEveryDays: 7, maxReminders: 2 };
const order = (fields: Record<string, unknown> = {}) =>
  ({
    id: 'o1',
    status: 'delivered',
    showtimeDateTime: '2027-05-01T18:00:00.000Z',
    totalQuantity: 3,
    soldQuantity: 1,
    ...fields,
  }) as never;

describe('which orders are chased', () => {
  it('delivered, tickets out, showtime day plus the delay reached in the organization zone', () => {
    expect(outstandingTickets(order({ returnedQuantity: 1 }))).toBe(1);
    expect(isOverdue(order(), 2, '2027-05-03', 'Europe/Helsinki')).toBe(true);
    expect(isOverdue(order(), 2, '2027-05-02', 'Europe/Helsinki')).toBe(false);
    // 23:30Z is 2 May in Helsinki (due 4 May) but still 1 May in New York (due 3 May)
    const late = order({ showtimeDateTime: '2027-05-01T23:30:00.000Z' });
    expect(isOverdue(late, 2, '2027-05-03', 'Europe/Helsinki')).toBe(false);
    expect(isOverdue(late, 2, '2027-05-04', 'Europe/Helsinki')).toBe(true);
    expect(isOverdue(late, 2, '2027-05-03', 'America/New_York')).toBe(true);
  });

  it('never an archived, settled, cancelled, deleted, partner-sold or fully reported order', () => {
    for (const fields of [
      { archived: true },
      { status: 'settled' },
      { status: 'cancelled' },
      { status: 'awaitingReconciliation' },
      { deletedAt: 'x' },
      { soldByOrganizationId: 'p' },
      { soldQuantity: 3 },
      { showtimeDateTime: undefined },
    ])
      expect(isOverdue(order(fields), 2, '2027-06-01', 'UTC')).toBe(false);
  });
});

describe('one member, one day', () => {
  const rec = (day: string, orderIds: string[], kind: 'member' | 'escalation' = 'member') => ({ kind, day, orderIds });

  it('reminds at once, then every repeatEveryDays, up to maxReminders, then escalates each order once', () => {
    expect(memberPlan(['a', 'b'], [], new Set(), settings, '2027-05-03')).toEqual({ remind: ['a', 'b'], escalate: [] });
    const first = [rec('2027-05-03', ['a', 'b'])];
    expect(memberPlan(['a', 'b'], first, new Set(), settings, '2027-05-09')).toEqual({ remind: [], escalate: [] });
    expect(memberPlan(['a', 'b', 'c'], first, new Set(), settings, '2027-05-10')).toEqual({
      remind: ['a', 'b', 'c'],
      escalate: [],
    });
    const two = [...first, rec('2027-05-10', ['a', 'b', 'c'])];
    expect(memberPlan(['a', 'b', 'c'], two, new Set(), settings, '2027-05-17')).toEqual({
      remind: ['c'],
      escalate: ['a', 'b'],
    });
    expect(memberPlan(['a', 'b'], two, new Set(['a']), settings, '2027-05-17')).toEqual({
      remind: [],
      escalate: ['b'],
    });
    expect(memberPlan(['a'], two, new Set(['a']), settings, '2027-05-12')).toEqual({ remind: [], escalate: [] });
  });

  it('counts only member reminders, and weeks start on Monday', () => {
    expect(
      memberPlan(['a'], [rec('2027-05-03', ['a'], 'escalation')], new Set(), settings, '2027-05-04').remind,
    ).toEqual(['a']);
    expect(weekStart('2027-05-03')).toBe('2027-05-03'); // a Monday
    expect(weekStart('2027-05-09')).toBe('2027-05-03'); // the Sunday after
    expect(localHour(new Date('2027-05-03T06:30:00.000Z'), 'Europe/Helsinki')).toBe(9);
  });
});

describe('the one-click token', () => {
  it('names its user and refuses anything changed', () => {
    const token = unsubscribeToken('user-1');
    expect(userOfUnsubscribeToken(token)).toBe('user-1');
    const [id, mac] = token.split('.');
    expect(userOfUnsubscribeToken(`${Buffer.from('user-2').toString('base64url')}.${mac}`)).toBeUndefined();
    expect(
      userOfUnsubscribeToken(`${id}.${mac.slice(0, 20)}${mac[20] === 'A' ? 'B' : 'A'}${mac.slice(21)}`),
    ).toBeUndefined();
    expect(userOfUnsubscribeToken(`${id}${mac}`)).toBeUndefined();
    expect(userOfUnsubscribeToken('')).toBeUndefined();
    expect(userOfUnsubscribeToken(`${id}=.${mac}`)).toBeUndefined();
  });

  it('has one spelling: every other last character is refused, also those that decode to the same MAC', () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const user of Array.from({ length: 16 }, (_, i) => `user-${i}`)) {
      const token = unsubscribeToken(user);
      expect(userOfUnsubscribeToken(token)).toBe(user);
      const others = [...ALPHABET].filter((c) => c !== token.at(-1)).map((c) => token.slice(0, -1) + c);
      expect(others.filter((t) => userOfUnsubscribeToken(t) !== undefined)).toEqual([]);
    }
  });
});

describe('the reminder e-mail speaks the person’s language', () => {
  it('has the subject, the lines and the opt-out link in en, de and fi', () => {
    const orders = [order({ eventId: 'e1', eventName: 'Gala', organizationId: 'org' })];
    const en = memberReminderEmail('a@example.org', 'Choir', 'org', 'u1', orders, 'en');
    const de = memberReminderEmail('a@example.org', 'Choir', 'org', 'u1', orders, 'de');
    const fi = memberReminderEmail('a@example.org', 'Choir', 'org', 'u1', orders, 'fi');
    expect(en.subject).toBe('Choir: please report your ticket sales');
    expect(de.subject).toBe('Choir: Bitte melden Sie Ihre Kartenverkäufe');
    expect(fi.subject).toBe('Choir: ilmoita lippumyyntisi');
    expect(de.text).toContain('2 Karte(n) als verkauft melden oder zurückgeben');
    for (const mail of [en, de, fi]) expect(mail.text).toContain('/reminders/unsubscribe?token=');
  });
});
