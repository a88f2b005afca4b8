import { conflict, notFound } from '../../../errors';
import type { KeyCarrying } from '../../../store/write-token';
import type { EventDoc } from '../model';
import { getEvent } from '../repo';
import { rebuildCounter, syncCounters, type CapacityRequest } from './counter';
import { counterId } from './model';
import type { MoneyHolding } from './money';
import { commitSeatBatch, readCounter, type BatchWrite } from './repo';
import { remainingOf } from './rules';

/**
 * A sale in ONE transactional batch of the organization's partition (docs/performance.md, "A sale is one batch"):
 * the document's write first (its ETag replace or its create), then the showtime counter's conditional patch that
 * takes the seats (`sold + n <= capacity`, and `locked = false` for a sale that respects the lock) and moves the
 * showtime's revenue and fees in the same operation, then any Idempotency-Key record riding along (commitBatch).
 * All or nothing on Cosmos DB: no seats held apart from their sale, so nothing to give back and no twin can be
 * refused by another twin's hold. Not for a Shared Event projection, whose gate is in the Shared Event's partition.
 */
export interface SeatSale extends KeyCarrying {
  /** The seats: event, showtime, channel, delta (> 0), respectLock, enforceCeiling. */
  seats: CapacityRequest;
  /** The document's writes, its guarded write first (a lost ETag then fails the first operation). */
  writes: BatchWrite[];
  /** The counters' money moves of the documents written (the seats' showtime rides in the seats' patch). */
  money: MoneyHolding[];
  /**
   * The counter as read, when the batch writes what it saw (force-record-sold's audit row): the patch is then
   * guarded by its ETag instead of the ceiling, and a lost race answers 412 like a lost document ETag.
   */
  counterAsRead?: { _etag: string };
}

/**
 * Commits the sale; answers the document's stored body. A lost ETag on the document throws the store's 412 (the
 * caller re-reads once and decides again: a repeat of the same total is then a no-op). A refused seat condition is
 * answered from the counter as it is now: 409 SALES_LOCKED, or 409 CAPACITY_EXCEEDED with the figures. A counter
 * that does not exist yet is built from the ledger once, and a counter from before the lock mirror is aligned once.
 */
export async function commitSale<T>(organizationId: string, sale: SeatSale): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await commitSeatBatch<T>(organizationId, sale);
    } catch (error) {
      const { code, index } = error as { code?: number; index?: number };
      // Only the seats' own operation (right after the document's writes) is a refusal; a lost document ETag, or
      // the counter moved since it was read (counterAsRead), is the store's 412 for the caller to decide again.
      if (index !== sale.writes.length || sale.counterAsRead || typeof code !== 'number') throw error;
      const { seats } = sale;
      if (code === 404 && attempt === 0) {
        await rebuildCounter(await fullEvent(seats), seats.showtimeId); // never created: from the ledger
        continue;
      }
      if (code !== 412) throw error;
      const counter = await readCounter(organizationId, counterId(seats.event.id, seats.showtimeId));
      if (seats.respectLock && counter && counter.locked === undefined && attempt === 0) {
        await syncCounters(await fullEvent(seats)); // a counter from before the lock mirror: add it, then retry
        continue;
      }
      throw seatRefusalOf(counter, seats);
    }
  }
}

/**
 * A sale of more seats than its showtime has (the event's venue capacity) can never be made: refused as the
 * counter would refuse it, before anything is written or reserved (a sale's ticket numbers, tickets/issue.ts).
 */
export async function refuseBeyondVenue(organizationId: string, seats: CapacityRequest): Promise<void> {
  const venue = seats.event.venueCapacity;
  if (seats.enforceCeiling === false || venue === undefined || seats.delta <= venue) return;
  throw seatRefusalOf(await readCounter(organizationId, counterId(seats.event.id, seats.showtimeId)), seats);
}

function seatRefusalOf(
  counter: { locked?: boolean; capacity: number; sold: number } | undefined,
  seats: CapacityRequest,
) {
  if (seats.respectLock && counter?.locked === true) return conflict('Sales are locked for this event', 'SALES_LOCKED');
  return conflict('Not enough remaining capacity for this showtime', 'CAPACITY_EXCEEDED', {
    availableCapacity: counter ? remainingOf(counter.capacity, counter.sold) : 0,
    requestedDelta: seats.delta,
  });
}

async function fullEvent(seats: CapacityRequest): Promise<EventDoc> {
  const { event } = seats;
  if (event.showtimes && event.docType === 'event') return event as EventDoc;
  const loaded = await getEvent(event.organizationId, event.id);
  if (!loaded) throw notFound('Event');
  return loaded;
}
