import { conflict } from '../../../errors';
import { isConflict, isPreconditionFailed, type Stored } from '../../../store/outcomes';
import { adjust } from '../capacity/engine';
import type { CapacityFenceDoc } from '../capacity/model';
import { startingCapacity } from '../capacity/rules';
import { ensureFence, ledgerRows, readCounters, readFence, replaceFence } from '../capacity/repo';
import { retireCounters } from '../capacity/retire';
import { auditEntry } from '../audit/entry';
import type { SharedEventDoc, SharedEventParticipantDoc } from '../model';
import { getSharedEvent, replaceSharedEventWithAudit } from '../repo';
import { markProjections } from './mark-projections';
import { cancellationAdjustments, countersToFreeze, frozenFenceState } from './rules';

/**
 * The steps of a whole-event cancellation after the request (docs/decisions/shared-event-cancellation.md):
 * freeze the fence and the counters, then, once the ledger is drained, give the seats back, close the fence and
 * complete the head. Each step is idempotent: the heal pass repeats whatever a crash left undone.
 */

/** The head as the cancellation reads and writes it. */
export type CancellableDoc = SharedEventDoc & {
  retiredAt?: string;
  /** Who started the cancellation (ours, not returned): the actor of the completion and of its adjustments. */
  cancellation?: { startedBy: string; startedAt: string; actorOrganizationId?: string };
};

/** Step 2: the fence `cancelling` (it never moves back from `cancelling` or `cancelled`). */
export async function freezeFence(head: CancellableDoc, now: string): Promise<Stored<CapacityFenceDoc>> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const fence =
      (await readFence(head.sharedEventId)) ??
      (await ensureFence(head.sharedEventId, now, head.capacityPolicy, 'cancelling')).doc;
    const state = frozenFenceState(fence.state);
    if (state === fence.state) return fence;
    try {
      return await replaceFence({ ...fence, state, updatedAt: now }, fence._etag);
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error; // a policy change or another cancellation moved it: read again
    }
  }
  throw conflict('The capacity fence kept changing; retry', 'CONFLICT');
}

/**
 * Step 3: every counter a sale could take from, retired. Existing ones are patched (only `health`: the counts are
 * left to the conditional increments); missing ones are created already retired, and one created meanwhile by a
 * racing first sale (create-if-missing answers it) is retired like the others. Repeats patch nothing.
 */
export async function freezeCounters(
  head: CancellableDoc,
  policy: CapacityFenceDoc['capacityPolicy'],
  roster: readonly SharedEventParticipantDoc[],
  now: string,
) {
  const quotas = new Map(roster.map((p) => [p.organizationId, p.quotaByShowtime]));
  const showtimeIds = (head.showtimes ?? []).map((s) => s.showtimeId);
  const wanted = countersToFreeze(policy, showtimeIds, roster).map((plan) => ({
    ...plan,
    capacity: startingCapacity(
      plan,
      head.sharedCapacity?.perShowtime,
      plan.organizationId !== undefined ? quotas.get(plan.organizationId) : undefined,
    ),
  }));
  await retireCounters(head.sharedEventId, await readCounters(head.sharedEventId), wanted, now);
}

/** Step 5: the adjustments, the fence and the head; each step finds itself done on a repeat. */
export async function finish(
  head: Stored<CancellableDoc>,
  fence: Stored<CapacityFenceDoc>,
  roster: readonly SharedEventParticipantDoc[],
  rows: Awaited<ReturnType<typeof ledgerRows>>,
  now: string,
): Promise<Stored<CancellableDoc> | undefined> {
  const actor = head.cancellation?.startedBy ?? 'system';
  const plans = cancellationAdjustments(head.sharedEventId, rows);
  for (const plan of plans) {
    await adjust({
      sharedEventId: head.sharedEventId,
      operationId: plan.operationId,
      showtimeId: plan.showtimeId,
      organizationId: plan.organizationId,
      counterId: plan.counterId,
      kind: 'wholeEventCancellation',
      signedDelta: plan.signedDelta,
      originalQty: plan.originalQty,
      correctedQty: 0,
      actor,
      authority: 'sharedEventCancellation',
      reason: 'Whole-event cancellation of the Shared Event',
      createdAt: now,
    });
  }
  await closeFence(fence, now);
  const done = await completeHead(head, now, {
    adjustments: plans.length,
    returnedSeats: plans.reduce((n, p) => n + p.originalQty, 0),
  });
  await markProjections(roster, 'cancelled', now);
  return done;
}

async function closeFence(fence: Stored<CapacityFenceDoc>, now: string) {
  let current: Stored<CapacityFenceDoc> | undefined = fence;
  for (let attempt = 0; attempt < 5 && current && current.state !== 'cancelled'; attempt += 1) {
    try {
      await replaceFence({ ...current, state: 'cancelled', updatedAt: now }, current._etag);
      return;
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      current = await readFence(fence.sharedEventId);
    }
  }
}

/** The head `cancelled` with its `cancellation.completed` entry (one per Shared Event: its operation is fixed). */
async function completeHead(head: Stored<CancellableDoc>, now: string, metadata: Record<string, number>) {
  let current: Stored<CancellableDoc> | undefined = head;
  for (let attempt = 0; attempt < 5 && current?.status === 'cancelling'; attempt += 1) {
    const entry = auditEntry({
      sharedEventId: current.sharedEventId,
      action: 'cancellation.completed',
      actorUserId: current.cancellation?.startedBy ?? 'system',
      ...(current.cancellation?.actorOrganizationId
        ? { actorOrganizationId: current.cancellation.actorOrganizationId }
        : {}),
      operation: 'completed',
      metadata,
      at: now,
    });
    try {
      await replaceSharedEventWithAudit({ ...current, status: 'cancelled', updatedAt: now }, entry);
    } catch (error) {
      // 412: the head changed (another advance finished first, or a roster change): read it and look again.
      // 409: the entry is there already, so another advance completed it.
      if (!isPreconditionFailed(error) && !isConflict(error)) throw error;
    }
    current = await getSharedEvent(head.sharedEventId);
  }
  return current;
}
