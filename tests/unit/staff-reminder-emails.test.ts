import { digestEmail, type DigestContent } from '../../shared/domain/reminders/digest';
import { escalationEmail, orderPath } from '../../shared/domain/reminders/messages';
import { STAFF_REMINDER_WORDS } from '../../shared/domain/messages/staff-reminder-messages';
import { REMINDER_NOTICE_WORDS } from '../../shared/domain/messages/reminder-notice-messages';
import { LOCALES } from '../../shared/domain/organization-settings/model';

/**
 * The reminder e-mails to staff speak each recipient's language (docs/decisions/invoices-and-reminders.md
 * "Languages"): the escalation to ticket managers and the treasurers' weekly digest, in en, de and fi.
 */
const order = {
  id: 'order-1',
  organizationId: 'org-1',
  eventId: 'event-9',
  eventName: 'Kevätkonsertti',
  requestedByName: 'Mia Member',
  requestedByEmail: 'mia@example.com',
  status: 'delivered',
  totalQuantity: 5,
  soldQuantity: 2,
} as never;

const content: DigestContent = {
  awaitingReconciliation: [{ eventName: 'Spring Concert', count: 3 }],
  unpaid: [{ eventName: 'Summer Gala', members: 2, outstanding: 1234.5 }],
};

describe('the escalation to ticket managers', () => {
  it.each([
    ['en', 'Mia Member has not reported after 2 reminders', 'still holds 3 ticket(s) of Kevätkonsertti'],
    ['de', 'Mia Member hat nach 2 Erinnerungen noch nicht abgerechnet', 'hat noch 3 Karte(n) für Kevätkonsertti'],
    ['fi', 'Mia Member ei ole tehnyt ilmoitusta 2 muistutuksen jälkeen', 'on yhä 3 lippua tapahtumaan Kevätkonsertti'],
  ] as const)('in %s', (locale, subject, text) => {
    const mail = escalationEmail('tm@example.com', 'Kuoro', order, 2, locale);
    expect(mail.subject).toBe(`Kuoro: ${subject}`);
    expect(mail.text).toContain(text);
    expect(mail.text).toContain(STAFF_REMINDER_WORDS[locale].openOrders);
    // The ticket manager is sent to the event's delivered orders, not to their own order history.
    expect(mail.text).toContain('/manage/delivered?organizationId=org-1&event=event-9');
    expect(mail.text).not.toContain('/history');
    expect(mail.html).toContain('href="http');
  });

  it('defaults to English', () => {
    expect(escalationEmail('tm@example.com', 'Kuoro', order, 2).subject).toContain('has not reported');
  });
});

describe('the treasurers’ weekly digest', () => {
  it.each([
    ['en', 'Kuoro: weekly treasurer digest', 'Orders awaiting reconciliation:', '2 member(s), €1,234.50 outstanding'],
    ['de', 'Kuoro: Wochenübersicht für die Kasse', 'auf den Abgleich warten:', '2 Mitglied(er), 1.234,50\u00a0€ offen'],
    [
      'fi',
      'Kuoro: rahastonhoitajan viikkokooste',
      'Täsmäytystä odottavat tilaukset:',
      '2 jäsen(tä), avoinna 1\u00a0234,50\u00a0€',
    ],
  ] as const)('in %s, money to the cent in the language’s form', (locale, subject, heading, unpaid) => {
    const mail = digestEmail('t@example.com', 'Kuoro', 'EUR', locale, content);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(heading);
    expect(mail.text).toContain('- Spring Concert: 3');
    expect(mail.text).toContain(`- Summer Gala: ${unpaid}`);
  });

  it('says none in the language when a list is empty', () => {
    for (const locale of LOCALES) {
      const mail = digestEmail('t@example.com', 'Kuoro', 'EUR', locale, { ...content, unpaid: [] });
      expect(mail.text).toContain(`- ${STAFF_REMINDER_WORDS[locale].none}`);
    }
  });

  it('escapes what it puts in the HTML', () => {
    const mail = digestEmail('t@example.com', '<b>Kuoro</b>', 'EUR', 'en', content);
    expect(mail.html).toContain('&lt;b&gt;Kuoro&lt;/b&gt;');
  });
});

describe('the member’s order link', () => {
  it('is a path of the web client naming the organization and the order', () => {
    expect(orderPath('org 1', 'order-1')).toBe('/history?organizationId=org%201&orderId=order-1');
  });
});

describe('the reminders’ in-app notifications', () => {
  it('count in each language’s singular and plural', () => {
    const words = (locale: (typeof LOCALES)[number]) => REMINDER_NOTICE_WORDS[locale];
    expect([words('en').ordersOut('Gala', 1), words('en').ordersOut('Gala', 3)]).toEqual([
      'Gala: 1 order with tickets still out',
      'Gala: 3 orders with tickets still out',
    ]);
    expect([words('de').digestMessage(1, 1), words('de').digestMessage(2, 0)]).toEqual([
      '1 Bestellung wartet auf den Abgleich, 1 Rechnung nicht bezahlt',
      '2 Bestellungen warten auf den Abgleich, 0 Rechnungen nicht bezahlt',
    ]);
    expect([words('fi').ordersOut('Gaala', 1), words('fi').ordersOut('Gaala', 2)]).toEqual([
      'Gaala: 1 tilaus, jonka lippuja ei ole vielä ilmoitettu',
      'Gaala: 2 tilausta, joiden lippuja ei ole vielä ilmoitettu',
    ]);
    // Every language has every word: none falls back to another language's.
    for (const locale of LOCALES) expect(Object.keys(words(locale)).sort()).toEqual(Object.keys(words('en')).sort());
  });
});
