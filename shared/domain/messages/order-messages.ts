import type { Locale } from '../organization-settings/model';
import { escapeHtml, type Catalog } from './locale';

/** What happened to a member's ticket order, as the in-app notification and the e-mail say it. */
export const ORDER_EVENTS = ['approved', 'delivered', 'cancelled', 'settled'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** The notification `type` of each event (the client may localize by type; `meta` carries the ids). */
export const orderNotificationType = (event: OrderEvent) => `order_${event}`;

export interface OrderFacts {
  eventName: string;
  quantity: number;
  /** The cancellation reason, when one was given. */
  reason?: string;
}

interface OrderWords {
  title: Record<OrderEvent, string>;
  message: Record<OrderEvent, (f: OrderFacts) => string>;
  tickets: (n: number) => string;
  reason: string;
  open: string;
  footer: string;
}

const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

export const ORDER_WORDS: Catalog<OrderWords> = {
  en: {
    tickets: (n) => plural(n, 'ticket', 'tickets'),
    title: {
      approved: 'Your ticket request was approved',
      delivered: 'Your tickets were handed over',
      cancelled: 'Your ticket request was cancelled',
      settled: 'Your order was settled',
    },
    message: {
      approved: (f) => `Your request for ${ORDER_WORDS.en.tickets(f.quantity)} for ${f.eventName} was approved.`,
      delivered: (f) =>
        `${ORDER_WORDS.en.tickets(f.quantity)} for ${f.eventName} are now yours to sell. Report what you sold.`,
      cancelled: (f) => `Your request for ${ORDER_WORDS.en.tickets(f.quantity)} for ${f.eventName} was cancelled.`,
      settled: (f) => `Your order for ${f.eventName} was reconciled and settled. Thank you!`,
    },
    reason: 'Reason',
    open: 'Open the order',
    footer:
      'You receive this e-mail because you chose e-mails about your orders. You can turn them off in your profile.',
  },
  de: {
    tickets: (n) => plural(n, 'Karte', 'Karten'),
    title: {
      approved: 'Ihre Kartenanfrage wurde genehmigt',
      delivered: 'Ihre Karten wurden übergeben',
      cancelled: 'Ihre Kartenanfrage wurde storniert',
      settled: 'Ihre Bestellung wurde abgerechnet',
    },
    message: {
      approved: (f) => `Ihre Anfrage über ${ORDER_WORDS.de.tickets(f.quantity)} für ${f.eventName} wurde genehmigt.`,
      delivered: (f) =>
        `${ORDER_WORDS.de.tickets(f.quantity)} für ${f.eventName} liegen jetzt bei Ihnen. Melden Sie, was Sie verkauft haben.`,
      cancelled: (f) => `Ihre Anfrage über ${ORDER_WORDS.de.tickets(f.quantity)} für ${f.eventName} wurde storniert.`,
      settled: (f) => `Ihre Bestellung für ${f.eventName} wurde abgeglichen und abgerechnet. Vielen Dank!`,
    },
    reason: 'Grund',
    open: 'Bestellung öffnen',
    footer:
      'Sie erhalten diese E-Mail, weil Sie E-Mails zu Ihren Bestellungen gewählt haben. Sie können sie in Ihrem Profil abschalten.',
  },
  fi: {
    tickets: (n) => plural(n, 'lippu', 'lippua'),
    title: {
      approved: 'Lippupyyntösi hyväksyttiin',
      delivered: 'Lippusi on luovutettu',
      cancelled: 'Lippupyyntösi peruttiin',
      settled: 'Tilauksesi on tilitetty',
    },
    message: {
      approved: (f) => `Pyyntösi (${ORDER_WORDS.fi.tickets(f.quantity)}, ${f.eventName}) hyväksyttiin.`,
      delivered: (f) =>
        `${ORDER_WORDS.fi.tickets(f.quantity)} tapahtumaan ${f.eventName} on nyt myytävänäsi. Ilmoita myymäsi liput.`,
      cancelled: (f) => `Pyyntösi (${ORDER_WORDS.fi.tickets(f.quantity)}, ${f.eventName}) peruttiin.`,
      settled: (f) => `Tilauksesi tapahtumaan ${f.eventName} on täsmäytetty ja tilitetty. Kiitos!`,
    },
    reason: 'Syy',
    open: 'Avaa tilaus',
    footer: 'Saat tämän viestin, koska valitsit sähköpostit tilauksistasi. Voit poistaa ne käytöstä profiilissasi.',
  },
};

/** The in-app notification's title and message (pure). */
export function orderNotificationText(locale: Locale, event: OrderEvent, facts: OrderFacts) {
  const w = ORDER_WORDS[locale];
  const reason = event === 'cancelled' && facts.reason ? ` ${w.reason}: ${facts.reason}` : '';
  return { title: w.title[event], message: `${w.message[event](facts)}${reason}` };
}

/** The e-mail of the same event (pure); `url` opens the order in the web client. */
export function orderEmail(locale: Locale, event: OrderEvent, facts: OrderFacts, url: string) {
  const w = ORDER_WORDS[locale];
  const { title, message } = orderNotificationText(locale, event, facts);
  return {
    subject: title,
    text: `${message}\n\n${w.open}: ${url}\n\n${w.footer}`,
    html: `<p>${escapeHtml(message)}</p><p><a href="${escapeHtml(url)}">${w.open}</a></p><p><small>${escapeHtml(w.footer)}</small></p>`,
  };
}
