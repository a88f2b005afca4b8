import { logError } from '../../telemetry/telemetry';
import type { EventDoc } from '../events/model';
import { releaseCapacity, takeCapacity } from './counter';
import { capacityMoves, type CapacityChannel, type Holding } from './rules';

/**
 * A capacity-bearing ledger write (create, update or delete of a free ticket, external sale, …): take the
 * extra seats first (409 CAPACITY_EXCEEDED when they do not fit), then write; when the write fails give the
 * seats back and rethrow; release freed seats only after the write landed. A crash between the steps
 * leaves the counter high, never low, and the heal timer recomputes it from the ledger.
 */
export async function writeWithCapacity<T>(
  event: EventDoc,
  channel: CapacityChannel,
  before: Holding | undefined,
  after: Holding | undefined,
  write: () => Promise<T>,
  options: { enforceCeiling?: boolean } = {},
): Promise<T> {
  const moves = capacityMoves(before, after);
  for (const h of moves.take) {
    await takeCapacity({
      event,
      showtimeId: h.showtimeId,
      channel,
      delta: h.quantity,
      enforceCeiling: options.enforceCeiling,
    });
  }
  let result: T;
  try {
    result = await write();
  } catch (error) {
    for (const h of moves.take) {
      // The original error is what the caller needs; a failed compensation is drift for the heal timer.
      await releaseCapacity(event, h.showtimeId, channel, h.quantity).catch((e: unknown) =>
        logError(e, { step: 'capacity-compensation', eventId: event.id, showtimeId: h.showtimeId }),
      );
    }
    throw error;
  }
  for (const h of moves.release) await releaseCapacity(event, h.showtimeId, channel, h.quantity);
  return result;
}
