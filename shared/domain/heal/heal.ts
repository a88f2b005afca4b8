import { liveEventsAcrossOrganizations } from './repo';
import { readCounters, syncCounters } from '../capacity/counter';
import { checkCounters, type CounterDrift } from '../capacity/drift';

export interface HealReport {
  startedAt: string;
  finishedAt: string;
  organizations: number;
  events: number;
  drifted: number;
  repaired: number;
  drift: (CounterDrift & { organizationId: string; eventId: string })[];
  failures: { organizationId: string; eventId: string; message: string }[];
}

/**
 * One heal pass (03-decisions §12), counter part: every non-deleted event of every organization partition
 * has its capacity counters recomputed from the ledger; a drifted counter that has been quiet for `quietMs`
 * is repaired (checkCounters), then missing counters are created and capacities aligned (syncCounters).
 * One failing event is reported and never stops the others. Events are found with one cross-partition
 * query (this is the only cross-tenant reader, and it is not behind any route).
 */
export async function healOnce(options: { quietMs?: number } = {}): Promise<HealReport> {
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
  };
  for (const event of events) {
    try {
      // One counter read serves both steps; syncCounters only sets idempotent values or creates what is missing.
      const counters = await readCounters(event.organizationId, event.id);
      const drift = await checkCounters(event, { repair: true, quietMs: options.quietMs, counters });
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
  report.drifted = report.drift.length;
  report.repaired = report.drift.filter((d) => d.repaired).length;
  report.finishedAt = new Date().toISOString();
  return report;
}
