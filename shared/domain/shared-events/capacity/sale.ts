import { randomUUID } from 'node:crypto';
import { conflict, unavailable } from '../../../errors';
import { isUnavailable, type Stored, isPreconditionFailed } from '../../../store/outcomes';
import { logError } from '../../../telemetry/telemetry';
import { getParticipant, getSharedEvent } from '../repo';
import { LIVE_PARTICIPANT_STATUSES } from '../model';
import { adjust, reserve, settleHeld } from './engine';
import {
  counterPolicy,
  newSharedCounter,
  counterIdFor,
  reservationId,
  type CapacityAdjustmentDoc,
  type CapacityFenceDoc,
  type CapacityReservationDoc,
} from './model';
import { startingCapacity } from './rules';
import {
  ensureCounter,
  ensureFence,
  readCounter,
  readFence,
  readLocalSaleDocument,
  readReservation,
  replaceFence,
} from './repo';
import type { SeatCorrection, BeyondCeilingRequest, SharedSeatRequest } from '../../events/capacity/shared-seats';

/**
 * A participant's capacity-taking write on its Shared Event projection (docs/shared-events.md; docs/shared-events.md
 * "Capacity protocol"): reserve in the Shared Event partition → write the local document (stamped with the
 * operationId in `capacityOps`) in the organization partition → commit. The local counter still moves too
 * (without its ceiling): it is the participant's own tally for its dashboard; the Shared Event counter is the gate.
 */

/** How long a hold lasts: far longer than one request, shorter than the timer's period plus one run. */
export const HOLD_MS = 5 * 60_000;

/** How many recent capacity operations a local document remembers (the timer only asks about recent ones). */
const REMEMBERED_OPS = 10;

/** Appends an operation id to a local document's `capacityOps` (bounded). */
export function stampCapacityOps<T extends object>(doc: T, operationIds: readonly string[]): T {
  if (operationIds.length === 0) return doc;
  const previous = (doc as { capacityOps?: string[] }).capacityOps ?? [];
  return { ...doc, capacityOps: [...previous, ...operationIds].slice(-REMEMBERED_OPS) };
}

export type { SharedSeatRequest };

/** The fence (state and policy), created from the Shared Event on the very first reserve. */
async function currentFence(sharedEventId: string): Promise<Stored<CapacityFenceDoc>> {
  const fence = await readFence(sharedEventId);
  if (fence) return fence;
  const head = await getSharedEvent(sharedEventId);
  if (!head) throw unavailable('Shared Event capacity is temporarily unavailable');
  refuseUnlessSelling(head.status);
  return (await ensureFence(sharedEventId, new Date().toISOString(), head.capacityPolicy, 'open', true)).doc;
}

/**
 * The fence of a capacity-TAKING write (a sale, a write past the ceiling): besides its state, a draft Shared Event
 * and a participant that left or was removed take nothing (docs/decisions/shared-event-roster.md). Both facts ride
 * on the fence as hints read with it (no extra store call in the steady case); a hinted sale reads the head or the
 * roster entry, which decide. Decreases (corrections giving seats back) are not gated.
 */
async function sellingFence(sharedEventId: string, organizationId: string): Promise<Stored<CapacityFenceDoc>> {
  const fence = await currentFence(sharedEventId);
  if (fence.state !== 'open') return fence; // the freeze answers for itself (reserve and adjust refuse it)
  const [head, participant] = await Promise.all([
    fence.headSeenSelling ? undefined : getSharedEvent(sharedEventId),
    fence.closedOrganizationIds?.includes(organizationId) ? getParticipant(sharedEventId, organizationId) : undefined,
  ]);
  if (head) {
    refuseUnlessSelling(head.status);
    await recordHeadSeenSelling(fence);
  } else if (!fence.headSeenSelling) {
    throw unavailable('Shared Event capacity is temporarily unavailable');
  }
  if (participant && !LIVE_PARTICIPANT_STATUSES.includes(participant.status)) {
    // Its own code, not CONFLICT ("another request won; retry"): retrying cannot help (docs/decisions/shared-event-roster.md).
    throw conflict('Your organization no longer takes part in this Shared Event', 'PARTICIPANT_NOT_ACTIVE', {
      participantStatus: participant.status,
    });
  }
  return fence;
}

