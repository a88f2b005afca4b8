import { logError } from '../../../telemetry/telemetry';
import { sharedSeats, type SharedSeatReservation } from './shared-seats';
import { releaseCapacity, takeCapacity, type CapacityCounterDoc, type CapacityRequest } from './counter';
import { sharedEventIdOf } from './model';

/**
 * Seats held on some counters: `take` moves them (and refuses with a domain error when they do not fit),
 * `release` gives back exactly what `take` got. Location-agnostic, so a Shared Event pool or a quota counter
 * can be held the same way as a showtime counter.
 */
export interface SeatHold<Held> {
  take(): Promise<Held>;
  release(): Promise<void>;
  /** After the write landed: Shared Event holds become sales (a failure is left to the timer, which commits). */
  commit(): Promise<void>;
  /** The local document stamped with the capacity operations it carries (unchanged when there are none). */
  mark<T extends object>(doc: T): T;
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
  let written: T;
  try {
    written = await write(held);
  } catch (error) {
    await hold
      .release()
      .catch((releaseError: unknown) => logError(releaseError, { step: 'capacity-compensation', ...hold.describe }));
    throw error;
  }
  await hold.commit();
  return written;
}

/**
 * Seats on showtime counters, taken in order; when a later take is refused, the earlier ones go back before the
 * refusal propagates (a multi-counter take is all or nothing, like a single one). On a Shared Event projection
 * the Shared Event's counter is the gate (reserved first, committed after the write: shared-events/capacity/sale.ts)
 * and the local counter only keeps the participant's tally, so it moves without its ceiling.
 */
export function showtimeSeats(requests: CapacityRequest[]): SeatHold<CapacityCounterDoc[]> {
  const taken: CapacityRequest[] = [];
  const reservations: SharedSeatReservation[] = [];
  const beyondCeiling: object[] = [];
  const releaseTaken = async () => {
    while (taken.length > 0) {
      const r = taken.pop() as CapacityRequest;
      await releaseCapacity(r.event, r.showtimeId, r.channel, r.delta);
    }
    if (reservations.length > 0) await sharedSeats().release(reservations.splice(0));
    for (const adjustment of beyondCeiling.splice(0)) await sharedSeats().undoBeyondCeiling(adjustment);
  };
  const describe = {
    eventId: requests[0]?.event.id ?? '',
    showtimeIds: requests.map((r) => r.showtimeId).join(','),
  };
  const moving = requests.filter((r) => r.delta !== 0);
  return {
    describe,
    release: releaseTaken,
    commit: async () => {
      if (reservations.length > 0) await sharedSeats().commit(reservations);
    },
    mark: (doc) =>
      reservations.length === 0
        ? doc
        : sharedSeats().stamp(
            doc,
            reservations.map((r) => r.operationId),
          ),
    async take() {
      const counters: CapacityCounterDoc[] = [];
      try {
        for (const request of moving) {
          const sharedEventId = sharedEventIdOf(request.event);
          if (sharedEventId === undefined || request.delta <= 0) continue;
          if (request.enforceCeiling === false) beyondCeiling.push(await recordShared(sharedEventId, request));
          else reservations.push(await reserveShared(sharedEventId, request));
        }
        for (const request of moving) {
          const local = sharedEventIdOf(request.event) === undefined ? request : { ...request, enforceCeiling: false };
          counters.push(await takeCapacity(local));
          taken.push(request);
        }
      } catch (error) {
        await releaseTaken().catch((e: unknown) => logError(e, { step: 'capacity-compensation', ...describe }));
        throw error;
      }
      return counters;
    },
  };
}

function sharedSeatRequest(sharedEventId: string, request: CapacityRequest) {
  if (request.documentId === undefined) throw new Error('A Shared Event sale needs the id of its local document');
  return {
    sharedEventId,
    organizationId: request.event.organizationId,
    showtimeId: request.showtimeId,
    quantity: request.delta,
    localDocumentId: request.documentId,
  };
}

const reserveShared = (sharedEventId: string, request: CapacityRequest) =>
  sharedSeats().reserve(sharedSeatRequest(sharedEventId, request));

/** A sale past the ceiling on a projection: an external observation, or an admin's correction (force-record-sold). */
const recordShared = (sharedEventId: string, request: CapacityRequest) =>
  sharedSeats().recordBeyondCeiling({
    ...sharedSeatRequest(sharedEventId, request),
    kind: request.channel === 'external' ? 'externalObservation' : 'administrativeCorrection',
    actor: request.actor ?? request.event.organizationId,
    reason: `${request.channel} recorded beyond the capacity check`,
  });
