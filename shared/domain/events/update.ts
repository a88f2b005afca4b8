import { randomUUID } from 'node:crypto';
import { conflict } from '../../errors';
import { withEtagRetry, type Stored } from '../../store/outcomes';
import type { EventDoc, Showtime, TicketType } from './model';
import { deleteShowtimeCounter, getEvent, ledgerReferencesOfEvent, replaceEventWithNewCounters } from './repo';
import { counterId, createCounterOps, syncCounters } from './capacity/counter';
import { readCounters } from './capacity/repo';
import { toEventResponse } from './mapper';
import {
  assertCommitmentEdit,
  assertParsableDates,
  assertUniqueIds,
  assertUniqueTicketTypeNames,
  centsOnly,
  findUsed,
  planListUpdate,
} from './rules';
import type { ShowtimeInput, TicketTypeInput, UpdateEventBody } from './schemas';
import { assertLiveEvent } from './live-event';

/**
 * PUT management/events/{id}. Scalar fields replace; `null` clears location, description and the commitment
 * deadline. `showtimes` and `ticketTypes` are whole lists (planListUpdate). Deleting a showtime or ticket
 * type that a ledger document uses is a 409, found with one partition query. The event is written with its
 * ETag in one batch with the empty counters of new showtimes; then a capacity change is applied to every
 * counter, and counters of deleted (unused) showtimes are removed.
 */
export async function updateEvent(organizationId: string, eventId: string, body: UpdateEventBody) {
  assertParsableDates(body);
  if (body.ticketTypes) {
    assertUniqueTicketTypeNames(body.ticketTypes);
    assertUniqueIds(body.ticketTypes, 'ticketTypes');
  }
  if (body.showtimes)
    assertUniqueIds(
      body.showtimes.map((s) => ({ id: s.showtimeId })),
      'showtimes',
    );

  let before: EventDoc | undefined;
  const saved = await withEtagRetry(async () => {
    const event = await getEvent(organizationId, eventId);
    assertLiveEvent(event);
    assertCommitmentEdit(event.commitmentStatus, body.commitmentStatus);
    const deletedShowtimes = body.showtimes
      ? planListUpdate(
          event.showtimes.map((s) => s.showtimeId),
          body.showtimes.map((s) => s.showtimeId),
          'showtimes',
        ).deleted
      : [];
    const deletedTypes = body.ticketTypes
      ? planListUpdate(
          event.ticketTypes.map((t) => t.id),
          body.ticketTypes.map((t) => t.id),
          'ticketTypes',
        ).deleted
      : [];
    await assertNotInUse(event, deletedShowtimes, deletedTypes);
    if (body.venueCapacity !== undefined && body.venueCapacity !== event.venueCapacity) {
      await assertCapacityHoldsSales(event, body.venueCapacity);
    }
    before = event;
    return writeWithNewCounters(event, applyUpdate(event, body));
  });
  await followCounters(before!, saved);
  return toEventResponse(saved);
}

/** The ETag-guarded replace of the event and the creation of its new showtimes' counters, atomically. */
async function writeWithNewCounters(before: Stored<EventDoc>, next: Stored<EventDoc>): Promise<EventDoc> {
  const { _etag: etag, ...doc } = { ...next, updatedAt: new Date().toISOString() };
  const known = new Set(before.showtimes.map((s) => s.showtimeId));
  const added = doc.showtimes.filter((s) => !known.has(s.showtimeId)).map((s) => s.showtimeId);
  await replaceEventWithNewCounters(doc, etag, createCounterOps(doc, added));
  return doc;
}

function applyUpdate(event: Stored<EventDoc>, body: UpdateEventBody): Stored<EventDoc> {
  const next: Stored<EventDoc> = { ...event };
  if (body.name !== undefined) next.name = body.name.trim();
  if (body.date !== undefined) next.date = body.date;
  if (body.venueCapacity !== undefined) next.venueCapacity = body.venueCapacity;
  if (body.active !== undefined) next.active = body.active;
  if (body.enableQuotas !== undefined) next.enableQuotas = body.enableQuotas;
  if (body.commitmentStatus !== undefined) next.commitmentStatus = body.commitmentStatus;
  setOrClear(next, 'location', body.location);
  setOrClear(next, 'description', body.description);
  setOrClear(next, 'commitmentDeadline', body.commitmentDeadline);
  if (body.showtimes) next.showtimes = body.showtimes.map((s) => mergeShowtime(event, s));
  if (body.ticketTypes) next.ticketTypes = body.ticketTypes.map((t, i) => mergeTicketType(event, t, i));
  return next;
}