/** A draft sells nothing (docs/shared-events.md), nor does a retired or cancelled Shared Event. */
function refuseUnlessSelling(status: string) {
  if (status === 'draft') {
    throw conflict('This Shared Event is a draft: its projections take no sales until it opens', 'CAPACITY_EXCEEDED');
  }
  if (status === 'cancelled' || status === 'cancelling') {
    throw conflict('Sales of this Shared Event are frozen', 'CAPACITY_EXCEEDED');
  }
}

/** The head was seen past draft (a draft never comes back): later sales skip the check. Best effort. */
async function recordHeadSeenSelling(fence: Stored<CapacityFenceDoc>) {
  const { checkHead: _c, ...rest } = fence;
  await replaceFence({ ...rest, headSeenSelling: true }, fence._etag).catch((error: unknown) => {
    if (!isPreconditionFailed(error)) logError(error, { step: 'fence-head-check', sharedEventId: fence.sharedEventId });
  });
}

/** Creates a missing counter (first sale on a showtime) from the Shared Event; an existing one stands. */
export async function ensureSaleCounter(
  sharedEventId: string,
  counterId: string,
  organizationId: string,
  showtimeId: string,
) {
  const head = await getSharedEvent(sharedEventId);
  if (!head || !(head.showtimes ?? []).some((s) => s.showtimeId === showtimeId)) {
    throw unavailable('Shared Event capacity is temporarily unavailable');
  }
  const target = { showtimeId, ...(counterPolicy(counterId) === 'quota' ? { organizationId } : {}) };
  const quotas = target.organizationId
    ? (await getParticipant(sharedEventId, organizationId))?.quotaByShowtime
    : undefined;
  const capacity = startingCapacity(target, head.sharedCapacity?.perShowtime, quotas);
  await ensureCounter(
    newSharedCounter({ sharedEventId, counterId, ...target, capacity, now: new Date().toISOString() }),
  );
}

/**
 * Step 1: hold the seats. 409 CAPACITY_EXCEEDED (no availableCapacity or requestedDelta: docs/shared-events.md) when the
 * Shared Event is sold out for this counter or frozen; 503 when its capacity cannot be reached.
 * Store calls: fence read, counter patch, reservation create (plus the counter's creation on a first sale).
 */
export async function reserveSharedSeats(request: SharedSeatRequest): Promise<Stored<CapacityReservationDoc>> {
  try {
    const fence = await sellingFence(request.sharedEventId, request.organizationId);
    const counterId = counterIdFor(fence.capacityPolicy, request.organizationId, request.showtimeId);
    const attempt = () =>
      reserve({
        ...request,
        counterId,
        operationId: request.operationId ?? `${request.localDocumentId}:${randomUUID()}`,
        holdMs: HOLD_MS,
        fence,
        fresh: true,
        // An operation id that twins share: the hold and its seats in one batch, and a twin's hold (the same id)
        // answered as this one's, so a twin refused by it can find it (orders/projection-sale.ts).
        atomic: request.operationId !== undefined,
      });
    try {
      return await attempt();
    } catch (error) {
      if (!isUnavailableCode(error)) throw error;
      await ensureSaleCounter(request.sharedEventId, counterId, request.organizationId, request.showtimeId);
      return await attempt();
    }
  } catch (error) {
    if (isUnavailable(error)) throw unavailable('Shared Event capacity is temporarily unavailable');
    throw error;
  }
}

/** engine.reserve answers a missing counter with the domain 503: the one case a counter creation can cure. */
const isUnavailableCode = (error: unknown) => (error as { code?: string }).code === 'UNAVAILABLE';

/** Step 3: the local write landed; the hold becomes a sale. A failure is left to the timer (it rolls forward). */
export async function commitSharedSeats(reservations: readonly Stored<CapacityReservationDoc>[]) {
  for (const r of reservations) {
    await settleHeld(r, 'commit').catch((error: unknown) =>
      logError(error, { step: 'shared-capacity-commit', sharedEventId: r.sharedEventId, reservation: r.id }),
    );
  }
}

