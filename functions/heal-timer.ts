import { app } from '@azure/functions';
import { healOnce } from '../shared/domain/heal/heal';
import '../shared/domain/shared-events/capacity/seat-port';
import { insideFunctionsWorker } from '../shared/functions-worker';
import { hostRefusal } from '../shared/http/host-readiness';
import { openStore } from '../shared/store/client';
import { logInfo } from '../shared/telemetry/telemetry';

/**
 * The heal timer (docs/decisions.md), every 5 minutes. Registered only inside the Azure Functions worker;
 * the local host loads this file too but runs no timers (`npm run heal` runs one pass by hand).
 */
if (insideFunctionsWorker()) {
  app.timer('heal-timer', {
    schedule: '0 */5 * * * *',
    handler: async () => {
      // Not configured: the refusal is logged once (setting names only) and the pass is skipped, never run on a
      // fallback store.
      if (hostRefusal()) return;
      await openStore();
      const report = await healOnce();
      logInfo('heal.completed', {
        events: report.events,
        drifted: report.drifted,
        repaired: report.repaired,
        reverseIndexRetried: report.reverseIndex.retried,
        reverseIndexSynced: report.reverseIndex.synced,
        reverseIndexFailed: report.reverseIndex.failed,
        projectionsSynced: report.projections.synced,
        projectionsFailed: report.projections.failed,
        capacityHoldsReleased: report.reservations.released,
        capacityHoldsCommitted: report.reservations.committed,
        sharedCountersRepaired: report.counters.repaired,
        sharedCountersOverbooked: report.counters.overbooked,
        sharedCountersReconciling: report.counters.reconciling,
        cancellationsFinished: report.cancellations.finished,
        failures: report.failures.length,
      });
    },
  });
}
