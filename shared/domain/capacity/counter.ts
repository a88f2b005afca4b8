import type { OperationInput, PatchOperation } from '@azure/cosmos';
import { conflict, notFound } from '../../errors';
import { containers } from '../../store/client';
import { asBatchBody, createItem, patchItem, queryAll, readItem } from '../../store/operations';
import { isConflict, isNotFound, isPreconditionFailed, type Stored } from '../../store/outcomes';
import type { EventDoc } from '../events/model';
import { getEvent } from '../events/repo';
import { ledgerCounts } from './ledger';
import {
  emptyCounts,
  showtimeCapacity,
  soldOf,
  type CapacityChannel,
  type ChannelCounts,
  type ShowtimeCapacity,
} from './rules';

/**
 * One counter document per showtime, moved by every capacity-taking write with a conditional patch
 * (`sold + delta <= capacity` evaluated by the store), so no two concurrent writes can pass capacity.
 * Field names are lower-case single words: the embedded store's patch predicates only handle those.
 *
 * A capacity-taking write is: take seats on the counter, then write the ledger document; if that write
 * fails the seats are released again. A crash between the two leaves the counter high (never low: no
 * oversell); `checkCounters` finds such drift from the ledger and the heal timer repairs it.
 */
export interface CapacityCounterDoc extends ChannelCounts {
  id: string;
  docType: 'capacityCounter';
  organizationId: string;
  eventId: string;
  showtimeId: string;
  capacity: number;
  sold: number;
  /** Mirror of the event's `salesLocked`, so report-sold can refuse a locked event without reading it. */
  locked: boolean;
  updatedAt: string;
}

/** Enough of an event to address its counters; the full document is loaded only to rebuild a missing counter. */
export type EventRef = Pick<EventDoc, 'id' | 'organizationId'> & Partial<EventDoc>;

export const counterId = (eventId: string, showtimeId: string) => `capacity-${eventId}-${showtimeId}`;

export interface CapacityRequest {
  event: EventRef;
  showtimeId: string;
  channel: CapacityChannel;
  delta: number;
  /** false bypasses the ceiling (force-record-sold, manual external counts) but still moves the counter. */
  enforceCeiling?: boolean;
  /** true refuses a locked event (409 SALES_LOCKED) in the same conditional patch. */
  respectLock?: boolean;
}

function takeCondition(request: CapacityRequest): { condition?: string } {
  const clauses: string[] = [];
  if (request.enforceCeiling !== false) clauses.push(`c.sold + ${request.delta} <= c.capacity`);
  if (request.respectLock) clauses.push('c.locked = false');
  return clauses.length > 0 ? { condition: `FROM c WHERE ${clauses.join(' AND ')}` } : {};
}

const incrementOps = (channel: CapacityChannel, delta: number): PatchOperation[] => [
  { op: 'incr', path: '/sold', value: delta },
  { op: 'incr', path: `/${channel}`, value: delta },
  { op: 'set', path: '/updatedAt', value: new Date().toISOString() },
];

/**
 * Takes `delta` seats atomically; 409 CAPACITY_EXCEEDED with availableCapacity and requestedDelta otherwise,
 * or 409 SALES_LOCKED when the request respects the lock and the event is locked.
 */
export async function takeCapacity(request: CapacityRequest): Promise<Stored<CapacityCounterDoc>> {
  const { event, showtimeId, channel, delta } = request;
  if (!Number.isInteger(delta) || delta < 0) throw new Error(`takeCapacity needs a non-negative integer, got ${delta}`);
  const id = counterId(event.id, showtimeId);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await patchItem<CapacityCounterDoc>(
        containers().orgs,
        event.organizationId,
        id,
        incrementOps(channel, delta),
        takeCondition(request),
      );
    } catch (error) {
      if (isPreconditionFailed(error)) {
        const counter = await readItem<CapacityCounterDoc>(containers().orgs, event.organizationId, id);
        if (request.respectLock && counter?.locked === true)
          throw conflict('Sales are locked for this event', 'SALES_LOCKED');
        if (request.respectLock && counter && counter.locked === undefined && attempt === 0) {
          await syncCounters(await fullEvent(event)); // a counter from before the lock mirror: add it, then retry
          continue;
        }
        const available = counter ? Math.max(0, counter.capacity - counter.sold) : 0;
        throw conflict('Not enough remaining capacity for this showtime', 'CAPACITY_EXCEEDED', {
          availableCapacity: available,
          requestedDelta: delta,
        });
      }
      if (!isNotFound(error) || attempt > 1) throw error;
      // A counter that was never created: build it from the ledger.
      await rebuildCounter(await fullEvent(event), showtimeId);
    }
  }
  throw new Error('unreachable');
}

