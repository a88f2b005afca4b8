import { randomUUID } from 'node:crypto';
import type { Principal } from '../users/principal';
import type { EventDoc } from './model';
import { createEventWithCounters } from './repo';
import { createCounterOps } from './capacity/counter';
import { toEventResponse } from './mapper';
import { assertParsableDates, assertUniqueIds, assertUniqueTicketTypeNames, centsOnly } from './rules';
import type { CreateEventBody } from './schemas';

/**
 * Creates an event with its showtimes (one at `date` when none are given), ticket types and capacity counters,
 * all in one transactional batch (at most 1 + 50 operations, under the batch limit of 100).
 */
export async function createEvent(principal: Principal, organizationId: string, body: CreateEventBody) {
  assertParsableDates(body);
  assertUniqueTicketTypeNames(body.ticketTypes);
  assertUniqueIds(body.ticketTypes, 'ticketTypes');
  assertUniqueIds(
    (body.showtimes ?? []).map((s) => ({ id: s.showtimeId })),
    'showtimes',
  );
  const id = randomUUID();
  const now = new Date().toISOString();
  const showtimes = body.showtimes ?? [{ dateTime: new Date(body.date).toISOString() }];
  const event: EventDoc = {
    id,
    docType: 'event',
    organizationId,
    name: body.name.trim(),
    date: body.date,
    ...(body.location !== undefined ? { location: body.location } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    venueCapacity: body.venueCapacity,
    active: body.active,
    salesLocked: false,
    enableQuotas: body.enableQuotas,
    ...(body.commitmentStatus !== undefined ? { commitmentStatus: body.commitmentStatus } : {}),
    ...(body.commitmentDeadline !== undefined ? { commitmentDeadline: body.commitmentDeadline } : {}),
    showtimes: showtimes.map((s) => ({
      showtimeId: s.showtimeId ?? randomUUID(),
      dateTime: s.dateTime,
      ...(s.label !== undefined ? { label: s.label } : {}),
      externalSold: 0,
    })),
    ticketTypes: body.ticketTypes.map((t, index) => ({
      id: t.id ?? randomUUID(),
      eventId: id,
      organizationId,
      name: t.name.trim(),
      ...centsOnly(t),
      sortOrder: t.sortOrder ?? index,
    })),
    salesDelegations: [],
    createdAt: now,
    createdBy: principal.userId,
    updatedAt: now,
  };
  await createEventWithCounters(
    event,
    createCounterOps(
      event,
      event.showtimes.map((s) => s.showtimeId),
    ),
  );
  return toEventResponse(event);
}
