import { badRequest, conflict } from '../../errors';
import type { CommitmentStatus, EventDoc } from './model';
import { fromCents, toCents } from '../vocabulary/money';
import type { TicketTypeInput } from './schemas';

/** Ticket-type names must not repeat within an event (compared trimmed and case-insensitively). */
export function assertUniqueTicketTypeNames(ticketTypes: Pick<TicketTypeInput, 'name'>[]): void {
  const seen = new Set<string>();
  ticketTypes.forEach((t, index) => {
    const key = t.name.trim().toLowerCase();
    if (seen.has(key)) {
      throw badRequest('Ticket type names must not repeat within an event', [
        { path: `/ticketTypes/${index}/name`, message: 'repeats another ticket type name' },
      ]);
    }
    seen.add(key);
  });
}

/**
 * ajv's `date-time` format accepts a leap second (`23:59:60`) that `Date` cannot represent; every reader of an
 * event date (events-active, the return date rule, the commitment deadline) parses it, so such a time is a 400.
 */
export function assertParsableDates(body: {
  date?: string;
  commitmentDeadline?: string | null;
  showtimes?: { dateTime: string }[];
}): void {
  const bad = (value: string | null | undefined) => typeof value === 'string' && Number.isNaN(Date.parse(value));
  const paths: string[] = [];
  if (bad(body.date)) paths.push('/date');
  if (bad(body.commitmentDeadline)) paths.push('/commitmentDeadline');
  body.showtimes?.forEach((s, i) => bad(s.dateTime) && paths.push(`/showtimes/${i}/dateTime`));
  if (paths.length > 0)
    throw badRequest(
      'A date is not a real point in time',
      paths.map((path) => ({ path, message: 'is not a valid date' })),
    );
}

/** Prices and fees are kept to whole cents (docs/api.md, "Money"), whatever binary noise the client's number carries. */
export function centsOnly<T extends { price: number; fee: number; boxofficePrice?: number; boxofficeFee?: number }>(
  t: T,
) {
  const round = (amount: number) => fromCents(toCents(amount));
  return {
    price: round(t.price),
    fee: round(t.fee),
    ...(t.boxofficePrice !== undefined ? { boxofficePrice: round(t.boxofficePrice) } : {}),
    ...(t.boxofficeFee !== undefined ? { boxofficeFee: round(t.boxofficeFee) } : {}),
  };
}

/**
 * The commitment round has its own route (PUT …/commitment) with the moves of docs/decisions/orders.md. The event body may
 * open or close it, but never convert (conversion creates allocations) and never leave `converted` (final).
 */
export function assertCommitmentEdit(current: CommitmentStatus | undefined, target: CommitmentStatus | undefined) {
  if (target === undefined || target === current) return;
  if (current === 'converted') throw conflict('The commitment round is converted; converting is final');
  if (target === 'converted')
    throw conflict('Convert the commitment round with PUT management/events/{eventId}/commitment');
}

/** Ids given by the client must not repeat either (showtimes or ticket types). */
export function assertUniqueIds(items: { id?: string }[], path: string): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (item.id === undefined) return;
    if (seen.has(item.id))
      throw badRequest(`${path} ids must be unique`, [{ path: `/${path}/${index}`, message: 'repeats an id' }]);
    seen.add(item.id);
  });
}

/**
 * Whole-list update (docs/decisions/events.md): entries with an id update the existing one, entries without an id
 * are created, existing ones that are not listed are deleted. An id that names nothing existing is refused
 * (ids of new entries are the service's to give), so a typo can never silently create a second entry.
 */
export function planListUpdate(existingIds: string[], desiredIds: (string | undefined)[], path: string) {
  const existing = new Set(existingIds);
  desiredIds.forEach((id, index) => {
    if (id !== undefined && !existing.has(id)) {
      throw badRequest(`${path} entry names an id this event does not have`, [
        { path: `/${path}/${index}`, message: 'unknown id' },
      ]);
    }
  });
  const kept = new Set(desiredIds.filter((id): id is string => id !== undefined));
  return { deleted: existingIds.filter((id) => !kept.has(id)) };
}

/** What a ledger document references, as the in-use query returns it. */
export interface LedgerReference {
  showtimeId?: string;
  ticketTypeId?: string;
  tickets?: { ticketTypeId?: string }[];
}

/** The first of `showtimeIds` / `ticketTypeIds` that a ledger document still uses, if any. */
export function findUsed(references: LedgerReference[], showtimeIds: string[], ticketTypeIds: string[]) {
  const usedShowtimes = new Set<string>();
  const usedTypes = new Set<string>();
  for (const ref of references) {
    if (ref.showtimeId) usedShowtimes.add(ref.showtimeId);
    if (ref.ticketTypeId) usedTypes.add(ref.ticketTypeId);
    for (const line of ref.tickets ?? []) if (line.ticketTypeId) usedTypes.add(line.ticketTypeId);
  }
  return {
    showtimeId: showtimeIds.find((id) => usedShowtimes.has(id)),
    ticketTypeId: ticketTypeIds.find((id) => usedTypes.has(id)),
  };
}

/**
 * GET events-active (docs/decisions/events.md): among active, not deleted events, the one with the nearest date from
 * today on (by calendar day, UTC); when every date is past, the latest one; none: null.
 */
export function pickActiveEvent<T extends { date: string; active: boolean; deletedAt?: string; id: string }>(
  events: T[],
  now: Date,
): T | null {
  const today = now.toISOString().slice(0, 10);
  const candidates = events.filter((e) => e.active && !e.deletedAt);
  const day = (e: T) => new Date(e.date).toISOString();
  const byDate = (a: T, b: T) => day(a).localeCompare(day(b)) || a.id.localeCompare(b.id);
  const upcoming = candidates.filter((e) => day(e).slice(0, 10) >= today).sort(byDate);
  if (upcoming.length > 0) return upcoming[0];
  const past = candidates.sort(byDate);
  return past.length > 0 ? past[past.length - 1] : null;
}

/** A showtime named in a body must belong to the event in the path: 400 otherwise (nothing is written). */
export function requireShowtime(event: EventDoc, showtimeId: string, path = '/showtimeId') {
  const showtime = event.showtimes.find((s) => s.showtimeId === showtimeId);
  if (!showtime)
    throw badRequest('The showtime does not belong to this event', [{ path, message: 'unknown showtime' }]);
  return showtime;
}

/** Same for a ticket type. */
export function requireTicketType(event: EventDoc, ticketTypeId: string, path = '/ticketTypeId') {
  const type = event.ticketTypes.find((t) => t.id === ticketTypeId);
  if (!type)
    throw badRequest('The ticket type does not belong to this event', [{ path, message: 'unknown ticket type' }]);
  return type;
}
