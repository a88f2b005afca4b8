import { createHash } from 'node:crypto';
import { isPreconditionFailed, type Stored } from '../../../store/outcomes';
import { auditEntry } from '../audit/entry';
import { adjustmentId, type CapacityAdjustmentDoc, type SharedCapacityCounterDoc } from './model';
import { ledgerRows, readCounters, repairCounter, setCounterFields } from './repo';
import { isQuiet, planReconciliation, recomputeCounter, type ReconciliationPlan } from './reconcile-rules';

/**
 * Counter reconciliation (issue 13; docs/decisions/shared-event-heal.md): the ledger (reservations and
 * adjustments) is the truth; a drifted counter is put back to it once quiet, with a reconciliation adjustment
 * that records the repair and an audit entry; every write is guarded by the counter's ETag.
 */

/** A reconciliation record also says what the repair did to `reserved` (signedDelta is the change to committed). */
export type ReconciliationAdjustmentDoc = CapacityAdjustmentDoc & { kind: 'reconciliation'; reservedDelta: number };

/** One counter's outcome in a reconciliation pass. */
export interface CounterFinding {
  counter: SharedCapacityCounterDoc;
  ledger: { reserved: number; committed: number };
  /**
   * `none`: nothing to write; `marked`: its health set; `repaired`: put back to the ledger with a reconciliation
   * adjustment; `moved`: it changed under the pass (412 on its ETag), left for the next pass.
   */
  outcome: 'none' | 'marked' | 'repaired' | 'moved';
}

export interface ReconcileOptions {
  /** Repair quiet drifted counters (false: only mark health, as checkCounters does). */
  repair?: boolean;
  /**
   * How long a counter and its ledger must have been still before a repair: the heal pass gives a hold's length
   * (sale.ts HOLD_MS). Without it nothing counts as quiet, so nothing is repaired.
   */
  quietMs?: number;
  now?: Date;
}

/**
 * Recomputes every counter of a Shared Event from its ledger (two partition queries) and carries out
 * rules.ts `planReconciliation` on each: a health mark is one patch, a repair one batch (counter, reconciliation
 * adjustment, audit entry), both under the ETag the counter was read with, so a counter that moved since the
 * read (a request between its steps, a freeze that retired it) is never overwritten: the write fails with 412
 * and the counter waits for the next pass. Retired counters are never written.
 */
export async function reconcileCounters(sharedEventId: string, options: ReconcileOptions = {}) {
  const now = options.now ?? new Date();
  const quietMs = options.quietMs ?? Number.POSITIVE_INFINITY;
  const [counters, rows] = await Promise.all([readCounters(sharedEventId), ledgerRows(sharedEventId)]);
  const reservations = rows.flatMap((r) =>
    r.docType === 'capacityReservation' && r.state
      ? [{ counterId: r.counterId, quantity: r.quantity ?? 0, state: r.state }]
      : [],
  );
  const adjustments = rows.flatMap((r) =>
    r.docType === 'capacityAdjustment'
      ? [{ counterId: r.counterId, signedDelta: r.signedDelta ?? 0, kind: r.kind }]
      : [],
  );
  // When each counter's ledger last changed, gathered in one pass over the rows (not one filter per counter).
  const ledgerChanges = new Map<string, (string | undefined)[]>();
  for (const r of rows) {
    const changes = ledgerChanges.get(r.counterId);
    if (changes) changes.push(r.updatedAt ?? r.createdAt);
    else ledgerChanges.set(r.counterId, [r.updatedAt ?? r.createdAt]);
  }
  const findings: CounterFinding[] = [];
  for (const counter of counters) {
    const ledger = recomputeCounter(counter.id, reservations, adjustments);
    const lastChanges = [counter.updatedAt, ...(ledgerChanges.get(counter.id) ?? [])];
    const quiet = options.repair === true && isQuiet(lastChanges, now, quietMs);
    const plan = planReconciliation(counter, ledger, quiet);
    let outcome: CounterFinding['outcome'] = 'none';
    try {
      if (plan.action === 'mark') {
        await setCounterFields(sharedEventId, counter.id, { health: plan.health }, counter._etag);
        outcome = 'marked';
      } else if (plan.action === 'repair') {
        await repairCounter(...repairWrites(counter, plan, now));
        outcome = 'repaired';
      }
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      outcome = 'moved';
    }
    const after = outcome === 'moved' ? counter : { ...counter, ...(plan.action === 'repair' ? ledger : {}) };
    findings.push({
      counter: { ...after, health: outcome === 'moved' ? counter.health : plan.health },
      ledger,
      outcome,
    });
  }
  return findings;
}

/**
 * The writes of one repair. The reconciliation adjustment RECORDS it (it is not a ledger movement: recomputeCounter
 * leaves it out): signedDelta = the change applied to committed, reservedDelta = the change applied to reserved,
 * originalQty / correctedQty = committed before and after. Its operation is derived from the counter's ETag at
 * repair time, so the adjustment and the audit entry have deterministic ids.
 */
function repairWrites(
  counter: Stored<SharedCapacityCounterDoc>,
  plan: Extract<ReconciliationPlan, { action: 'repair' }>,
  now: Date,
): Parameters<typeof repairCounter> {
  const stamp = now.toISOString();
  const operationId = `reconciliation:${counter.id}:${createHash('sha256').update(counter._etag).digest('hex').slice(0, 16)}`;
  const record: ReconciliationAdjustmentDoc = {
    id: adjustmentId(operationId),
    docType: 'capacityAdjustment',
    sharedEventId: counter.sharedEventId,
    operationId,
    showtimeId: counter.showtimeId,
    organizationId: counter.organizationId ?? '',
    counterId: counter.id,
    kind: 'reconciliation',
    signedDelta: plan.committedDelta,
    reservedDelta: plan.reservedDelta,
    originalQty: counter.committed,
    correctedQty: counter.committed + plan.committedDelta,
    actor: 'system',
    authority: 'system',
    reason: `counter put back to its ledger: reserved ${counter.reserved} → ${counter.reserved + plan.reservedDelta}, committed ${counter.committed} → ${counter.committed + plan.committedDelta}`,
    schemaVersion: 1,
    createdAt: stamp,
  };
  const audit = auditEntry({
    sharedEventId: counter.sharedEventId,
    action: 'reconciliation.repaired',
    actorUserId: 'system',
    ...(counter.organizationId !== undefined ? { targetOrganizationId: counter.organizationId } : {}),
    operation: operationId,
    metadata: {
      counterId: counter.id,
      showtimeId: counter.showtimeId,
      reservedDelta: plan.reservedDelta,
      committedDelta: plan.committedDelta,
      health: plan.health,
    },
    at: stamp,
  });
  const repaired = {
    reserved: counter.reserved + plan.reservedDelta,
    committed: counter.committed + plan.committedDelta,
    health: plan.health,
    updatedAt: stamp,
  };
  return [counter, repaired, record, audit];
}

/**
 * Recomputes every counter of a Shared Event from its ledger and marks its health (`reconciling` when it
 * drifted, `overbooked` when the ledger commits more than capacity) under the counter's ETag, never over
 * `retired`; the repair itself is reconcileCounters with `repair` (the heal pass).
 */
export function checkCounters(sharedEventId: string) {
  return reconcileCounters(sharedEventId, { repair: false });
}
