import { conflict, unavailable } from '../../../errors';
import { isConflict, isNotFound, isPreconditionFailed, withEtagRetry, type Stored } from '../../../store/outcomes';
import {
  counterPolicy,
  adjustmentId,
  reservationId,
  type CapacityAdjustmentDoc,
  type CapacityFenceDoc,
  type CapacityReservationDoc,
} from './model';
import {
  createAdjustment,
  createHold,
  createReservation,
  ensureFence,
  expiredHeldReservations,
  moveCounter,
  readReservation,
  replaceReservation,
} from './repo';
import {
  adjustmentMove,
  commitMove,
  nextReservationState,
  releaseMove,
  reserveMove,
  type ReservationAction,
} from './rules';

/**
 * The capacity protocol (docs/shared-events.md "Capacity protocol (draft)"): reserve moves the counter first
 * (the store's condition is the gate) and then records the held reservation; commit and release move the
 * reservation first (under its ETag) and the counter after. A crash between steps therefore leaves the counter
 * at or above its ledger, never below: no oversell, and `recount` puts it back.
 */

export interface ReserveRequest {
  sharedEventId: string;
  counterId: string;
  showtimeId: string;
  organizationId: string;
  quantity: number;
  operationId: string;
  /** How long the hold lasts before the timer may release it. */
  holdMs: number;
  /** The participant's local document the sale writes (see CapacityReservationDoc.localDocumentId). */
  localDocumentId?: string;
  /** The fence as the caller already read it (sale.ts reads it for the policy); otherwise read here. */
  fence?: CapacityFenceDoc;
  /** A freshly generated operationId: no earlier attempt can exist, so the idempotency lookup is skipped. */
  fresh?: boolean;
  /**
   * The hold in one batch (repo.ts `createHold`): its document and its seats together. For an operation id that
   * twins share (report-sold on a projection): a twin refused by this hold can always find it.
   */
  atomic?: boolean;
  now?: Date;
}

/** The fence, created `open` with the policy the counter id names when this is the first reserve. */
async function fenceFor(request: ReserveRequest, now: Date): Promise<CapacityFenceDoc> {
  if (request.fence) return request.fence;
  return (await ensureFence(request.sharedEventId, now.toISOString(), counterPolicy(request.counterId))).doc;
}

