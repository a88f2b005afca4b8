import { conflict, notFound } from '../../../errors';
import { isConflict, isNotFound, isPreconditionFailed, type Stored } from '../../../store/outcomes';
import type { EventDoc } from '../model';
import { getEvent } from '../repo';
import { ledgerCounts } from './ledger';
import { counterId, type CapacityCounterDoc, type EventRef } from './model';
import {
  conditionalIncrement,
  createCounter,
  readCounter,
  readCounters,
  setCounterFields,
  type BatchWrite,
} from './repo';
import {
  emptyCounts,
  remainingOf,
  showtimeCapacity,
  soldOf,
  type CapacityChannel,
  type ChannelCounts,
  type ShowtimeCapacity,
} from './rules';

/**
 * Upkeep of the per-showtime counters over the generic conditional increment (repo.ts): taking and releasing
 * seats on one channel, creating missing counters from the ledger, aligning capacity and the lock mirror.
 * A capacity-taking write goes through `withCapacity` (with-capacity.ts): take, write, release if the write
 * fails. A crash between the steps leaves the counter high (never low: no oversell); `checkCounters` finds
 * such drift from the ledger and the heal timer repairs it.
 */
export { counterId, readCounters, type CapacityCounterDoc, type EventRef };

export interface CapacityRequest {
  event: EventRef;
  showtimeId: string;
  channel: CapacityChannel;
  delta: number;
  /** false bypasses the ceiling (force-record-sold, manual external counts) but still moves the counter. */
  enforceCeiling?: boolean;
  /** true refuses a locked event (409 SALES_LOCKED) in the same conditional patch. */
  respectLock?: boolean;
  /** The local document the write lands in: a Shared Event projection's reservation names it for the timer. */
  documentId?: string;
  /** Who made the write (recorded on a Shared Event adjustment). */
  actor?: string;
}

function takeCondition(request: CapacityRequest): string | undefined {
  const clauses: string[] = [];
  if (request.enforceCeiling !== false) clauses.push(`c.sold + ${request.delta} <= c.capacity`);
  if (request.respectLock) clauses.push('c.locked = false');
  return clauses.length > 0 ? clauses.join(' AND ') : undefined;
}

const moveSeats = (event: EventRef, showtimeId: string, channel: CapacityChannel, delta: number, condition?: string) =>
  conditionalIncrement<CapacityCounterDoc>({
    container: 'orgs',
    partitionKey: event.organizationId,
    id: counterId(event.id, showtimeId),
    condition,
    increments: { sold: delta, [channel]: delta },
    set: { updatedAt: new Date().toISOString() },
  });

/**
 * Takes `delta` seats atomically; 409 CAPACITY_EXCEEDED with availableCapacity and requestedDelta otherwise,
 * or 409 SALES_LOCKED when the request respects the lock and the event is locked.
 */
export async function takeCapacity(request: CapacityRequest): Promise<Stored<CapacityCounterDoc>> {
  const { event, showtimeId, channel, delta } = request;
  if (!Number.isInteger(delta) || delta < 0) throw new Error(`takeCapacity needs a non-negative integer, got ${delta}`);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await moveSeats(event, showtimeId, channel, delta, takeCondition(request));
    } catch (error) {
      if (isPreconditionFailed(error)) {
        const counter = await readCounter(event.organizationId, counterId(event.id, showtimeId));
        if (request.respectLock && counter?.locked === true)
          throw conflict('Sales are locked for this event', 'SALES_LOCKED');
        if (request.respectLock && counter && counter.locked === undefined && attempt === 0) {
          await syncCounters(await fullEvent(event)); // a counter from before the lock mirror: add it, then retry
          continue;
        }
        const available = counter ? remainingOf(counter.capacity, counter.sold) : 0;
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
    await moveSeats(event, showtimeId, channel, -delta);
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
    const fields: Partial<Pick<CapacityCounterDoc, 'capacity' | 'locked'>> = {};
    if (counter.capacity !== event.venueCapacity) fields.capacity = event.venueCapacity;
    if (counter.locked !== locked) fields.locked = locked;
    if (Object.keys(fields).length > 0) await setCounterFields(event.organizationId, counter.id, fields);
  }
}

/** Sets the lock mirror on every counter of the event. */
export async function mirrorLock(event: EventDoc, locked: boolean) {
  for (const counter of await readCounters(event.organizationId, event.id)) {
    if (counter.locked !== locked) await setCounterFields(event.organizationId, counter.id, { locked });
  }
}

/**
 * Batch writes creating empty counters for showtimes no ledger document can name yet (a new event or new
 * showtimes), so they land in the same transactional batch as the event write: one store call, and never an
 * event without its counters.
 */
export function createCounterOps(event: EventDoc, showtimeIds: string[]): BatchWrite[] {
  const noMoney = { revenue: 0, fees: 0 }; // no ledger document can name these showtimes yet
  return showtimeIds.map((showtimeId) => ({ create: newCounter(event, showtimeId, emptyCounts(), noMoney) }));
}

/** Creates a counter from the ledger (used on event creation and when one is missing). */
export async function rebuildCounter(event: EventDoc, showtimeId: string) {
  const ledger = await ledgerCounts(event);
  const counts = ledger.get(showtimeId) ?? emptyCounts();
  try {
    await createCounter(newCounter(event, showtimeId, counts));
  } catch (error) {
    if (!isConflict(error)) throw error; // created concurrently: that one stands
  }
}

/** A counter with `counts`; with `money` (cents, from the ledger) it keeps the showtime's revenue and fees too. */
export function newCounter(
  event: EventDoc,
  showtimeId: string,
  counts: ChannelCounts,
  money?: { revenue: number; fees: number },
): CapacityCounterDoc {
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
    ...(money ? { revenue: money.revenue, fees: money.fees, moneykept: true } : {}),
    updatedAt: new Date().toISOString(),
  };
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
