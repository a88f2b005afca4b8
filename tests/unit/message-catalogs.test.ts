import { LOCALES } from '../../shared/domain/organization-settings/model';
import { effectiveLocale } from '../../shared/domain/messages/locale';
import { LOGIN_WORDS, loginMessage } from '../../shared/domain/messages/login-messages';
import {
  ORDER_EVENTS,
  ORDER_WORDS,
  orderEmail,
  orderNotificationText,
} from '../../shared/domain/messages/order-messages';

/** Every catalog entry in every language, keys alike, words not left in English by mistake. */
const keysOf = (value: unknown): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v).map((sub) => `${k}.${sub}`)])
    : [];

describe('message catalogs', () => {
  it.each([
    ['login', LOGIN_WORDS],
    ['order', ORDER_WORDS],
  ])('the %s catalog has the same keys in en, de and fi', (_name, catalog) => {
    expect(Object.keys(catalog).sort()).toEqual([...LOCALES].sort());
    const en = keysOf(catalog.en).sort();
    for (const locale of LOCALES) expect(keysOf(catalog[locale]).sort()).toEqual(en);
  });

  it('says every order event differently in every language (no English left in de or fi)', () => {
    for (const event of ORDER_EVENTS) {
      const texts = LOCALES.map((l) => orderNotificationText(l, event, { eventName: 'Gala', quantity: 2 }));
      expect(new Set(texts.map((t) => t.title)).size).toBe(3);
      expect(new Set(texts.map((t) => t.message)).size).toBe(3);
    }
  });

  it('counts tickets with plurals in each language', () => {
    const one = (l: (typeof LOCALES)[number]) => orderNotificationText(l, 'approved', { eventName: 'X', quantity: 1 });
    const many = (l: (typeof LOCALES)[number]) => orderNotificationText(l, 'approved', { eventName: 'X', quantity: 3 });
    expect(one('en').message).toContain('1 ticket for');
    expect(many('en').message).toContain('3 tickets for');
    expect(one('de').message).toContain('1 Karte');
    expect(many('de').message).toContain('3 Karten');
    expect(one('fi').message).toContain('1 lippu,');
    expect(many('fi').message).toContain('3 lippua');
  });

  it('adds the cancellation reason only to a cancellation, and escapes HTML in e-mails', () => {
    const facts = { eventName: '<Gala>', quantity: 2, reason: 'Sold out' };
    expect(orderNotificationText('en', 'cancelled', facts).message).toMatch(/Reason: Sold out$/);
    expect(orderNotificationText('en', 'approved', facts).message).not.toContain('Sold out');
    const mail = orderEmail('de', 'cancelled', facts, 'https://x.example/history?a=1&b=2');
    expect(mail.subject).toBe('Ihre Kartenanfrage wurde storniert');
    expect(mail.html).toContain('&lt;Gala&gt;');
    expect(mail.html).toContain('a=1&amp;b=2');
    expect(mail.text).toContain('Grund: Sold out');
  });

  it('puts the login code at the end of its line in every language', () => {
    for (const locale of LOCALES) {
      const mail = loginMessage(locale, 'https://x.example/auth/verify?token=t', '123456');
      expect(mail.text).toMatch(/: 123456$/m);
      expect(mail.html).toContain('<strong>123456</strong>');
    }
  });
});

describe('effectiveLocale', () => {
  it('takes the first supported candidate, else English', () => {
    expect(effectiveLocale('fi', 'de')).toBe('fi');
    expect(effectiveLocale(undefined, 'de')).toBe('de');
    expect(effectiveLocale('sv', undefined)).toBe('en');
    expect(effectiveLocale()).toBe('en');
  });
});
