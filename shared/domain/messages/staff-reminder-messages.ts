import type { Catalog } from './locale';

/**
 * The words of the reminder e-mails to staff (docs/decisions/invoices-and-reminders.md "Languages"): the escalation
 * to the ticket managers after `maxReminders`, and the treasurers' weekly digest. Each recipient reads them in
 * their own `locale`, else the organization's `defaultLocale`.
 */
interface StaffReminderWords {
  escalationSubject: (organization: string, member: string, reminders: number) => string;
  escalationText: (member: string, email: string, tickets: number, event: string) => string;
  openOrders: string;
  digestSubject: (organization: string) => string;
  digestTitle: (organization: string) => string;
  awaitingReconciliation: string;
  unpaidInvoices: string;
  unpaidLine: (members: number, outstanding: string) => string;
  none: string;
}

export const STAFF_REMINDER_WORDS: Catalog<StaffReminderWords> = {
  en: {
    escalationSubject: (o, m, n) => `${o}: ${m} has not reported after ${n} reminders`,
    escalationText: (m, e, n, ev) => `${m} (${e}) still holds ${n} ticket(s) of ${ev}.`,
    openOrders: 'Open the delivered orders',
    digestSubject: (o) => `${o}: weekly treasurer digest`,
    digestTitle: (o) => `${o}: the week in money`,
    awaitingReconciliation: 'Orders awaiting reconciliation:',
    unpaidInvoices: 'Invoices issued and not paid:',
    unpaidLine: (n, amount) => `${n} member(s), ${amount} outstanding`,
    none: 'none',
  },
  de: {
    escalationSubject: (o, m, n) => `${o}: ${m} hat nach ${n} Erinnerungen noch nicht abgerechnet`,
    escalationText: (m, e, n, ev) => `${m} (${e}) hat noch ${n} Karte(n) für ${ev}.`,
    openOrders: 'Ausgelieferte Bestellungen öffnen',
    digestSubject: (o) => `${o}: Wochenübersicht für die Kasse`,
    digestTitle: (o) => `${o}: die Woche in Zahlen`,
    awaitingReconciliation: 'Bestellungen, die auf den Abgleich warten:',
    unpaidInvoices: 'Ausgestellte, nicht bezahlte Rechnungen:',
    unpaidLine: (n, amount) => `${n} Mitglied(er), ${amount} offen`,
    none: 'keine',
  },
  fi: {
    escalationSubject: (o, m, n) => `${o}: ${m} ei ole tehnyt ilmoitusta ${n} muistutuksen jälkeen`,
    escalationText: (m, e, n, ev) => `Henkilöllä ${m} (${e}) on yhä ${n} lippua tapahtumaan ${ev}.`,
    openOrders: 'Avaa toimitetut tilaukset',
    digestSubject: (o) => `${o}: rahastonhoitajan viikkokooste`,
    digestTitle: (o) => `${o}: viikon raha-asiat`,
    awaitingReconciliation: 'Täsmäytystä odottavat tilaukset:',
    unpaidInvoices: 'Lähetetyt, maksamattomat laskut:',
    unpaidLine: (n, amount) => `${n} jäsen(tä), avoinna ${amount}`,
    none: 'ei yhtään',
  },
};