async function fullEvent(event: EventRef): Promise<EventDoc> {
  if (event.showtimes && event.docType === 'event') return event as EventDoc;
  const loaded = await getEvent(event.organizationId, event.id);
  if (!loaded) throw notFound('Event');
  return loaded;
}

/** Gives seats back (cancelled sale, deleted ledger entry, compensation of a failed write). Never fails on capacity. */
export async function releaseCapacity(event: EventRef, showtimeId: string, channel: CapacityChannel, delta: number) {
  if (delta <= 0) return;
  try {
    await patchItem(
      containers().orgs,
      event.organizationId,
      counterId(event.id, showtimeId),
      incrementOps(channel, -delta),
    );
  } catch (error) {
    if (!isNotFound(error)) throw error; // no counter: nothing was ever taken through it
  }
}

/** Creates missing counters (new event or showtime) and aligns every counter's capacity and lock with the event. */
export async function syncCounters(event: EventDoc, existing?: CapacityCounterDoc[]) {
  const counters = existing ?? (await readCounters(event.organizationId, event.id));
  const byShowtime = new Map(counters.map((c) => [c.showtimeId, c]));
  const locked = event.salesLocked === true;
  for (const showtime of event.showtimes) {
    const counter = byShowtime.get(showtime.showtimeId);
    if (!counter) {
      await rebuildCounter(event, showtime.showtimeId);
      continue;
    }
    const ops: PatchOperation[] = [];
    if (counter.capacity !== event.venueCapacity)
      ops.push({ op: 'set', path: '/capacity', value: event.venueCapacity });
    if (counter.locked !== locked) ops.push({ op: 'set', path: '/locked', value: locked });
    if (ops.length > 0) await patchItem(containers().orgs, event.organizationId, counter.id, ops);
  }
}

/** Sets the lock mirror on every counter of the event. */
export async function mirrorLock(event: EventDoc, locked: boolean) {
  for (const counter of await readCounters(event.organizationId, event.id)) {
    if (counter.locked !== locked) {
      await patchItem(containers().orgs, event.organizationId, counter.id, [
        { op: 'set', path: '/locked', value: locked },
      ]);
    }
  }
}

/**
 * Batch operations creating empty counters for showtimes no ledger document can name yet (a new event or new
 * showtimes), so they land in the same transactional batch as the event write: one store call, and never an
 * event without its counters.
 */
export function createCounterOps(event: EventDoc, showtimeIds: string[]): OperationInput[] {
  return showtimeIds.map((showtimeId) => ({
    operationType: 'Create',
    resourceBody: asBatchBody(newCounter(event, showtimeId, emptyCounts())),
  }));
}

/** Creates a counter from the ledger (used on event creation and when one is missing). */
export async function rebuildCounter(event: EventDoc, showtimeId: string) {
  const ledger = await ledgerCounts(event);
  const counts = ledger.get(showtimeId) ?? emptyCounts();
  try {
    await createItem<CapacityCounterDoc>(containers().orgs, newCounter(event, showtimeId, counts));
  } catch (error) {
    if (!isConflict(error)) throw error; // created concurrently: that one stands
  }
}

export function newCounter(event: EventDoc, showtimeId: string, counts: ChannelCounts): CapacityCounterDoc {
  return {
    id: counterId(event.id, showtimeId),
    docType: 'capacityCounter',
    organizationId: event.organizationId,
    eventId: event.id,
    showtimeId,
    capacity: event.venueCapacity,
    ...counts,
    sold: soldOf(counts),
    locked: event.salesLocked === true,
    updatedAt: new Date().toISOString(),
  };
}

export function readCounters(organizationId: string, eventId: string) {
  return queryAll<Stored<CapacityCounterDoc>>(containers().orgs, organizationId, {
    query: "SELECT * FROM c WHERE c.organizationId = @org AND c.docType = 'capacityCounter' AND c.eventId = @event",
    parameters: [
      { name: '@org', value: organizationId },
      { name: '@event', value: eventId },
    ],
  });
}

/** Per-showtime capacity as the counters hold it (showtimes without a counter read as empty). */
export async function capacityByShowtime(event: EventDoc): Promise<ShowtimeCapacity[]> {
  const counters = new Map((await readCounters(event.organizationId, event.id)).map((c) => [c.showtimeId, c]));
  return event.showtimes.map((s) => {
    const counter = counters.get(s.showtimeId);
    const counts = counter ? pickCounts(counter) : { ...emptyCounts(), external: s.externalSold };
    return showtimeCapacity(s.showtimeId, event.venueCapacity, counts);
  });
}

export const pickCounts = (c: ChannelCounts): ChannelCounts => ({
  orders: c.orders,
  registrations: c.registrations,
  external: c.external,
  free: c.free,
});
