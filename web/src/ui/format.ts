/**
 * Money and dates in the browser's locale. Amounts arrive as decimal currency units (25.5); the currency is one
 * setting (VITE_CURRENCY, default EUR) because the API carries none (docs/decisions/web-client.md).
 */
const currency = (import.meta.env.VITE_CURRENCY as string | undefined) ?? 'EUR';
const money = new Intl.NumberFormat(undefined, { style: 'currency', currency });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const number = new Intl.NumberFormat();

export const formatMoney = (amount: number | undefined) => money.format(amount ?? 0);
export const formatNumber = (value: number | undefined) => number.format(value ?? 0);
export function formatDateTime(iso: string | undefined) {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export const STATUS_LABEL: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  delivered: 'Delivered',
  awaitingReconciliation: 'Awaiting reconciliation',
  settled: 'Settled',
  cancelled: 'Cancelled',
};

export const ROLE_LABEL: Record<string, string> = {
  member: 'Member',
  ticketManager: 'Ticket manager',
  treasurer: 'Treasurer',
  admin: 'Admin',
};

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

/** "1 ticket", "3 tickets" (English words; numbers in the browser's locale). */
export const tickets = (count: number) => `${formatNumber(count)} ticket${count === 1 ? '' : 's'}`;
