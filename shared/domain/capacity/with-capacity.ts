import { unavailable } from '../../errors';
import { logError } from '../../telemetry/telemetry';
import { releaseCapacity, takeCapacity, type CapacityCounterDoc, type CapacityRequest } from './counter';

/**
 * Seats held on some counters: `take` moves them (and refuses with a domain error when they do not fit),
 * `release` gives back exactly what `take` got. Location-agnostic, so a Shared Event pool or a quota counter
 * can be held the same way as a showtime counter.
 */
export interface SeatHold<Held> {
  take(): Promise<Held>;
  release(): Promise<void>;
  /** Names the counters in the log line of a failed release. */
  describe: Record<string, string>;
}

/**
 * The one way to take capacity: take → write → compensate. When the write fails the seats are released and the
 * write's ORIGINAL error propagates; a release that fails too is logged and left as drift (the counter high,
 * never an oversell) for the heal timer's repair, so it can never replace the error the caller needs.
 */
export async function withCapacity<Held, T>(hold: SeatHold<Held>, write: (held: Held) => Promise<T>): Promise<T> {
  const held = await hold.take();
  try {
    return await write(held);
  } catch (error) {
    await hold
      .release()
      .catch((releaseError: unknown) => logError(releaseError, { step: 'capacity-compensation', ...hold.describe }));
    throw error;
  }
}

/**
 * Seats on showtime counters, taken in order; when a later take is refused, the earlier ones go back before the
 * refusal propagates (a multi-counter take is all or nothing, like a single one).
 */
export function showtimeSeats(requests: CapacityRequest[]): SeatHold<CapacityCounterDoc[]> {
  const taken: CapacityRequest[] = [];
  const releaseTaken = async () => {
    while (taken.length > 0) {
      const r = taken.pop() as CapacityRequest;
      await releaseCapacity(r.event, r.showtimeId, r.channel, r.delta);
    }
  };
  const describe = {
    eventId: requests[0]?.event.id ?? '',
    showtimeIds: requests.map((r) => r.showtimeId).join(','),
  };
  return {
    describe,
    release: releaseTaken,
    async take() {
      // A Shared Event projection holds no local capacity: its seats belong to the Shared Event's counters
      // (the capacity engine, next issue). Until then every capacity-taking write on one is refused here.
      if (requests.some((r) => r.delta > 0 && r.event.sharedEventLink !== undefined)) {
        throw unavailable('Shared Event capacity is not available yet');
      }
      const counters: CapacityCounterDoc[] = [];
      for (const request of requests.filter((r) => r.delta !== 0)) {
        try {
          counters.push(await takeCapacity(request));
        } catch (error) {
          await releaseTaken().catch((e: unknown) => logError(e, { step: 'capacity-compensation', ...describe }));
          throw error;
        }
        taken.push(request);
      }
      return counters;
    },
  };
}
