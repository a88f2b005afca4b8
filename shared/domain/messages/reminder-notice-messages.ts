import type { Catalog } from './locale';

/**
 * The in-app notifications of the reminders (docs/decisions/invoices-and-reminders.md "Languages"): the member's
 * report reminder, the escalation to each ticket manager and each treasurer's weekly digest, in the recipient's
 * language as their e-mails are. Counts are written in the language's singular or plural.
 */
interface ReminderNoticeWords {
  memberTitle: string;
  escalationTitle: string;
  ordersOut: (events: string, orders: number) => string;
  digestTitle: string;
  digestMessage: (awaitingOrders: number, unpaidInvoices: number) => string;
}

export const REMINDER_NOTICE_WORDS: Catalog<ReminderNoticeWords> = {
  en: {
    memberTitle: 'Please report your ticket sales',
    escalationTitle: 'A member has not reported',
    ordersOut: (e, n) => `${e}: ${n} ${n === 1 ? 'order' : 'orders'} with tickets still out`,
    digestTitle: 'Weekly treasurer digest',
    digestMessage: (a, u) =>
      `${a} ${a === 1 ? 'order' : 'orders'} awaiting reconciliation, ${u} ${u === 1 ? 'invoice' : 'invoices'} not paid`,
  },
  de: {
    memberTitle: 'Bitte melden Sie Ihre Kartenverkäufe',
    escalationTitle: 'Ein Mitglied hat nicht abgerechnet',
    ordersOut: (e, n) => `${e}: ${n} ${n === 1 ? 'Bestellung' : 'Bestellungen'} mit noch nicht abgerechneten Karten`,
    digestTitle: 'Wochenübersicht für die Kasse',
    digestMessage: (a, u) =>
      `${a} ${a === 1 ? 'Bestellung wartet' : 'Bestellungen warten'} auf den Abgleich, ` +
      `${u} ${u === 1 ? 'Rechnung' : 'Rechnungen'} nicht bezahlt`,
  },
  fi: {
    memberTitle: 'Ilmoita lippumyyntisi',
    escalationTitle: 'Jäsen ei ole tehnyt ilmoitusta',
    ordersOut: (e, n) =>
      `${e}: ${n} ${n === 1 ? 'tilaus, jonka lippuja ei ole' : 'tilausta, joiden lippuja ei ole'} vielä ilmoitettu`,
    digestTitle: 'Rahastonhoitajan viikkokooste',
    digestMessage: (a, u) =>
      `${a} ${a === 1 ? 'tilaus' : 'tilausta'} odottaa täsmäytystä, ${u} ${u === 1 ? 'lasku' : 'laskua'} maksamatta`,
  },
};
