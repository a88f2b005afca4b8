import { healOnce } from '../shared/domain/heal/heal';
import '../shared/domain/shared-events/capacity/seat-port';
import { closeStore, openStore } from '../shared/store/client';

/**
 * `npm run heal`: one heal pass against the configured store (COSMOS_ENDPOINT, else a fresh embedded one),
 * printing the report as JSON. Exit code 1 when any event could not be checked.
 */
async function main() {
  await openStore();
  try {
    const report = await healOnce();
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return report.failures.length === 0 ? 0 : 1;
  } finally {
    await closeStore();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('heal failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
