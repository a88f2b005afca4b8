import { app } from '@azure/functions';
import { remindersOnce } from '../shared/domain/reminders/pass';
import { insideFunctionsWorker } from '../shared/functions-worker';
import { hostRefusal } from '../shared/http/host-readiness';
import { openStore } from '../shared/store/client';
import { logInfo } from '../shared/telemetry/telemetry';

/**
 * The reminder timer (docs/decisions/invoices-and-reminders.md), hourly at minute 7: each organization is visited
 * from 09:00 in its own time zone, and the send records make every later pass of the day a no-op. Registered only
 * inside the Azure Functions worker (the local host runs no timers; tests call remindersOnce with their clock).
 */
if (insideFunctionsWorker()) {
  app.timer('reminders-timer', {
    schedule: '0 7 * * * *',
    handler: async () => {
      if (hostRefusal()) return;
      await openStore();
      const report = await remindersOnce();
      logInfo('reminders.completed', {
        organizations: report.organizations,
        reminded: report.reminded,
        escalated: report.escalated,
        digests: report.digests,
        redelivered: report.redelivered,
        failures: report.failures.length,
      });
    },
  });
}
