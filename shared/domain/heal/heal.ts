import {
  eventsWithUnsyncedDelegationsAcrossOrganizations,
  liveEventsAcrossOrganizations,
  sharedEventsWithCountersAcrossPartitions,
  sharedEventsWithExpiredHoldsAcrossPartitions,
} from './repo';
import { reconcileCounters, releaseExpired } from '../shared-events/capacity/engine';
import { HOLD_MS, localSaleLanded } from '../shared-events/capacity/sale';
import { healEventDelegations } from '../delegations/reverse-index';
import { organizationsByIdsAcrossPartitions } from '../organizations/repo';
import { readCounters, syncCounters } from '../events/capacity/counter';
import { checkCounters, type CounterDrift } from '../events/capacity/drift';
import type { MoneyOf } from '../events/capacity/ledger';
import { sharedEventIdOf } from '../events/capacity/model';
import { totalsMoney } from '../events/capacity/money-rules';
import { orderMoney } from '../orders/ledger-money';
import type { OrderDoc } from '../orders/model';
import { healProjections } from '../shared-events/projections/sync';
import { advancePendingCancellations } from '../shared-events/cancellation/cancel';

export interface HealReport {
  startedAt: string;
  finishedAt: string;
  organizations: number;
  events: number;
  drifted: number;
  repaired: number;
  drift: (CounterDrift & { organizationId: string; eventId: string })[];
  failures: { organizationId: string; eventId: string; message: string }[];
  /** The delegation reverse-index pass: syncs retried, and how they ended. */
  reverseIndex: { retried: number; synced: number; failed: number };
  /** The Shared Event projection pass: Shared Events with queued work, and how their projections ended. */
  projections: { sharedEvents: number; synced: number; failed: number };
  /** Expired Shared Event capacity holds: Shared Events that had some, and holds released. */
  reservations: { sharedEvents: number; released: number; committed: number };
  /**
   * Shared Event counters recomputed from their ledger: Shared Events checked, counters repaired (with a
   * reconciliation adjustment and an audit entry), counters left `overbooked`, and drifted counters only marked
   * `reconciling` (not quiet yet, or moved under the pass) for a later pass.
   */
  counters: { sharedEvents: number; repaired: number; overbooked: number; reconciling: number };
  /** Whole-event cancellations still `cancelling`: Shared Events found, and those finished by this pass. */
  cancellations: { sharedEvents: number; finished: number };
}

/**
 * One heal pass (docs/decisions.md), counter part: every non-deleted event of every organization partition
 * has its capacity counters recomputed from the ledger; a drifted counter that has been quiet for `quietMs`
 * is repaired (checkCounters), then missing counters are created and capacities aligned (syncCounters).
 * One failing event is reported and never stops the others. Events are found with one cross-partition
 * query (this is the only cross-tenant reader, and it is not behind any route).
 */
