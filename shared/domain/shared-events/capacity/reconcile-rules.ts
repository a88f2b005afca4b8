import type { CounterHealth } from './model';
import type { CounterCounts, LedgerAdjustment, LedgerReservation } from './rules';

/**
 * Pure rules of counter reconciliation (the heal pass, docs/decisions/shared-event-heal.md): a counter as its
 * ledger says it should be, its health, when it is quiet enough to repair, and what a repair writes.
 */

/**
 * A counter as its ledger says it should be: reserved = Σ held reservations, committed = Σ committed
 * reservations + Σ adjustments (released reservations count for nothing). Adjustments of kind `reconciliation`
 * are left out: the ledger is the truth, and a reconciliation adjustment only RECORDS that the counter was put
 * back to it (its signedDelta is the change applied to the counter, not a sale or a correction).
 */
export function recomputeCounter(
  counterId: string,
  reservations: readonly LedgerReservation[],
  adjustments: readonly LedgerAdjustment[],
): { reserved: number; committed: number } {
  let reserved = 0;
  let committed = 0;
  for (const r of reservations) {
    if (r.counterId !== counterId) continue;
    if (r.state === 'held') reserved += r.quantity;
    else if (r.state === 'committed') committed += r.quantity;
  }
  for (const a of adjustments) if (a.counterId === counterId && a.kind !== 'reconciliation') committed += a.signedDelta;
  return { reserved, committed };
}

/**
 * A counter's health against its ledger: `retired` stays retired; `overbooked` when the ledger's committed
 * exceeds capacity (the more serious finding wins); `reconciling` when the counter differs from the ledger.
 */
export function classifyHealth(
  counter: CounterCounts & { health?: CounterHealth },
  ledger: { reserved: number; committed: number },
): CounterHealth {
  if (counter.health === 'retired') return 'retired';
  if (ledger.committed > counter.capacity) return 'overbooked';
  if (counter.reserved !== ledger.reserved || counter.committed !== ledger.committed) return 'reconciling';
  return 'ok';
}

/**
 * Is a counter safe to repair? A counter legitimately differs from its ledger while a request is between two
 * of its steps (counter moved, reservation not yet written; reservation settled, counter not yet moved). Each
 * step stamps the document it writes, so a counter is quiet when neither it nor any ledger document of it
 * changed for `quietMs` (a hold's length: longer than any live request between two steps).
 */
export function isQuiet(lastChanges: readonly (string | undefined)[], now: Date, quietMs: number): boolean {
  const cutoff = now.getTime() - quietMs;
  return lastChanges.every((at) => at === undefined || Date.parse(at) <= cutoff);
}

/** What the reconciliation does to one counter (pure; engine.ts carries it out under the counter's ETag). */
export type ReconciliationPlan =
  /** Counts equal the ledger and the health is already right (or the counter is retired): no write. */
  | { action: 'none'; health: CounterHealth }
  /** Only the health changes (drift that is not quiet yet is marked `reconciling`, and left). */
  | { action: 'mark'; health: CounterHealth }
  /** A quiet drifted counter is put back to its ledger: these increments, and the health that follows. */
  | { action: 'repair'; health: CounterHealth; reservedDelta: number; committedDelta: number };

/**
 * The reconciliation rule. A retired counter is never touched (its health must never be overwritten: it is the
 * freeze; its counts are the cancellation's or the policy transition's business). Otherwise the ledger is the
 * truth: a drifted counter is repaired to it when quiet, only marked (`reconciling`, or `overbooked` when the
 * ledger commits more than capacity, the more serious finding) when not; a counter equal to its ledger gets
 * `ok` or `overbooked`. `overbooked` is never "repaired" away: it lasts until capacity is raised or the ledger drops.
 */
export function planReconciliation(
  counter: CounterCounts & { health: CounterHealth },
  ledger: { reserved: number; committed: number },
  quiet: boolean,
): ReconciliationPlan {
  if (counter.health === 'retired') return { action: 'none', health: 'retired' };
  const reservedDelta = ledger.reserved - counter.reserved;
  const committedDelta = ledger.committed - counter.committed;
  if ((reservedDelta !== 0 || committedDelta !== 0) && quiet) {
    const health = ledger.committed > counter.capacity ? 'overbooked' : 'ok';
    return { action: 'repair', health, reservedDelta, committedDelta };
  }
  const health = classifyHealth(counter, ledger);
  return health === counter.health ? { action: 'none', health } : { action: 'mark', health };
}
