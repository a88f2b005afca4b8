import { i18next } from '../i18n';

/**
 * Money, numbers and dates by `Intl`, in the person's language and the organization's currency and time zone.
 * Amounts arrive as decimal currency units (25.5). The shell sets the organization's currency and time zone once
 * they are known (data/organization-format.ts, useOrganizationFormat); until then EUR and the browser's zone.
 */
export interface FormatSettings {
  currency: string;
  timeZone?: string;
}

let settings: FormatSettings = { currency: 'EUR' };
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** Called by the shell when the organization's settings arrive or change; formatters are rebuilt on next use. */
export function configureFormats(next: FormatSettings) {
  if (next.currency === settings.currency && next.timeZone === settings.timeZone) return;
  settings = { ...next };
  cache.clear();
}

export const formatSettings = (): FormatSettings => settings;

/** The person's language as a BCP 47 tag, with "fi" and "de" formatting as Finland and Germany do. */
const locale = () => i18next.resolvedLanguage ?? 'en';

function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, make: (tag: string) => T): T {
  const key = `${kind}|${locale()}|${settings.currency}|${settings.timeZone ?? ''}`;
  let found = cache.get(key) as T | undefined;
  if (!found) {
    try {
      found = make(locale());
    } catch {
      // An unknown currency or zone from the server must not break the page: fall back to the defaults.
      found = make('en');
    }
    cache.set(key, found);
  }
  return found;
}

export const formatMoney = (amount: number | undefined) =>
  formatter('money', (tag) => new Intl.NumberFormat(tag, { style: 'currency', currency: settings.currency })).format(
    amount ?? 0,
  );

export const formatNumber = (value: number | undefined) =>
  formatter('number', (tag) => new Intl.NumberFormat(tag)).format(value ?? 0);

export function formatDateTime(iso: string | undefined) {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatter(
    'dateTime',
    (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: settings.timeZone }),
  ).format(date);
}

/** A status in the person's language ("Awaiting reconciliation"); an unknown one as the API names it. */
export const statusLabel = (status: string) => i18next.t(`status.${status}`, { defaultValue: status });
/** A role in the person's language ("Ticket manager"). */
export const roleLabel = (role: string) => i18next.t(`role.${role}`, { defaultValue: role });

/** "Evening — 1 May 2027, 19:00" for a showtime (label first when it has one). */
export function showtimeName(showtime: {
  dateTime?: string;
  label?: string;
  showtimeDateTime?: string;
  showtimeLabel?: string;
}) {
  const when = formatDateTime(showtime.dateTime ?? showtime.showtimeDateTime);
  const label = showtime.label ?? showtime.showtimeLabel;
  return label ? `${label} — ${when}` : when;
}

/** "1 ticket", "3 tickets" in the person's language (i18next plurals by Intl.PluralRules). */
export const tickets = (count: number) => i18next.t('common.tickets', { count, formatted: formatNumber(count) });

/**
 * Makes the number and date formatters once, before a page needs them (boot.tsx), so the render that shows the
 * page's data does not make them. The browser's first `Intl` formatter also loads the locale data (30-40 ms on a
 * desktop, several times that on a phone): on signed-in pages main.tsx has done that before the first paint.
 */
export function warmUpFormats() {
  formatNumber(0);
  formatDateTime(new Date(0).toISOString());
}