export async function healOnce(
  options: {
    quietMs?: number;
    /** How long a Shared Event counter and its ledger must be still before a repair (default: a hold). */
    sharedQuietMs?: number;
  } = {},
): Promise<HealReport> {
  const startedAt = new Date().toISOString();
  const events = await liveEventsAcrossOrganizations();
  const report: HealReport = {
    startedAt,
    finishedAt: startedAt,
    organizations: new Set(events.map((e) => e.organizationId)).size,
    events: events.length,
    drifted: 0,
    repaired: 0,
    drift: [],
    failures: [],
    reverseIndex: { retried: 0, synced: 0, failed: 0 },
    projections: { sharedEvents: 0, synced: 0, failed: 0 },
    reservations: { sharedEvents: 0, released: 0, committed: 0 },
    counters: { sharedEvents: 0, repaired: 0, overbooked: 0, reconciling: 0 },
    cancellations: { sharedEvents: 0, finished: 0 },
  };
  for (const event of events) {
    try {
      // One counter read serves both steps; syncCounters only sets idempotent values or creates what is missing.
      const counters = await readCounters(event.organizationId, event.id);
      // A Shared Event projection's counters keep no money (events/capacity/money.ts `keepsMoney`).
      const money = sharedEventIdOf(event) === undefined ? { moneyOf } : {};
      const drift = await checkCounters(event, { repair: true, quietMs: options.quietMs, counters, ...money });
      for (const d of drift) report.drift.push({ organizationId: event.organizationId, eventId: event.id, ...d });
      await syncCounters(event, counters);
    } catch (error) {
      report.failures.push({
        organizationId: event.organizationId,
        eventId: event.id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  await healReverseIndex(report);
  await healSharedEventProjections(report);
  await releaseExpiredHolds(report);
  await advanceCancellations(report);
  await reconcileSharedEventCounters(report, options.sharedQuietMs ?? HOLD_MS);
  report.drifted = report.drift.length;
  report.repaired = report.drift.filter((d) => d.repaired).length;
  report.finishedAt = new Date().toISOString();
  return report;
}

/** Each ledger type's money rule, for the counters' revenue and fees (docs/performance.md, "Events overview"). */
export const moneyOf: MoneyOf = (row) => {
  if (row.docType === 'order') return orderMoney(row as unknown as OrderDoc);
  if (row.docType === 'registration' || row.docType === 'externalSale')
    return totalsMoney(row as { showtimeId: string; totalAmount?: number; totalFees?: number });
  return undefined; // free tickets carry no price
};

/**
 * Whole-event cancellations (shared-event-cancellation): once the holds above are settled, a cancellation still
 * `cancelling` can finish (its wholeEventCancellation adjustments, fence and head to `cancelled`).
 */
async function advanceCancellations(report: HealReport): Promise<void> {
  try {
    const outcome = await advancePendingCancellations();
    report.cancellations = { sharedEvents: outcome.sharedEvents, finished: outcome.finished };
    for (const f of outcome.failures)
      report.failures.push({ organizationId: '', eventId: f.sharedEventId, message: f.message });
  } catch (error) {
    report.failures.push({
      organizationId: '',
      eventId: '',
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * The reverse-index part (docs/decisions.md): every delegation whose partner index write is pending or failed is
 * synced again with its transition's operation id (see delegations/reverse-index). Two queries find the work
 * (the events, and their owners' names for the index entries); a sync that fails again is counted, stays
 * `failed` for the next pass and is reported under `failures`.
 */
async function healReverseIndex(report: HealReport): Promise<void> {
  let events: Awaited<ReturnType<typeof eventsWithUnsyncedDelegationsAcrossOrganizations>>;
  let owners: Map<string, string>;
  try {
    events = await eventsWithUnsyncedDelegationsAcrossOrganizations();
    const ownerIds = [...new Set(events.map((e) => e.organizationId))];
    const organizations = ownerIds.length ? await organizationsByIdsAcrossPartitions(ownerIds) : [];
    owners = new Map(organizations.map((o) => [o.id, o.name]));
  } catch (error) {
    report.failures.push({ organizationId: '', eventId: '', message: messageOf(error) });
    return;
  }
  for (const event of events) {
    try {
      const owner = { id: event.organizationId, name: owners.get(event.organizationId) ?? '' };
      const { outcomes } = await healEventDelegations(event, owner, Number.MAX_SAFE_INTEGER);
      for (const d of outcomes) {
        report.reverseIndex.retried += 1;
        if (d.reverseIndexSyncStatus === 'synced') report.reverseIndex.synced += 1;
        else {
          report.reverseIndex.failed += 1;
          report.failures.push({
            organizationId: event.organizationId,
            eventId: event.id,
            message: `reverse index of delegation ${d.id} is ${d.reverseIndexSyncStatus}`,
          });
        }
      }
    } catch (error) {
      report.failures.push({ organizationId: event.organizationId, eventId: event.id, message: messageOf(error) });
    }
  }
}

/** Queued Shared Event projection work (docs/decisions.md): each Shared Event with pending or failed projections advanced. */
async function healSharedEventProjections(report: HealReport): Promise<void> {
  try {
    const outcome = await healProjections();
    report.projections = { sharedEvents: outcome.sharedEvents, synced: outcome.synced, failed: outcome.failed };
    for (const f of outcome.failures)
      report.failures.push({ organizationId: '', eventId: f.sharedEventId, message: f.message });
  } catch (error) {
    report.failures.push({ organizationId: '', eventId: '', message: messageOf(error) });
  }
}

/**
 * Expired capacity holds (docs/decisions.md): a Shared Event sale that reserved seats and never committed (its request died
 * between the steps) is settled once its hold has expired: committed when its local document was written (the
 * sale stands: roll forward), released otherwise (the seats return). The reservation moves first under its ETag,
 * so a late commit and the timer cannot both win.
 */
async function releaseExpiredHolds(report: HealReport): Promise<void> {
  let sharedEventIds: string[];
  try {
    sharedEventIds = await sharedEventsWithExpiredHoldsAcrossPartitions(new Date().toISOString());
  } catch (error) {
    report.failures.push({ organizationId: '', eventId: '', message: messageOf(error) });
    return;
  }
  for (const sharedEventId of sharedEventIds) {
    try {
      report.reservations.sharedEvents += 1;
      const settled = await releaseExpired(sharedEventId, new Date(), localSaleLanded);
      report.reservations.released += settled.released;
      report.reservations.committed += settled.committed;
    } catch (error) {
      report.failures.push({ organizationId: '', eventId: sharedEventId, message: messageOf(error) });
    }
  }
}

/**
 * Shared Event counters against their ledger (issue 13), after the expired holds are settled: every Shared Event
 * with counters (one cross-partition query), each reconciled in its partition (engine.ts reconcileCounters): a
 * drifted counter quiet for `quietMs` is repaired under its ETag, one that is not is marked `reconciling`.
 */
async function reconcileSharedEventCounters(report: HealReport, quietMs: number): Promise<void> {
  let sharedEventIds: string[];
  try {
    sharedEventIds = await sharedEventsWithCountersAcrossPartitions();
  } catch (error) {
    report.failures.push({ organizationId: '', eventId: '', message: messageOf(error) });
    return;
  }
  for (const sharedEventId of sharedEventIds) {
    try {
      report.counters.sharedEvents += 1;
      for (const finding of await reconcileCounters(sharedEventId, { repair: true, quietMs })) {
        if (finding.outcome === 'repaired') report.counters.repaired += 1;
        if (finding.counter.health === 'overbooked') report.counters.overbooked += 1;
        if (finding.counter.health === 'reconciling') report.counters.reconciling += 1;
      }
    } catch (error) {
      report.failures.push({ organizationId: '', eventId: sharedEventId, message: messageOf(error) });
    }
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
