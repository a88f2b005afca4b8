import type { AdjustmentKind, CounterHealth, ReservationState } from './model';

/**
 * Pure rules of the Shared Event capacity engine: the reservation state machine, the counter arithmetic the
 * store's conditional increments enforce, and what each ledger entry adds to its counter (the recomputation and
 * the counter's health are reconcile-rules.ts). No store access: repo.ts and engine.ts carry these out.
 */

export type ReservationAction = 'commit' | 'release' | 'expire';

export type Transition =
  | { outcome: 'moved'; state: ReservationState }
  /** Already there (a retried request): nothing to write, the counter must not move again. */
  | { outcome: 'unchanged'; state: ReservationState }
  | {
      outcome: 'refused';
      state: ReservationState;
      reason: 'RESERVATION_RELEASED' | 'RESERVATION_COMMITTED' | 'NOT_EXPIRED';
    };

/**
 * held → committed | released; an expired held reservation → released by the timer (a commit that comes after
 * the timer's release is refused: its seats may already belong to someone else); repeats of the same move are
 * idempotent; committed and released are final.
 */
export function nextReservationState(
  reservation: { state: ReservationState; expiresAt: string },
  action: ReservationAction,
  now: Date,
): Transition {
  const { state } = reservation;
  const expired = Date.parse(reservation.expiresAt) <= now.getTime();
  switch (action) {
    case 'commit':
      if (state === 'committed') return { outcome: 'unchanged', state };
      if (state === 'released') return { outcome: 'refused', state, reason: 'RESERVATION_RELEASED' };
      // Still held, even past expiresAt: its seats are still in `reserved` (nobody else has them); the ETag on the
      // write settles a race with the timer, so exactly one of commit and expire wins.
      return { outcome: 'moved', state: 'committed' };
    case 'release':
      if (state === 'released') return { outcome: 'unchanged', state };
      if (state === 'committed') return { outcome: 'refused', state, reason: 'RESERVATION_COMMITTED' };
      return { outcome: 'moved', state: 'released' };
    case 'expire':
      if (state !== 'held') return { outcome: 'unchanged', state };
      return expired ? { outcome: 'moved', state: 'released' } : { outcome: 'refused', state, reason: 'NOT_EXPIRED' };
  }
}

export interface CounterCounts {
  capacity: number;
  reserved: number;
  committed: number;
}

/** What a counter move does to `reserved` and `committed` (the increments of one atomic patch). */
export interface CounterMove {
  increments: { reserved?: number; committed?: number };
  /** Store-evaluated predicate guarding the patch (none: unconditional). */
  condition?: string;
}

const assertQuantity = (quantity: number) => {
  if (!Number.isInteger(quantity) || quantity <= 0) throw new Error(`Invalid reservation quantity ${quantity}`);
};

/**
 * reserve: reserved + committed + q ≤ capacity on a counter that is not retired, then reserved + q. Retiring a
 * counter (whole-event cancellation, a capacity-policy transition) therefore freezes it in the same atomic
 * step every reserve is judged by: no reserve that read an open fence can slip past a freeze.
 */
export function reserveMove(quantity: number): CounterMove {
  assertQuantity(quantity);
  return {
    increments: { reserved: quantity },
    condition: `c.health != 'retired' AND c.reserved + c.committed + ${quantity} <= c.capacity`,
  };
}

/** commit: reserved − q, committed + q (the guard keeps reserved from going negative). */
export function commitMove(quantity: number): CounterMove {
  assertQuantity(quantity);
  return { increments: { reserved: -quantity, committed: quantity }, condition: `c.reserved >= ${quantity}` };
}

/** release (or expire): reserved − q. */
export function releaseMove(quantity: number): CounterMove {
  assertQuantity(quantity);
  return { increments: { reserved: -quantity }, condition: `c.reserved >= ${quantity}` };
}

/** An adjustment moves committed by its signed delta, unconditionally (it records what happened). */
export function adjustmentMove(signedDelta: number): CounterMove {
  if (!Number.isInteger(signedDelta)) throw new Error(`Invalid adjustment delta ${signedDelta}`);
  return { increments: { committed: signedDelta } };
}

/** The same arithmetic in memory: the counts after the move, or undefined when the store would refuse it. */
export function applyMove(
  counter: CounterCounts & { health?: CounterHealth },
  move: CounterMove,
): CounterCounts | undefined {
  const reserved = counter.reserved + (move.increments.reserved ?? 0);
  const committed = counter.committed + (move.increments.committed ?? 0);
  if (move.condition) {
    const delta = move.increments.reserved ?? 0;
    if (delta > 0 && counter.health === 'retired') return undefined;
    if (delta > 0 && counter.reserved + counter.committed + delta > counter.capacity) return undefined;
    if (delta < 0 && counter.reserved < -delta) return undefined;
  }
  return { capacity: counter.capacity, reserved, committed };
}

/** Room left for new reservations (never negative, also when overbooked). */
export const available = (counter: CounterCounts) =>
  Math.max(0, counter.capacity - counter.reserved - counter.committed);

export interface LedgerReservation {
  counterId: string;
  quantity: number;
  state: ReservationState;
}
export interface LedgerAdjustment {
  counterId: string;
  signedDelta: number;
  /** `reconciliation` adjustments are records of counter repairs, not ledger movements (see recomputeCounter). */
  kind?: AdjustmentKind;
}

/**
 * What one ledger entry adds to its counter's committed seats: a committed reservation its quantity, an adjustment
 * its signedDelta except a `reconciliation` (the record of a repair, see recomputeCounter), held and released
 * reservations nothing. The one reading for every sum over the ledger (cancellation, policy transitions).
 */
export function committedBy(entry: {
  docType: 'capacityReservation' | 'capacityAdjustment';
  state?: ReservationState;
  quantity?: number;
  kind?: AdjustmentKind | string;
  signedDelta?: number;
}): number {
  if (entry.docType === 'capacityReservation') return entry.state === 'committed' ? (entry.quantity ?? 0) : 0;
  return entry.kind === 'reconciliation' ? 0 : (entry.signedDelta ?? 0);
}

/**
 * A counter's starting capacity: a pool counter (no organization) the pool per showtime, a quota counter the
 * organization's quota for the showtime; 0 when none is set.
 */
export function startingCapacity(
  target: { showtimeId: string; organizationId?: string },
  perShowtime: number | undefined,
  quotaByShowtime: Readonly<Record<string, number>> | undefined,
): number {
  if (target.organizationId === undefined) return perShowtime ?? 0;
  return quotaByShowtime?.[target.showtimeId] ?? 0;
}
