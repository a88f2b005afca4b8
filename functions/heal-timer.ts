import { app } from '@azure/functions';
import { healOnce } from '../shared/domain/heal/heal';
import { openStore } from '../shared/store/client';
import { logInfo } from '../shared/telemetry/telemetry';

/**
 * The heal timer (03-decisions §12), every 5 minutes. Registered only inside the Azure Functions worker;
 * the local host loads this file too but runs no timers (`npm run heal` runs one pass by hand).
 */
if (process.env.FUNCTIONS_WORKER_RUNTIME) {
  app.timer('heal-timer', {
    schedule: '0 */5 * * * *',
    handler: async () => {
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
        failures: report.failures.length,
      });
    },
  });
}
