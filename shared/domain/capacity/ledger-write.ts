import type { EventDoc } from '../events/model';
import { releaseCapacity } from './counter';
import { capacityMoves, type CapacityChannel, type Holding } from './rules';
import { showtimeSeats, withCapacity } from './with-capacity';

/**
 * A capacity-bearing ledger write (create, update or delete of a free ticket, external sale, a showtime's manual
 * external count, …): the extra seats are taken first through `withCapacity` (409 CAPACITY_EXCEEDED when they
 * do not fit; given back if the write fails), and freed seats are released only after the write landed. A crash
 * between the steps leaves the counter high, never low, and the heal timer recomputes it from the ledger.
 * `respectLock` refuses a take on a locked event (409 SALES_LOCKED) in the same conditional patch; releases never.
 */
export async function writeWithCapacity<T>(
  event: Pick<EventDoc, 'id' | 'organizationId'> & Partial<EventDoc>,
  channel: CapacityChannel,
  before: Holding | undefined,
  after: Holding | undefined,
  write: () => Promise<T>,
  options: { enforceCeiling?: boolean; respectLock?: boolean } = {},
): Promise<T> {
  const moves = capacityMoves(before, after);
  const takes = moves.take.map((h) => ({
    event,
    showtimeId: h.showtimeId,
    channel,
    delta: h.quantity,
    enforceCeiling: options.enforceCeiling,
    respectLock: options.respectLock,
  }));
  const result = await withCapacity(showtimeSeats(takes), write);
  for (const h of moves.release) await releaseCapacity(event, h.showtimeId, channel, h.quantity);
  return result;
}
