import { poolCounterId, quotaCounterId, type FenceState, type SharedLedgerRow } from '../capacity/model';
import { committedBy } from '../capacity/rules';
import type { CapacityPolicy, ParticipantStatus, SharedEventStatus } from '../model';
import { isLive } from '../rules';

/**
 * Pure rules of the whole-event cancellation of a Shared Event (docs/shared-events.md CapacityFenceDoc, adjustment kind
 * `wholeEventCancellation`, statuses `cancelling`/`cancelled`; docs/decisions/shared-event-cancellation.md).
 * No store access: cancel.ts carries them out.
 */

/** The lifecycle requests that mean "cancel the whole event" (`cancelling` is accepted as the same request). */
export const isCancellationRequest = (to: string) => to === 'cancelled' || to === 'cancelling';

/** Where a cancellation can start: a live Shared Event (a draft is retired with DELETE instead). */
const CANCELLABLE: readonly string[] = ['open', 'locked'] satisfies SharedEventStatus[];

export type CancellationVerdict = 'start' | 'repeat' | 'refused';

/**
 * `start` from open or locked; `repeat` when a cancellation already runs or ran (the request answers the current
 * state, and a `cancelling` one is advanced again: that is how a crash between the steps is finished); `refused`
 * otherwise: a draft, a completed Shared Event, and a draft retired by DELETE (status `cancelled` with
 * `retiredAt`: it was never cancelled, it was withdrawn).
 */
export function cancellationVerdict(head: { status: string; retiredAt?: string }): CancellationVerdict {
  if (CANCELLABLE.includes(head.status)) return 'start';
  if (head.status === 'cancelling') return 'repeat';
  if (head.status === 'cancelled' && head.retiredAt === undefined) return 'repeat';
  return 'refused';
}

/** The fence after the freeze: `open` becomes `cancelling`; `cancelling` and `cancelled` stay (never backwards). */
export const frozenFenceState = (state: FenceState): FenceState => (state === 'open' ? 'cancelling' : state);

export interface CounterPlan {
  counterId: string;
  showtimeId: string;
  organizationId?: string;
}

/**
 * Every counter a sale could take from under `policy`: one pool counter per showtime, or one quota counter per
 * organization and showtime for every roster entry that is live or has a projection (a projection is where sales
 * happen). The cancellation creates the missing ones already retired, so a racing first sale cannot lazily create
 * a fresh open counter (sale.ts ensureSaleCounter is create-if-missing: it meets the retired one).
 */
export function countersToFreeze(
  policy: CapacityPolicy,
  showtimeIds: readonly string[],
  roster: readonly { organizationId: string; status: ParticipantStatus | string; projectionLink?: unknown }[],
): CounterPlan[] {
  if (policy === 'pool') return showtimeIds.map((showtimeId) => ({ counterId: poolCounterId(showtimeId), showtimeId }));
  const sellers = roster.filter((p) => isLive(p.status) || p.projectionLink !== undefined);
  return sellers.flatMap((p) =>
    showtimeIds.map((showtimeId) => ({
      counterId: quotaCounterId(p.organizationId, showtimeId),
      showtimeId,
      organizationId: p.organizationId,
    })),
  );
}

export interface CounterSnapshot {
  id: string;
  reserved: number;
}

/**
 * Has the freeze drained? No reservation still `held`, and no counter still showing reserved seats. A counter with
 * reserved seats but no held reservation is a reserve in flight: its counter move passed before the freeze and its
 * reservation document is about to be written (engine.reserve moves the counter first). Once `graceMs` (the hold
 * time) has passed since the freeze, no such request can still be running: the excess is drift for the heal pass's
 * recount, not a sale, and the cancellation goes on (it only touches `committed`).
 */
export function drainVerdict(input: {
  rows: readonly SharedLedgerRow[];
  counters: readonly CounterSnapshot[];
  frozenAt: string;
  now: Date;
  graceMs: number;
}): { drained: boolean; held: number } {
  const held = input.rows.filter((r) => r.docType === 'capacityReservation' && r.state === 'held').length;
  if (held > 0) return { drained: false, held };
  const inFlight = input.counters.some((c) => c.reserved > 0);
  const graceOver = input.now.getTime() - Date.parse(input.frozenAt) >= input.graceMs;
  return { drained: !inFlight || graceOver, held };
}

export interface CancellationAdjustmentPlan {
  operationId: string;
  counterId: string;
  showtimeId: string;
  organizationId: string;
  /** Minus what the organization holds committed on the counter: after it, its share is zero. */
  signedDelta: number;
  /** What the organization had committed on the counter when the cancellation finished. */
  originalQty: number;
}

/** Deterministic, so a repeated finish meets its own adjustment (engine.adjust is idempotent per operationId). */
export const cancellationOperationId = (sharedEventId: string, counterId: string, organizationId: string) =>
  `cancel:${sharedEventId}:${counterId}:${organizationId}`;

/**
 * One `wholeEventCancellation` adjustment per (counter, organization) with something committed: committed
 * reservations plus every adjustment except the cancellation's own (so a repeat computes the same plan and the
 * deterministic ids make it a no-op). Groups at zero need nothing. Sorted for a stable order of writes.
 */
export function cancellationAdjustments(
  sharedEventId: string,
  rows: readonly SharedLedgerRow[],
): CancellationAdjustmentPlan[] {
  const groups = new Map<
    string,
    { counterId: string; showtimeId: string; organizationId: string; committed: number }
  >();
  for (const row of rows) {
    const amount = committedAmount(row);
    if (amount === 0) continue;
    const key = `${row.counterId}|${row.organizationId}`;
    const group = groups.get(key) ?? {
      counterId: row.counterId,
      showtimeId: row.showtimeId,
      organizationId: row.organizationId,
      committed: 0,
    };
    group.committed += amount;
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((g) => g.committed !== 0)
    .sort((a, b) => a.counterId.localeCompare(b.counterId) || a.organizationId.localeCompare(b.organizationId))
    .map((g) => ({
      operationId: cancellationOperationId(sharedEventId, g.counterId, g.organizationId),
      counterId: g.counterId,
      showtimeId: g.showtimeId,
      organizationId: g.organizationId,
      signedDelta: -g.committed,
      originalQty: g.committed,
    }));
}

/** What a row committed, before this cancellation's own give-backs. */
function committedAmount(row: SharedLedgerRow): number {
  return row.kind === 'wholeEventCancellation' ? 0 : committedBy(row);
}
