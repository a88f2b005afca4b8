import type { CapacityPolicy } from '../model';

/**
 * The Shared Event capacity engine's documents (docs/shared-events.md CapacityCounter, CapacityReservation, CapacityAdjustment,
 * CapacityFenceDoc; rule 1). All live in the Shared Event's partition of the `sharedEvents` container.
 * Counters move only through the store's conditional increment (never read-modify-write); reservations and
 * adjustments are the ledger the counters are recomputed from. Field names the store's patch predicates read
 * (`capacity`, `reserved`, `committed`, `health`, `state`) are lower-case single words: the embedded store's
 * patch predicates only handle those (see shared/domain/events/capacity/model.ts).
 */

export const COUNTER_HEALTH = ['ok', 'reconciling', 'overbooked', 'retired'] as const;
export type CounterHealth = (typeof COUNTER_HEALTH)[number];

export const RESERVATION_STATES = ['held', 'committed', 'released'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

export const ADJUSTMENT_KINDS = [
  'wholeEventCancellation',
  'administrativeCorrection',
  'externalObservation',
  'reconciliation',
] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export const FENCE_STATES = ['open', 'cancelling', 'cancelled'] as const;
export type FenceState = (typeof FENCE_STATES)[number];

/** `pool:{showtimeId}` (pool mode, shared by every organization) or `quota:{organizationId}:{showtimeId}`. */
export interface SharedCapacityCounterDoc {
  id: string;
  docType: 'sharedCapacityCounter';
  sharedEventId: string;
  showtimeId: string;
  /** Quota counters only. */
  organizationId?: string;
  capacity: number;
  reserved: number;
  committed: number;
  health: CounterHealth;
  schemaVersion: 1;
  updatedAt: string;
}

export interface CapacityReservationDoc {
  /** `reservation:{operationId}`: a retried request with the same operationId finds its own reservation. */
  id: string;
  docType: 'capacityReservation';
  sharedEventId: string;
  showtimeId: string;
  organizationId: string;
  /** The counter the quantity was taken from. */
  counterId: string;
  quantity: number;
  state: ReservationState;
  expiresAt: string;
  operationId: string;
  /**
   * The participant's local document (organization partition) the sale writes; it lists `operationId` in its
   * `capacityOps` once written, so the timer can tell an interrupted sale (commit it) from an abandoned one.
   */
  localDocumentId?: string;
  schemaVersion: 1;
  createdAt: string;
  updatedAt: string;
}

export interface CapacityAdjustmentDoc {
  /** `adjustment:{operationId}`: deterministic, so a repeated adjustment meets its own document. */
  id: string;
  docType: 'capacityAdjustment';
  sharedEventId: string;
  operationId: string;
  showtimeId: string;
  organizationId: string;
  counterId: string;
  kind: AdjustmentKind;
  /** Moves the counter's `committed` (negative gives seats back); may push it past capacity (overbooked). */
  signedDelta: number;
  originalQty?: number;
  correctedQty?: number;
  actor: string;
  authority: string;
  reason: string;
  schemaVersion: 1;
  createdAt: string;
}

export interface CapacityFenceDoc {
  /** `fence:{sharedEventId}`; permanent, created on first reserve or cancellation. */
  id: string;
  docType: 'capacityFence';
  sharedEventId: string;
  state: FenceState;
  /** Which counters sales take from (ours): read with the state in one point read on every reserve. */
  capacityPolicy: CapacityPolicy;
  /**
   * A sale has seen the Shared Event head past draft (a draft never comes back): later sales trust the fence alone.
   * Absent (a fence created by a policy transition, a roster move, a cancellation, or written by older code): the
   * next sale reads the head first and sets the flag once the head sells (sale.ts). Positive on purpose, so a fence
   * that never recorded anything pays one head read instead of selling for a draft.
   */
  headSeenSelling?: true;
  /** Written by older code (the inverted hint); ignored, dropped when `headSeenSelling` is set. */
  checkHead?: true;
  /**
   * Organizations that left or were removed (roster moves add them, an admission takes them out): a sale of one of
   * them reads its roster entry, which decides. A hint only, so a move interrupted between the two writes never
   * lets a closed organization sell, nor keeps a live one from selling (docs/decisions/shared-event-roster.md).
   */
  closedOrganizationIds?: string[];
  schemaVersion: 1;
  updatedAt: string;
}

export const poolCounterId = (showtimeId: string) => `pool:${showtimeId}`;
export const quotaCounterId = (organizationId: string, showtimeId: string) => `quota:${organizationId}:${showtimeId}`;
/** The policy a counter id names: the one reading of the `pool:` / `quota:` prefixes above. */
export const counterPolicy = (counterId: string): CapacityPolicy => (counterId.startsWith('pool:') ? 'pool' : 'quota');
export const reservationId = (operationId: string) => `reservation:${operationId}`;
export const adjustmentId = (operationId: string) => `adjustment:${operationId}`;
export const fenceId = (sharedEventId: string) => `fence:${sharedEventId}`;

/** The counter a sale of `organizationId` on `showtimeId` takes from under the Shared Event's policy. */
export const counterIdFor = (policy: CapacityPolicy, organizationId: string, showtimeId: string) =>
  policy === 'pool' ? poolCounterId(showtimeId) : quotaCounterId(organizationId, showtimeId);

/**
 * A new counter: nothing reserved or committed yet. The one builder of counter documents (first sale, capacity
 * edits, policy transitions, cancellation), so a field added to counters is added once.
 */
export function newSharedCounter(fields: {
  sharedEventId: string;
  counterId: string;
  showtimeId: string;
  organizationId?: string;
  capacity: number;
  health?: CounterHealth;
  now: string;
}): SharedCapacityCounterDoc {
  return {
    id: fields.counterId,
    docType: 'sharedCapacityCounter',
    sharedEventId: fields.sharedEventId,
    showtimeId: fields.showtimeId,
    ...(fields.organizationId !== undefined ? { organizationId: fields.organizationId } : {}),
    capacity: fields.capacity,
    reserved: 0,
    committed: 0,
    health: fields.health ?? 'ok',
    schemaVersion: 1,
    updatedAt: fields.now,
  };
}

/**
 * One row of a Shared Event's capacity ledger (reservations and adjustments) as the one ledger query returns it
 * (capacity/repo.ts `ledgerRows`): the recount, the policy transition and the cancellation all read this shape.
 */
export interface SharedLedgerRow {
  docType: 'capacityReservation' | 'capacityAdjustment';
  counterId: string;
  organizationId: string;
  showtimeId: string;
  quantity?: number;
  state?: ReservationState;
  signedDelta?: number;
  /** Adjustments: the operation that recorded it (a transition's seat moves are `policy:{operation}:…`). */
  operationId?: string;
  /** Adjustments: a `reconciliation` records a repair and adds no seats (committedBy). */
  kind?: AdjustmentKind;
  updatedAt?: string;
  createdAt?: string;
}
