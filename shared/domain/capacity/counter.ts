import type { PatchOperation } from '@azure/cosmos';
import { conflict } from '../../http/errors';
import { containers } from '../../store/client';
import {
  createItem,
  isConflict,
  isNotFound,
  isPreconditionFailed,
  patchItem,
  queryAll,
  readItem,
  replaceItem,
  type Stored,
} from '../../store/operations';
import type { EventDoc } from '../../store/repos/events';
import {
  countsFromLedger,
  emptyCounts,
  showtimeCapacity,
  soldOf,
  type CapacityChannel,
  type ChannelCounts,
  type LedgerEntry,
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
  updatedAt: string;
}

export const counterId = (eventId: string, showtimeId: string) => `capacity-${eventId}-${showtimeId}`;

export interface CapacityRequest {
  event: EventDoc;
  showtimeId: string;
  channel: CapacityChannel;
  delta: number;
  /** false bypasses the ceiling (force-record-sold, manual external counts) but still moves the counter. */
  enforceCeiling?: boolean;
}

const incrementOps = (channel: CapacityChannel, delta: number): PatchOperation[] => [
  { op: 'incr', path: '/sold', value: delta },
  { op: 'incr', path: `/${channel}`, value: delta },
  { op: 'set', path: '/updatedAt', value: new Date().toISOString() },
];

/** Takes `delta` seats atomically; 409 CAPACITY_EXCEEDED with availableCapacity and requestedDelta otherwise. */
export async function takeCapacity(request: CapacityRequest): Promise<Stored<CapacityCounterDoc>> {
  const { event, showtimeId, channel, delta } = request;
  if (!Number.isInteger(delta) || delta < 0) throw new Error(`takeCapacity needs a non-negative integer, got ${delta}`);
  const id = counterId(event.id, showtimeId);
  const guard = request.enforceCeiling === false ? {} : { condition: `FROM c WHERE c.sold + ${delta} <= c.capacity` };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return await patchItem<CapacityCounterDoc>(
        containers().orgs,
        event.organizationId,
        id,
        incrementOps(channel, delta),
        guard,
      );
    } catch (error) {
      if (isPreconditionFailed(error)) {
        const counter = await readItem<CapacityCounterDoc>(containers().orgs, event.organizationId, id);
        const available = counter ? Math.max(0, counter.capacity - counter.sold) : 0;
        throw conflict('Not enough remaining capacity for this showtime', 'CAPACITY_EXCEEDED', {
          availableCapacity: available,
          requestedDelta: delta,
        });
      }
      if (!isNotFound(error) || attempt > 0) throw error;
      await rebuildCounter(event, showtimeId); // a counter that was never created: build it from the ledger
    }
  }
  throw new Error('unreachable');
}

