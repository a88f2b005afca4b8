/** The printed words of an invoice, in the languages the service speaks (en, de, fi); English for any other. */
const LABELS = {
  en: {
    invoice: 'Invoice',
    billedTo: 'Billed to',
    event: 'Event',
    ticketType: 'Ticket type',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    total: 'Total',
    paid: 'Paid',
    outstanding: 'Outstanding',
    issued: 'Issued',
    due: 'Due date',
    reference: 'Reference',
    payTo: 'Pay to',
    scan: 'Pay by scanning with your banking app',
  },
  de: {
    invoice: 'Rechnung',
    billedTo: 'Rechnung an',
    event: 'Veranstaltung',
    ticketType: 'Kartenart',
    quantity: 'Anz.',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    total: 'Gesamt',
    paid: 'Bezahlt',
    outstanding: 'Offen',
    issued: 'Ausgestellt',
    due: 'Fällig am',
    reference: 'Referenz',
    payTo: 'Zahlbar an',
    scan: 'Mit der Banking-App scannen und bezahlen',
  },
  fi: {
    invoice: 'Lasku',
    billedTo: 'Laskutettava',
    event: 'Tapahtuma',
    ticketType: 'Lipputyyppi',
    quantity: 'Kpl',
    unitPrice: 'À-hinta',
    amount: 'Summa',
    total: 'Yhteensä',
    paid: 'Maksettu',
    outstanding: 'Avoinna',
    issued: 'Päiväys',
    due: 'Eräpäivä',
    reference: 'Viite',
    payTo: 'Saaja',
    scan: 'Maksa skannaamalla pankkisovelluksella',
  },
} as const;

export type InvoiceLabels = { [K in keyof (typeof LABELS)['en']]: string };

export const invoiceLabels = (locale: string): InvoiceLabels =>
  LABELS[(locale.slice(0, 2) as keyof typeof LABELS) in LABELS ? (locale.slice(0, 2) as keyof typeof LABELS) : 'en'];

/** Money as the organization's currency in the language's form (Intl), e.g. €1,234.50 / 1.234,50 €. */
export const moneyFormat = (locale: string, currency: string) => {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
  return (amount: number) => format.format(amount);
};
