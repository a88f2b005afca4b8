/**
 * How a ticket shows money and time: the organization's currency, language and time zone. The organization
 * settings (currency, language, time zone) arrive with another issue; until then every organization prints in
 * euros, in English, in UTC, and this is the one place that changes when they do.
 */
export interface TicketPresentation {
  currency: string;
  locale: string;
  timeZone: string;
}

export function ticketPresentation(_organization?: { currency?: string; locale?: string; timeZone?: string }) {
  return {
    currency: _organization?.currency ?? 'EUR',
    locale: _organization?.locale ?? 'en-GB',
    timeZone: _organization?.timeZone ?? 'UTC',
  } satisfies TicketPresentation;
}

export const formatPrice = (amount: number, p: TicketPresentation) =>
  new Intl.NumberFormat(p.locale, { style: 'currency', currency: p.currency }).format(amount);

export function formatDateTime(iso: string, p: TicketPresentation): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(p.locale, { dateStyle: 'full', timeStyle: 'short', timeZone: p.timeZone }).format(at);
}
