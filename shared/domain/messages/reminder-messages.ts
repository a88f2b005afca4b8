import type { Catalog } from './locale';

/** The words of a member's report reminder (docs/decisions/invoices-and-reminders.md), in each language. */
interface ReminderWords {
  subject: (organization: string) => string;
  intro: (organization: string) => string;
  outstanding: (n: number) => string;
  stop: string;
}

export const REMINDER_WORDS: Catalog<ReminderWords> = {
  en: {
    subject: (o) => `${o}: please report your ticket sales`,
    intro: (o) => `${o} is waiting for your report.`,
    outstanding: (n) => `${n} ticket(s) to report as sold or return`,
    stop: 'No more reminder e-mails',
  },
  de: {
    subject: (o) => `${o}: Bitte melden Sie Ihre Kartenverkäufe`,
    intro: (o) => `${o} wartet auf Ihre Abrechnung.`,
    outstanding: (n) => `${n} Karte(n) als verkauft melden oder zurückgeben`,
    stop: 'Keine Erinnerungs-E-Mails mehr',
  },
  fi: {
    subject: (o) => `${o}: ilmoita lippumyyntisi`,
    intro: (o) => `${o} odottaa ilmoitustasi.`,
    outstanding: (n) => `${n} lippua ilmoitettavana myydyksi tai palautettavana`,
    stop: 'Ei enää muistutussähköposteja',
  },
};