/** Gives seats back (cancelled sale, deleted ledger entry, compensation of a failed write). Never fails on capacity. */
export async function releaseCapacity(event: EventDoc, showtimeId: string, channel: CapacityChannel, delta: number) {
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

/** Creates missing counters (new event or showtime) and sets every counter's capacity to the event's. */
export async function syncCounters(event: EventDoc, existing?: CapacityCounterDoc[]) {
  const counters = existing ?? (await readCounters(event.organizationId, event.id));
  const byShowtime = new Map(counters.map((c) => [c.showtimeId, c]));
  for (const showtime of event.showtimes) {
    const counter = byShowtime.get(showtime.showtimeId);
    if (!counter) await rebuildCounter(event, showtime.showtimeId);
    else if (counter.capacity !== event.venueCapacity) {
      await patchItem(containers().orgs, event.organizationId, counter.id, [
        { op: 'set', path: '/capacity', value: event.venueCapacity },
      ]);
    }
  }
}

/** Empty counters for a brand-new event (no ledger can exist yet, so nothing is queried). */
export async function createCounters(event: EventDoc) {
  for (const showtime of event.showtimes) {
    await createItem<CapacityCounterDoc>(containers().orgs, newCounter(event, showtime.showtimeId, emptyCounts()));
  }
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

function newCounter(event: EventDoc, showtimeId: string, counts: ChannelCounts): CapacityCounterDoc {
  return {
    id: counterId(event.id, showtimeId),
    docType: 'capacityCounter',
    organizationId: event.organizationId,
    eventId: event.id,
    showtimeId,
    capacity: event.venueCapacity,
    ...counts,
    sold: soldOf(counts),
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

const pickCounts = (c: ChannelCounts): ChannelCounts => ({
  orders: c.orders,
  registrations: c.registrations,
  external: c.external,
  free: c.free,
});

/** Channel counts per showtime recomputed from the ledger documents: one partition query. */
export async function ledgerCounts(event: EventDoc): Promise<Map<string, ChannelCounts>> {
  const rows = await queryAll<{ docType: LedgerEntry['docType']; showtimeId: string; quantity?: number }>(
    containers().orgs,
    event.organizationId,
    {
      query:
        'SELECT c.docType, c.showtimeId, c.capacityQuantity AS quantity FROM c ' +
        "WHERE c.organizationId = @org AND c.eventId = @event AND c.docType IN ('order', 'registration', 'externalSale', 'freeTicket') " +
        'AND NOT IS_DEFINED(c.deletedAt)',
      parameters: [
        { name: '@org', value: event.organizationId },
        { name: '@event', value: event.id },
      ],
    },
  );
  const entries = rows.map((r) => ({ docType: r.docType, showtimeId: r.showtimeId, quantity: r.quantity ?? 0 }));
  return countsFromLedger(event.showtimes, entries);
}

export interface CounterDrift {
  showtimeId: string;
  counter: ChannelCounts & { sold: number };
  ledger: ChannelCounts & { sold: number };
  repaired: boolean;
}

/**
 * Recomputes every counter of an event from the ledger and reports drift. With `repair`, a drifted counter
 * that has been quiet for `quietMs` (so no take-then-write is in flight) is set to the ledger values with
 * an ETag condition; a counter that moved meanwhile is left for the next run.
 */
export async function checkCounters(event: EventDoc, options: { repair?: boolean; quietMs?: number } = {}) {
  const [counters, ledger] = await Promise.all([readCounters(event.organizationId, event.id), ledgerCounts(event)]);
  const drift: CounterDrift[] = [];
  for (const showtime of event.showtimes) {
    const counter = counters.find((c) => c.showtimeId === showtime.showtimeId);
    const expected = ledger.get(showtime.showtimeId) ?? emptyCounts();
    const actual = counter ? pickCounts(counter) : emptyCounts();
    const same = counter && (Object.keys(expected) as CapacityChannel[]).every((k) => expected[k] === actual[k]);
    if (same && counter.sold === soldOf(actual)) continue;
    let repaired = false;
    const quiet = !counter || Date.now() - Date.parse(counter.updatedAt) >= (options.quietMs ?? 60_000);
    if (options.repair && quiet) repaired = await repairCounter(event, showtime.showtimeId, counter, expected);
    drift.push({
      showtimeId: showtime.showtimeId,
      counter: { ...actual, sold: counter?.sold ?? 0 },
      ledger: { ...expected, sold: soldOf(expected) },
      repaired,
    });
  }
  return drift;
}

async function repairCounter(
  event: EventDoc,
  showtimeId: string,
  counter: Stored<CapacityCounterDoc> | undefined,
  counts: ChannelCounts,
): Promise<boolean> {
  const next = newCounter(event, showtimeId, counts);
  try {
    if (!counter) await createItem(containers().orgs, next);
    else await replaceItem(containers().orgs, event.organizationId, next, counter._etag);
    return true;
  } catch (error) {
    if (isPreconditionFailed(error) || isConflict(error)) return false;
    throw error;
  }
}
