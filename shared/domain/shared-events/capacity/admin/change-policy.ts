import type { SharedEventAccess } from '../../access';
import type { Principal } from '../../../users/principal';
import { retireCounters } from '../retire';
import { conflict } from '../../../../errors';
import { actorOf, gateActingOrganization } from '../../capabilities';
import { type SharedEventDoc } from '../../model';
import { writeHead } from './write-head';
import { validateEntries, writeQuotas } from './quotas';
import {
  claimFence,
  heldAfterSettling,
  moveSeats,
  openTargetCounters,
  releaseFence,
  restoreCounters,
} from './policy-steps';
import { readFence } from '../repo';
import { capacityDocuments } from './repo';
import { ledgerRows } from '../repo';
import { type NewLimits } from './rules';
import { transitionMoves, withoutSeatMovesOf } from './transition-rules';
import { counterPolicy } from '../model';
import type { CapacityPolicyBody } from './schemas';
import { capacityViewOf, operationOf } from './capacity-view';
import { newLimits, refuseViolations, wantedCounters } from './transition-targets';

/**
 * POST …/capacity-policy (manageCapacity): the guarded transition pool ↔ quota. Committed sales never exceed the
 * new limits:
 *  a. the ledger's committed per (organization, showtime) against the new limits: 409 naming the offenders,
 *     nothing written;
 *  0. the fence takes a transition marker under its ETag (one transition at a time);
 *  b. the old policy's counters are retired (new holds refused atomically), missing ones created retired;
 *  c. holds still in flight on them are waited for briefly; still there → counters restored, 409 (retry);
 *     the ledger is read again and checked again (a commit may have landed since a.);
 *  d. the new counters are created (or reopened) with their new capacity and the committed seats moved over with
 *     deterministic adjustments (−committed on each old counter, +committed on each new one, per organization);
 *  e. the roster's quotas (when given), the fence (new policy, marker gone), then the head with its audit entry.
 * A crash between steps leaves sales frozen (old counters retired, fence on the old policy) until the same request
 * is repeated: every step finds what the last attempt did (same head ETag → same operation and adjustment ids).
 */
export async function changeCapacityPolicy(principal: Principal, access: SharedEventAccess, body: CapacityPolicyBody) {
  await gateActingOrganization(access.organizationId);
  const head = access.sharedEvent;
  const target = body.capacityPolicy;
  const sharedEventId = head.sharedEventId;
  const showtimeIds = (head.showtimes ?? []).map((s) => s.showtimeId);
  validateEntries(body.quotas ?? [], showtimeIds, 'bulk');
  if (head.status === 'cancelling' || head.status === 'cancelled') {
    throw conflict(`A ${head.status} Shared Event's capacity policy cannot change`, 'CONFLICT', {
      status: head.status,
    });
  }
  const [docs, rawLedger] = await Promise.all([capacityDocuments(sharedEventId), ledgerRows(sharedEventId)]);
  const { roster, counters, fence } = docs;
  const limits = newLimits(head, roster, body, target);
  // An interrupted transition to the same policy is continued under its own operation (its seat moves keep their
  // ids); one to the other policy must be finished first.
  const interrupted = fence?.transition;
  if (interrupted && interrupted.to !== target) {
    throw conflict(`An interrupted transition to ${interrupted.to} must be repeated first`, 'CONFLICT', {
      transitionTo: interrupted.to,
    });
  }
  const operation = interrupted?.operation ?? operationOf(head);
  const ledger = withoutSeatMovesOf(rawLedger, operation);
  const actor = actorOf(principal, access.organizationId);
  const audit = {
    action: 'capacityPolicy.changed' as const,
    actorUserId: actor.userId,
    ...(actor.organizationId ? { actorOrganizationId: actor.organizationId } : {}),
    operation,
    metadata: { from: head.capacityPolicy, to: target, perShowtime: limits.perShowtime ?? null },
  };
  const headChange = (): Partial<SharedEventDoc> => ({
    capacityPolicy: target,
    ...(limits.perShowtime !== undefined ? { sharedCapacity: { perShowtime: limits.perShowtime } } : {}),
  });
  const effective = fence?.capacityPolicy ?? head.capacityPolicy;
  if (effective === target) {
    // Nothing to move: either already there (a repeat: answered like the first time), or an earlier attempt
    // crashed after moving the fence, and only the head is left to write.
    const saved = head.capacityPolicy !== target ? await writeHead(head, headChange, audit, roster) : head;
    return capacityViewOf(saved ?? head, 'all');
  }
  refuseViolations(target, limits, ledger, showtimeIds);
  const startedAt = new Date().toISOString();
  const claimed = await claimFence(sharedEventId, fence, effective, { to: target, operation, startedAt });
  const old = counters.filter((c) => counterPolicy(c.id) === effective);
  // Old-policy counters created here get the capacity a first sale would have given them (a rollback opens them).
  const oldLimits: NewLimits = {
    perShowtime: head.sharedCapacity?.perShowtime ?? 0,
    quotas: Object.fromEntries(roster.map((p) => [p.organizationId, p.quotaByShowtime ?? {}])),
  };
  const oldWanted = wantedCounters(effective, head, roster, oldLimits, ledger);
  const retired = await retireCounters(sharedEventId, old, oldWanted, startedAt);
  const rollback = async () => {
    // A continued transition may already have moved seats: it stays frozen (marker kept) rather than reopen
    // half-drained counters; repeating the request once the hold settles finishes it.
    if (interrupted) return;
    // A cancellation that began meanwhile owns the counters: they stay retired, and the fence is its.
    if (await cancellationBegan(sharedEventId)) return;
    await restoreCounters(sharedEventId, retired);
    await releaseFence(sharedEventId, claimed, effective);
  };
  const held = await heldAfterSettling(sharedEventId, effective);
  if (held.length > 0) {
    await rollback();
    throw conflict('Sales are in progress on the current counters; retry', 'CONFLICT', { showtimes: held });
  }
  const settled = withoutSeatMovesOf(await ledgerRows(sharedEventId), operation);
  try {
    refuseViolations(target, limits, settled, showtimeIds);
  } catch (error) {
    await rollback();
    throw error;
  }
  if (await cancellationBegan(sharedEventId)) {
    throw conflict('Sales of this Shared Event are frozen (cancellation)', 'CONFLICT', { fenceState: 'cancelling' });
  }
  const now = new Date().toISOString();
  const fresh = counters.filter((c) => counterPolicy(c.id) === target);
  await openTargetCounters(sharedEventId, fresh, wantedCounters(target, head, roster, limits, settled), now);
  await moveSeats(sharedEventId, transitionMoves(target, settled), { operation, actor: actor.userId });
  await Promise.all(
    (body.quotas ?? []).map((e) =>
      writeQuotas(
        roster.find((p) => p.organizationId === e.organizationId)!,
        e,
        now,
      ),
    ),
  );
  await releaseFence(sharedEventId, claimed, target);
  const saved = await writeHead(head, headChange, audit, roster);
  return capacityViewOf(saved ?? head, 'all');
}

/**
 * Whether a whole-event cancellation moved the fence since this transition claimed it (it only ever moves on
 * from `open`): from then on the cancellation's frozen counters must not be reopened by a rollback or by the new
 * policy's counters (docs/decisions/shared-event-cancellation.md). One point read of the fence.
 */
async function cancellationBegan(sharedEventId: string): Promise<boolean> {
  const fence = await readFence(sharedEventId);
  return fence !== undefined && fence.state !== 'open';
}
