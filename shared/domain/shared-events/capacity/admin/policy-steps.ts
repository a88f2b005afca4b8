import { conflict } from '../../../../errors';
import { isPreconditionFailed, type Stored } from '../../../../store/outcomes';
import { adjust } from '../engine';
import type { SharedCapacityCounterDoc } from '../model';
import type { RetiredCounter } from '../retire';
import { ensureCounter, ensureFence, readCounters, readFence, replaceFence, setCounterFields } from '../repo';
import type { CapacityPolicy } from '../../model';
import type { AdminFenceDoc, TransitionMarker } from './repo';
import { counterPolicy } from '../model';
import { seatMoveOperationId, transitionMarkerBlocks, type SeatMove } from './transition-rules';
import { newSharedCounter } from '../model';

/**
 * The store steps of the capacity-policy transition (policy.ts orders them; docs/decisions/shared-event-capacity-
 * admin.md describes the crash window after each). Every step can be repeated: a retry of the same request
 * (same head ETag, so the same operation) finds what the earlier attempt did and only adds what is missing.
 */

/** Step 0: the fence (created if no sale made it yet) carries the transition marker, under its ETag. */
export async function claimFence(
  sharedEventId: string,
  fence: Stored<AdminFenceDoc> | undefined,
  policy: CapacityPolicy,
  marker: TransitionMarker,
): Promise<Stored<AdminFenceDoc>> {
  const current = fence ?? ((await ensureFence(sharedEventId, marker.startedAt, policy)).doc as Stored<AdminFenceDoc>);
  if (current.state !== 'open') {
    throw conflict('Sales of this Shared Event are frozen (cancellation)', 'CONFLICT', { fenceState: current.state });
  }
  if (transitionMarkerBlocks(current.transition, marker.operation, new Date(marker.startedAt))) {
    throw conflict('Another capacity policy transition is in progress; retry shortly', 'CONFLICT');
  }
  try {
    return (await replaceFence(
      { ...current, transition: marker } as AdminFenceDoc,
      current._etag,
    )) as Stored<AdminFenceDoc>;
  } catch (error) {
    if (isPreconditionFailed(error)) throw conflict('The capacity changed meanwhile; retry', 'CONFLICT');
    throw error;
  }
}

/** The fence's last move: the new policy (or the old one on a rollback) and no marker, re-read on a race. */
export async function releaseFence(sharedEventId: string, claimed: Stored<AdminFenceDoc>, policy: CapacityPolicy) {
  let current: Stored<AdminFenceDoc> | undefined = claimed;
  for (let attempt = 0; attempt < 6 && current; attempt += 1) {
    const { transition: _t, ...rest } = current;
    try {
      await replaceFence({ ...rest, capacityPolicy: policy, updatedAt: new Date().toISOString() }, current._etag);
      return;
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      current = (await readFence(sharedEventId)) as Stored<AdminFenceDoc> | undefined;
    }
  }
  throw conflict('The capacity fence kept changing; retry', 'CONFLICT');
}

/** Rollback of step b: each retired counter gets its health back; sales under the old policy resume. */
export async function restoreCounters(sharedEventId: string, retired: readonly RetiredCounter[]) {
  const now = new Date().toISOString();
  for (const r of retired) await setCounterFields(sharedEventId, r.counterId, { health: r.previous, updatedAt: now });
}

/**
 * Step c: holds in flight on the old counters settle within a request's time (reserve, local write, commit). The
 * counters move before their reservations on a reserve and after them on a settle, so a counter at reserved 0
 * has no hold behind it. Checked a few times, a short pause apart; still held → the showtimes still holding.
 */
export async function heldAfterSettling(sharedEventId: string, policy: CapacityPolicy, checks = 6, pauseMs = 150) {
  for (let check = 0; ; check += 1) {
    const held = (await readCounters(sharedEventId)).filter((c) => counterPolicy(c.id) === policy && c.reserved > 0);
    if (held.length === 0 || check + 1 >= checks) {
      return held.map((c) => ({
        showtimeId: c.showtimeId,
        ...(c.organizationId !== undefined ? { organizationId: c.organizationId } : {}),
        reserved: c.reserved,
      }));
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/**
 * Step d (first half): the counters of the new policy, created with their new capacity (or, when an earlier
 * transition left them retired, reopened with it). Sales still read the old policy from the fence, so nothing
 * takes from them before the fence moves.
 */
export async function openTargetCounters(
  sharedEventId: string,
  existing: readonly SharedCapacityCounterDoc[],
  wanted: readonly { counterId: string; showtimeId: string; organizationId?: string; capacity: number }[],
  now: string,
) {
  const byId = new Map(existing.map((c) => [c.id, c]));
  for (const w of wanted) {
    const current = byId.get(w.counterId);
    if (!current) {
      const made = await ensureCounter(newSharedCounter({ sharedEventId, ...w, now }));
      if (made.created) continue;
    } else if (current.health === 'ok' && current.capacity === w.capacity) continue;
    await setCounterFields(sharedEventId, w.counterId, { capacity: w.capacity, health: 'ok', updatedAt: now });
  }
}

/** Step d (second half): the committed seats carried over, one idempotent adjustment per counter and organization. */
export async function moveSeats(
  sharedEventId: string,
  moves: readonly SeatMove[],
  context: { operation: string; actor: string },
) {
  for (const move of moves) {
    await adjust({
      sharedEventId,
      operationId: seatMoveOperationId(context.operation, move),
      showtimeId: move.showtimeId,
      organizationId: move.organizationId,
      counterId: move.counterId,
      kind: 'administrativeCorrection',
      signedDelta: move.signedDelta,
      actor: context.actor,
      authority: 'manageCapacity',
      reason: 'capacity policy transition',
      createdAt: new Date().toISOString(),
    });
  }
}
