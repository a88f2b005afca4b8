import type { EventDoc } from '../model';
import { releaseCapacity } from './counter';
import { sharedEventIdOf } from './model';
import { sharedSeats } from './shared-seats';
import { capacityMoves, type CapacityChannel, type Holding } from './rules';
import { showtimeSeats, withCapacity } from './with-capacity';

export interface LedgerWriteOptions {
  enforceCeiling?: boolean;
  respectLock?: boolean;
  /** The local document written (required on a Shared Event projection: its reservation names it). */
  documentId?: string;
  /** Who made a decrease (recorded on a Shared Event projection's correction). */
  actor?: string;
}

/** Stamps the written document with the capacity operations it carries (see SeatHold.mark). */
export type Mark = <T extends object>(doc: T) => T;

/**
 * A capacity-bearing ledger write (create, update or delete of a free ticket, external sale, a showtime's manual
 * external count, …): the extra seats are taken first through `withCapacity` (409 CAPACITY_EXCEEDED when they
 * do not fit; given back if the write fails), and freed seats are released only after the write landed. A crash
 * between the steps leaves the counter high, never low, and the heal timer recomputes it from the ledger.
 * `respectLock` refuses a take on a locked event (409 SALES_LOCKED) in the same conditional patch; releases never.
 * On a Shared Event projection the take is a reservation committed after the write (`write` must pass the
 * document through `mark`), and a release is an administrative correction of the Shared Event's counter.
 */
export async function writeWithCapacity<T>(
  event: Pick<EventDoc, 'id' | 'organizationId'> & Partial<EventDoc>,
  channel: CapacityChannel,
  before: Holding | undefined,
  after: Holding | undefined,
  write: (mark: Mark) => Promise<T>,
  options: LedgerWriteOptions = {},
): Promise<T> {
  const moves = capacityMoves(before, after);
  const takes = moves.take.map((h) => ({
    event,
    showtimeId: h.showtimeId,
    channel,
    delta: h.quantity,
    enforceCeiling: options.enforceCeiling,
    respectLock: options.respectLock,
    documentId: options.documentId,
    actor: options.actor,
  }));
  const seats = showtimeSeats(takes);
  const result = await withCapacity(seats, () => write((doc) => seats.mark(doc)));
  for (const h of moves.release) await releaseCapacity(event, h.showtimeId, channel, h.quantity);
  const sharedEventId = sharedEventIdOf(event);
  if (sharedEventId !== undefined) {
    for (const h of moves.release) {
      await sharedSeats().correct({
        sharedEventId,
        organizationId: event.organizationId,
        showtimeId: h.showtimeId,
        quantity: h.quantity,
        localDocumentId: options.documentId ?? event.id,
        originalQty: quantityOn(before, h.showtimeId),
        correctedQty: quantityOn(after, h.showtimeId),
        actor: options.actor ?? event.organizationId,
        reason: `${channel} reduced`,
      });
    }
  }
  return result;
}

const quantityOn = (holding: Holding | undefined, showtimeId: string) =>
  holding?.showtimeId === showtimeId ? holding.quantity : 0;
