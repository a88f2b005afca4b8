import { readSnapshot, type StoreSnapshot } from './repo';
import {
  allocationViolations,
  capacityCounterViolations,
  orderViolations,
  transferViolations,
  type Violation,
} from './rules';
import { delegationViolations, partitionViolations, sharedCounterViolations } from './cross-partition-rules';

export type { Violation, InvariantRule } from './rules';

/** Every invariant over a snapshot of the store (pure: the unit tests feed it documents). */
export function violationsOf(snapshot: StoreSnapshot): Violation[] {
  const found: Violation[] = [];
  for (const [orgId, docs] of snapshot.orgs) {
    found.push(
      ...capacityCounterViolations(orgId, docs),
      ...orderViolations(orgId, docs),
      ...allocationViolations(orgId, docs),
      ...transferViolations(orgId, docs),
    );
  }
  for (const [sharedEventId, docs] of snapshot.sharedEvents)
    found.push(...sharedCounterViolations(sharedEventId, docs));
  found.push(...delegationViolations(snapshot.orgs), ...partitionViolations(snapshot.orgs, snapshot.sharedEvents));
  for (const doc of snapshot.unowned)
    found.push({
      rule: 'partitionKeyMatchesOwner',
      partition: '',
      documentId: doc.id,
      message: `a document of ${doc.container} without its partition key field`,
      healable: false,
    });
  return found;
}

/**
 * `npm run check-invariants` and the hardening tests: reads the whole store and lists every broken invariant
 * (empty when the data is sound). Two cross-partition queries; meant for an operator or a test, never a route.
 */
export async function checkInvariants(): Promise<Violation[]> {
  return violationsOf(await readSnapshot());
}
