import type { SharedEventAccess } from '../access';
import type { Principal } from '../../users/principal';
import { conflict, notFound } from '../../../errors';
import { isPreconditionFailed, type Stored } from '../../../store/outcomes';
import { releaseExpired } from '../capacity/engine';
import { ledgerRows, readCounters } from '../capacity/repo';
import { HOLD_MS, localSaleLanded } from '../capacity/sale';
import { auditEntry } from '../audit/entry';
import { actorOf, gateActingOrganization } from '../capabilities';
import { toSharedEventResponse } from '../mapper';
import type { SharedEventStatus } from '../model';
import { getSharedEvent, replaceSharedEventWithAudit, rosterOf } from '../repo';
import { LIFECYCLE_MOVES } from '../rules';
import { markProjections } from './mark-projections';
import { sharedEventsCancellingAcrossPartitions } from './repo';
import { cancellationVerdict, drainVerdict } from './rules';
import { finish, freezeCounters, freezeFence, type CancellableDoc } from './steps';
import { peopleOfAccess } from '../people';

/**
 * Whole-event cancellation of a Shared Event (docs/decisions/shared-event-cancellation.md):
 *   1. head `cancelling` + audit `cancellation.started` (one batch, under the head's ETag);
 *   2. fence `cancelling` (created so if missing, else moved under its ETag);
 *   3. every counter a sale could take from exists and is `retired` (missing ones are created retired): a retired
 *      counter refuses every reserve in the same atomic patch that judges it, so from here no sale can start;
 *   4. drain: held reservations finish (their sale commits, or the timer releases them);
 *   5. finish: one `wholeEventCancellation` adjustment per (counter, organization) giving back what it committed,
 *      fence `cancelled`, head `cancelled` + audit `cancellation.completed`.
 * Steps 2–5 are idempotent and make up `advanceCancellation`, which a repeat of the request, operation-status and
 * the heal pass run again: a crash between any two steps is finished by the next advance.
 */

/** PATCH lifecycle with `cancelled` (or `cancelling`): starts the cancellation, or answers a repeat. */
export async function requestCancellation(principal: Principal, access: SharedEventAccess) {
  await gateActingOrganization(access.organizationId);
  let head: Stored<CancellableDoc> | undefined = access.sharedEvent;
  for (let attempt = 0; attempt < 5 && head; attempt += 1) {
    const verdict = cancellationVerdict(head);
    if (verdict === 'refused') {
      throw conflict(`A Shared Event cannot be cancelled from ${head.status}`, 'CONFLICT', {
        status: head.status,
        allowed: [...(LIFECYCLE_MOVES[head.status as SharedEventStatus] ?? [])],
      });
    }
    if (verdict === 'repeat') {
      const current = await advanceCancellation(head.sharedEventId, { repair: true });
      return toSharedEventResponse(current ?? head, peopleOfAccess(principal, access, current ?? head));
    }
    try {
      await start(principal, access.organizationId, head);
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      head = await getSharedEvent(head.sharedEventId);
      continue;
    }
    const current = await advanceCancellation(head.sharedEventId);
    return toSharedEventResponse(current ?? head, peopleOfAccess(principal, access, current ?? head));
  }
  throw notFound('Shared Event');
}

/** Step 1: the head and its audit entry in one batch; 412 when someone changed the head since it was read. */
async function start(principal: Principal, organizationId: string | undefined, head: Stored<CancellableDoc>) {
  const now = new Date().toISOString();
  const actor = actorOf(principal, organizationId);
  const next: Stored<CancellableDoc> = {
    ...head,
    status: 'cancelling',
    cancellation: {
      startedBy: actor.userId,
      startedAt: now,
      ...(actor.organizationId ? { actorOrganizationId: actor.organizationId } : {}),
    },
    updatedAt: now,
  };
  const entry = auditEntry({
    sharedEventId: head.sharedEventId,
    action: 'cancellation.started',
    actorUserId: actor.userId,
    ...(actor.organizationId ? { actorOrganizationId: actor.organizationId } : {}),
    // The version it was started from: the batch's ETag admits one start per version, so one entry.
    operation: `cancel@${head._etag}`,
    metadata: { from: head.status },
    at: now,
  });
  await replaceSharedEventWithAudit(next, entry);
}

/**
 * Steps 2–5 for one Shared Event: answers its head as it ends (undefined when it does not exist). Nothing to do
 * unless the head is `cancelling`; `repair` (a repeat of the request) also re-marks a cancelled one's projections.
 */
export async function advanceCancellation(
  sharedEventId: string,
  options: { repair?: boolean; now?: Date } = {},
): Promise<Stored<CancellableDoc> | undefined> {
  const now = options.now ?? new Date();
  const head: Stored<CancellableDoc> | undefined = await getSharedEvent(sharedEventId);
  if (!head) return undefined;
  if (head.status === 'cancelled' && options.repair && head.retiredAt === undefined) {
    await markProjections(await rosterOf(sharedEventId), 'cancelled', now.toISOString());
  }
  if (head.status !== 'cancelling') return head;
  const fence = await freezeFence(head, now.toISOString());
  const roster = await rosterOf(sharedEventId);
  await freezeCounters(head, fence.capacityPolicy, roster, now.toISOString());
  await markProjections(roster, 'cancelling', now.toISOString());
  // Holds that expired are settled now (a landed sale commits, an abandoned one is released), not at the next timer.
  await releaseExpired(sharedEventId, now, localSaleLanded);
  const [rows, counters] = await Promise.all([ledgerRows(sharedEventId), readCounters(sharedEventId)]);
  if (!drainVerdict({ rows, counters, frozenAt: fence.updatedAt, now, graceMs: HOLD_MS }).drained) return head;
  return finish(head, fence, roster, rows, now.toISOString());
}

/** The heal pass's part: every Shared Event with a cancellation to finish is advanced once. */
export async function advancePendingCancellations(): Promise<{
  sharedEvents: number;
  finished: number;
  failures: { sharedEventId: string; message: string }[];
}> {
  const ids = await sharedEventsCancellingAcrossPartitions();
  const result = {
    sharedEvents: ids.length,
    finished: 0,
    failures: [] as { sharedEventId: string; message: string }[],
  };
  for (const sharedEventId of ids) {
    try {
      const head = await advanceCancellation(sharedEventId);
      if (head?.status === 'cancelled') result.finished += 1;
    } catch (error) {
      result.failures.push({ sharedEventId, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}