function setOrClear(doc: EventDoc, field: 'location' | 'description' | 'commitmentDeadline', value?: string | null) {
  if (value === null) delete doc[field];
  else if (value !== undefined) doc[field] = value;
}

function mergeShowtime(event: EventDoc, input: ShowtimeInput): Showtime {
  const existing = event.showtimes.find((s) => s.showtimeId === input.showtimeId);
  return {
    showtimeId: existing?.showtimeId ?? randomUUID(),
    dateTime: input.dateTime,
    ...(input.label !== undefined ? { label: input.label } : {}),
    // The manual external count is only moved by the external update route.
    externalSold: existing?.externalSold ?? 0,
    ...(existing?.externalNote !== undefined ? { externalNote: existing.externalNote } : {}),
  };
}

function mergeTicketType(event: EventDoc, input: TicketTypeInput, index: number): TicketType {
  const existing = event.ticketTypes.find((t) => t.id === input.id);
  return {
    id: existing?.id ?? randomUUID(),
    eventId: event.id,
    organizationId: event.organizationId,
    name: input.name.trim(),
    ...centsOnly(input),
    sortOrder: input.sortOrder ?? existing?.sortOrder ?? index,
  };
}

/**
 * One query over the event's ledger documents. Orders and registrations count even when cancelled or
 * soft-deleted (they can be restored and reports read them); deleted free tickets and external sales do not.
 * A showtime holding a manual `externalSold` is in use as well.
 */
async function assertNotInUse(event: EventDoc, showtimeIds: string[], ticketTypeIds: string[]) {
  if (showtimeIds.length === 0 && ticketTypeIds.length === 0) return;
  const manual = event.showtimes.find((s) => showtimeIds.includes(s.showtimeId) && s.externalSold > 0);
  if (manual) throw inUse('SHOWTIME_IN_USE', 'showtimeId', manual.showtimeId);
  const references = await ledgerReferencesOfEvent(event.organizationId, event.id);
  const used = findUsed(references, showtimeIds, ticketTypeIds);
  if (used.showtimeId) throw inUse('SHOWTIME_IN_USE', 'showtimeId', used.showtimeId);
  if (used.ticketTypeId) throw inUse('TICKET_TYPE_IN_USE', 'ticketTypeId', used.ticketTypeId);
}

const inUse = (code: 'SHOWTIME_IN_USE' | 'TICKET_TYPE_IN_USE', field: string, id: string) =>
  conflict(`Cannot delete: ${field} ${id} is used by a sale, order, registration or free ticket`, code, {
    [field]: id,
  });

/**
 * One rule for every capacity edit (docs/decisions/events.md, the same as the Shared Event capacity edit): a new
 * capacity may not fall below the seats a showtime already holds (409 CONFLICT naming the showtimes). Sold above
 * capacity arises only from what already happened (force-recorded sales, external counts), never from an edit.
 * Only a changed value is judged (one counters query), so an event already oversold keeps its other edits.
 */
async function assertCapacityHoldsSales(event: EventDoc, capacity: number) {
  const over = (await readCounters(event.organizationId, event.id))
    .filter((c) => c.sold > capacity)
    .map((c) => ({ showtimeId: c.showtimeId, capacity, sold: c.sold }));
  if (over.length > 0) {
    throw conflict('The new capacity is below what is already sold', 'CONFLICT', { showtimes: over });
  }
}

async function followCounters(before: EventDoc, after: EventDoc) {
  const afterIds = new Set(after.showtimes.map((s) => s.showtimeId));
  if (after.venueCapacity !== before.venueCapacity) await syncCounters(after);
  for (const removed of before.showtimes.filter((s) => !afterIds.has(s.showtimeId))) {
    await deleteShowtimeCounter(after.organizationId, counterId(after.id, removed.showtimeId));
  }
}