export async function reserve(request: ReserveRequest): Promise<Stored<CapacityReservationDoc>> {
  const now = request.now ?? new Date();
  const id = reservationId(request.operationId);
  if (!request.fresh) {
    const previous = await readReservation(request.sharedEventId, id);
    if (previous) return previous; // a retried request: the same reservation, the counter not moved twice
  }
  const fence = await fenceFor(request, now);
  if (fence.state !== 'open') throw conflict('Sales of this Shared Event are frozen', 'CAPACITY_EXCEEDED');
  if (!request.atomic) {
    try {
      await moveCounter(request.sharedEventId, request.counterId, reserveMove(request.quantity), now.toISOString());
    } catch (error) {
      throw refusalOf(error);
    }
  }
  const reservation: CapacityReservationDoc = {
    id,
    docType: 'capacityReservation',
    sharedEventId: request.sharedEventId,
    showtimeId: request.showtimeId,
    organizationId: request.organizationId,
    counterId: request.counterId,
    quantity: request.quantity,
    state: 'held',
    expiresAt: new Date(now.getTime() + request.holdMs).toISOString(),
    operationId: request.operationId,
    ...(request.localDocumentId !== undefined ? { localDocumentId: request.localDocumentId } : {}),
    schemaVersion: 1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  if (request.atomic) return holdAtomically(reservation, request.quantity, now);
  try {
    return await createReservation(reservation);
  } catch (error) {
    if (!isConflict(error)) throw error;
    // Two concurrent retries of one operation: the other recorded it; give back what this one took.
    await moveCounter(request.sharedEventId, request.counterId, releaseMove(request.quantity), now.toISOString());
    const existing = await readReservation(request.sharedEventId, id);
    if (!existing) throw error;
    return existing;
  }
}

/** A refused counter move as the caller hears it: 409 CAPACITY_EXCEEDED (full), 503 (no counter yet). */
function refusalOf(error: unknown): unknown {
  if (isPreconditionFailed(error))
    return conflict('Not enough remaining capacity for this showtime', 'CAPACITY_EXCEEDED');
  if (isNotFound(error)) return unavailable('Shared Event capacity is temporarily unavailable');
  return error;
}

/** The hold and its seats in one batch; a twin's hold with the same id is answered as this one's. */
async function holdAtomically(reservation: CapacityReservationDoc, quantity: number, now: Date) {
  try {
    return await createHold(reservation, reserveMove(quantity), now.toISOString());
  } catch (error) {
    const { code, index } = error as { code?: number; index?: number };
    if (index === 1) throw refusalOf(error);
    if (index !== 0 || code !== 409) throw error;
    const existing = await readReservation(reservation.sharedEventId, reservation.id);
    if (!existing) throw error;
    return existing;
  }
}

/** Moves a reservation (commit, release, expire) and then its counter; repeats change nothing. */
export async function settle(
  sharedEventId: string,
  operationId: string,
  action: ReservationAction,
  now = new Date(),
): Promise<CapacityReservationDoc> {
  return withEtagRetry(async () => {
    const current = await readReservation(sharedEventId, reservationId(operationId));
    if (!current) throw conflict('No such capacity reservation');
    return settleDoc(current, action, now);
  });
}

/**
 * `settle` for a reservation the caller holds (just created, with its ETag): the first attempt needs no read;
 * a 412 (the timer moved it meanwhile) falls back to a fresh read.
 */
export async function settleHeld(
  reservation: Stored<CapacityReservationDoc>,
  action: ReservationAction,
  now = new Date(),
): Promise<CapacityReservationDoc> {
  try {
    return await settleDoc(reservation, action, now);
  } catch (error) {
    if (!isPreconditionFailed(error)) throw error;
    return settle(reservation.sharedEventId, reservation.operationId, action, now);
  }
}

async function settleDoc(current: Stored<CapacityReservationDoc>, action: ReservationAction, now: Date) {
  const next = nextReservationState(current, action, now);
  if (next.outcome === 'unchanged') return current;
  // A commit after the hold lapsed has lost its seats (they may be someone else's): a capacity refusal.
  if (next.outcome === 'refused')
    throw conflict(
      `Reservation cannot ${action}: ${next.reason}`,
      next.reason === 'RESERVATION_RELEASED' ? 'CAPACITY_EXCEEDED' : 'CONFLICT',
    );
  const stamp = now.toISOString();
  const moved = await replaceReservation({ ...current, state: next.state, updatedAt: stamp }, current._etag);
  const move = next.state === 'committed' ? commitMove(current.quantity) : releaseMove(current.quantity);
  await moveCounter(current.sharedEventId, current.counterId, move, stamp);
  return moved;
}

/**
 * The timer's step: every held reservation past `expiresAt` settled (one query, then a pair of writes per row).
 * `landed` tells an interrupted sale (its local document was written: commit it, the sale stands) from an
 * abandoned one (no local document: release it, the seats return). Without `landed` every hold is released.
 */
export async function releaseExpired(
  sharedEventId: string,
  now = new Date(),
  landed?: (reservation: CapacityReservationDoc) => Promise<boolean>,
): Promise<{ released: number; committed: number }> {
  const outcome = { released: 0, committed: 0 };
  for (const reservation of await expiredHeldReservations(sharedEventId, now.toISOString())) {
    try {
      const rollForward = landed ? await landed(reservation) : false;
      await settleDoc(reservation, rollForward ? 'commit' : 'expire', now);
      if (rollForward) outcome.committed += 1;
      else outcome.released += 1;
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error; // committed or released by its own request meanwhile
    }
  }
  return outcome;
}

/** Records an adjustment once (deterministic id) and moves its counter's committed by the signed delta. */
export async function adjust(adjustment: Omit<CapacityAdjustmentDoc, 'id' | 'docType' | 'schemaVersion'>) {
  const { doc, created } = await createAdjustment({
    ...adjustment,
    id: adjustmentId(adjustment.operationId),
    docType: 'capacityAdjustment',
    schemaVersion: 1,
  });
  // A repeat finds its document and leaves the counter alone; a crash between the two steps is found by recount.
  if (created) await moveCounter(doc.sharedEventId, doc.counterId, adjustmentMove(doc.signedDelta), doc.createdAt);
  return doc;
}

// Reconciliation (the heal pass's counter repair) lives in reconcile.ts; re-exported for the engine's callers.
export {
  checkCounters,
  reconcileCounters,
  type CounterFinding,
  type ReconcileOptions,
  type ReconciliationAdjustmentDoc,
} from './reconcile';
