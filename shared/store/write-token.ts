import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request-scoped slot of an idempotency key record that rides along with the one create it guards
 * (docs/decisions/api-contract.md, "Idempotency keys"). The HTTP layer puts the prepared record here before it runs
 * a handler; the one repository write that opts in (`{ carriesKey: true }`) adds the record's Create to its own
 * transactional batch, so the key costs no call of its own and exists only if that write committed. The store knows
 * nothing of keys beyond this: the record is an opaque document for one container and partition.
 */
export interface KeyRide {
  /** The key record to create with the write (a document of `containerId`, in partition `partitionKey`). */
  record: { id: string } & Record<string, unknown>;
  containerId: string;
  partitionKey: string;
  /** The document field that holds the partition key in that container (`organizationId` in `orgs`). */
  partitionField: string;
  /** Set once the record was written with a write: its ETag, for the answer's replace. */
  carried?: { etag?: string };
}

/** The option a repository passes on the one decisive write of its use case. */
export interface KeyCarrying {
  carriesKey?: boolean;
}

const slot = new AsyncLocalStorage<KeyRide>();

/** Runs `work` with `ride` in the slot: a write of the same container and partition that opts in carries it. */
export function withKeyRide<T>(ride: KeyRide, work: () => Promise<T>): Promise<T> {
  return slot.run(ride, work);
}

/**
 * The ride a write opting in must carry, or undefined (no keyed request, or the record already rode along with an
 * earlier write of this request). A write that opts in on another container or partition than the record's is a
 * route declared wrongly (it needs the claim-first path): it fails before writing rather than run unguarded.
 */
export function keyRideFor(
  options: KeyCarrying | undefined,
  containerId: string,
  partitionKeyOf: (partitionField: string) => unknown,
): KeyRide | undefined {
  if (!options?.carriesKey) return undefined;
  const ride = slot.getStore();
  if (!ride || ride.carried) return undefined;
  const partitionKey = partitionKeyOf(ride.partitionField);
  if (containerId !== ride.containerId || partitionKey !== ride.partitionKey) {
    throw new Error(
      `An idempotency key record of ${ride.containerId} cannot ride along with a write to ${containerId}`,
    );
  }
  return ride;
}

/**
 * The batch carrying a key record failed on that record: it exists already (another request with the same key
 * wrote, or an expired record is still stored). Nothing of the batch was written. Deliberately without a store
 * status `code`, so no `isConflict()` mapping of a domain misreads it; the HTTP layer answers it from the record.
 */
export class KeyRecordExists extends Error {
  constructor(readonly recordId: string) {
    super(`The idempotency key record ${recordId} exists already`);
    this.name = 'KeyRecordExists';
  }
}
