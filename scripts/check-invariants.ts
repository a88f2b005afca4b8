import { checkInvariants } from '../shared/domain/invariants/check';
import { closeStore, openStore } from '../shared/store/client';

/**
 * `npm run check-invariants`: every invariant of the data (shared/domain/invariants) checked against the configured
 * store (COSMOS_ENDPOINT, else a fresh embedded one), the violations printed as JSON. Exit code 1 when any.
 */
async function main() {
  await openStore();
  try {
    const violations = await checkInvariants();
    const report = { checkedAt: new Date().toISOString(), violations: violations.length, found: violations };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return violations.length === 0 ? 0 : 1;
  } finally {
    await closeStore();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('check-invariants failed:', error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