/** The hold a twin of this sale made, if any: report-sold's answer to a refusal (orders/projection-sale.ts). */
export async function findSharedSeatHold(sharedEventId: string, operationId: string) {
  return readReservation(sharedEventId, reservationId(operationId));
}

/** Compensation: the local write failed, the seats go back at once (the timer would, after expiry). */
export async function releaseSharedSeats(reservations: readonly Stored<CapacityReservationDoc>[]) {
  for (const r of reservations) await settleHeld(r, 'release');
}

/**
 * A decrease on a projection (a deleted registration, a lowered free-ticket quantity, a corrected external
 * sale): an `administrativeCorrection` adjustment that gives the seats back; the committed reservation it
 * came from stays committed (the ledger keeps both). Written after the local write landed.
 */
export async function correctSharedSeats(request: SeatCorrection) {
  const fence = await currentFence(request.sharedEventId);
  // Once cancellation has begun, its wholeEventCancellation adjustments give back every committed seat (they are
  // computed from the ledger when it finishes): a correction now would give the same seats back twice.
  if (fence.state !== 'open') return;
  await adjust({
    sharedEventId: request.sharedEventId,
    operationId: `${request.localDocumentId}:${randomUUID()}`,
    showtimeId: request.showtimeId,
    organizationId: request.organizationId,
    counterId: counterIdFor(fence.capacityPolicy, request.organizationId, request.showtimeId),
    kind: 'administrativeCorrection',
    signedDelta: -request.quantity,
    originalQty: request.originalQty,
    correctedQty: request.correctedQty,
    actor: request.actor,
    authority: 'participant',
    reason: request.reason,
    createdAt: new Date().toISOString(),
  });
}

/**
 * A write that bypasses the ceiling (force-record-sold, an external sale correction, a manual external count)
 * on a projection: recorded on the Shared Event's counter as an adjustment BEFORE the local write, so a crash
 * leaves the counter high, never low; it may push the counter to `overbooked`, which is what happened.
 * `undoBeyondCeiling` is its compensation when the local write fails.
 */
export async function recordBeyondCeiling(request: BeyondCeilingRequest) {
  const fence = await sellingFence(request.sharedEventId, request.organizationId);
  if (fence.state !== 'open') throw conflict('Sales of this Shared Event are frozen', 'CAPACITY_EXCEEDED');
  const counterId = counterIdFor(fence.capacityPolicy, request.organizationId, request.showtimeId);
  // The adjustment moves an existing counter only (its document is written first, once): make sure there is one.
  if (!(await readCounter(request.sharedEventId, counterId))) {
    await ensureSaleCounter(request.sharedEventId, counterId, request.organizationId, request.showtimeId);
  }
  return adjust({
    sharedEventId: request.sharedEventId,
    operationId: `${request.localDocumentId}:${randomUUID()}`,
    showtimeId: request.showtimeId,
    organizationId: request.organizationId,
    counterId,
    kind: request.kind,
    signedDelta: request.quantity,
    actor: request.actor,
    authority: 'participant',
    reason: request.reason,
    createdAt: new Date().toISOString(),
  });
}

export async function undoBeyondCeiling(adjustment: CapacityAdjustmentDoc) {
  await adjust({
    ...adjustment,
    operationId: `${adjustment.operationId}:undo`,
    signedDelta: -adjustment.signedDelta,
    reason: `undo: ${adjustment.reason}`,
    createdAt: new Date().toISOString(),
  });
}

/**
 * For the timer: did the sale behind this expired hold write its local document? Then the hold is committed
 * (roll forward), otherwise released. A reservation without a local document id is an abandoned hold.
 */
export async function localSaleLanded(reservation: CapacityReservationDoc): Promise<boolean> {
  if (!reservation.localDocumentId) return false;
  const local = await readLocalSaleDocument(reservation.organizationId, reservation.localDocumentId);
  return local?.capacityOps?.includes(reservation.operationId) === true;
}
