import type { Container, OperationInput, PatchOperation } from '@azure/cosmos';
import { checkFault, InjectedStoreFault, type StoreOperation } from './faults';
import { tracked } from './tracked';
import { KeyRecordExists, keyRideFor, type KeyCarrying } from './write-token';

/**
 * A write inside a batch: a create, an upsert (a document whose id is derived, carrying a key record), a replace
 * guarded by the ETag the document was read with, or a patch (the increments that keep a counter's figures in step
 * with the document written beside it; with a store-evaluated `condition`, the seats of a sale: `sold + n <= capacity`).
 */
export type BatchWrite =
  | { create: { id: string } }
  | { upsert: { id: string } }
  | { replace: { id: string }; ifMatch: string }
  | { patch: { id: string }; operations: PatchOperation[]; condition?: string; ifMatch?: string };

/**
 * `carriesKey`: see commitBatch. `standsFor`: the single call this batch carries for a document (its create or
 * replace, with its counters' increments): an injected fault on that call fails the batch as it failed the call,
 * so a test's fault keeps its meaning (a `lostAnswer` fault lets the batch commit, then fails it).
 */
export interface BatchOptions extends KeyCarrying {
  standsFor?: StoreOperation;
}

/**
 * The one transactional batch API: creates and ETag-guarded replaces inside one partition, as one counted store
 * call. A failed batch throws with the status of the operation that failed (409, 412, ...; operations skipped
 * because of it report 424), like a single write. The batch is all-or-nothing on Cosmos DB and on the embedded
 * store (its server is patched to undo the earlier writes of a failed batch: embedded-patches.ts), so a failure
 * anywhere in it means nothing was written. Callers still put their guarded writes (IfMatch) first: a lost race
 * then fails on the first operation, before any other runs.
 *
 * `{ carriesKey: true }` marks the use case's one decisive write: when a keyed request waits in the slot
 * (write-token.ts) for this container and partition, its key record is created last in the same batch, still one
 * call. A batch that fails on that record throws KeyRecordExists instead of a 409.
 */
export async function commitBatch(
  container: Container,
  partitionKey: string,
  writes: BatchWrite[],
  options?: BatchOptions,
) {
  const ride = keyRideFor(options, container.id, () => partitionKey);
  const all: BatchWrite[] = ride ? [...writes, { create: ride.record }] : writes;
  const standsFor = options?.standsFor;
  const op: StoreOperation = { kind: 'batch', container: container.id, partitionKey };
  // Every operation carries the partition key: the embedded store needs it on each one.
  const operations = all.map((w) => ({ ...toOperation(w), partitionKey })) as OperationInput[];
  const response = await tracked(op, async () => {
    const lostAnswer = standsFor ? await checkFault(standsFor) : undefined;
    const result = await container.items.batch(operations, partitionKey);
    if (lostAnswer !== undefined) throw new InjectedStoreFault(standsFor!, lostAnswer);
    const charge = (result.result ?? []).reduce((sum, r) => sum + (r.requestCharge ?? 0), 0);
    return { requestCharge: charge, result };
  });
  const results = response.result.result ?? [];
  const failedAt = results.findIndex((r) => r.statusCode >= 400 && r.statusCode !== 424);
  if (failedAt >= 0) {
    const status = results[failedAt]!.statusCode;
    if (ride && failedAt === writes.length && status === 409) throw new KeyRecordExists(ride.record.id);
    // `index` names the operation that failed, so a caller can tell its document's failure from a counter's.
    throw Object.assign(new Error(`batch operation failed with ${status}`), { code: status, index: failedAt });
  }
  if (ride) {
    ride.carried = { etag: results[writes.length]?.eTag };
    return results.slice(0, writes.length);
  }
  return results;
}

function toOperation(write: BatchWrite): OperationInput {
  if ('patch' in write)
    return {
      operationType: 'Patch',
      id: write.patch.id,
      // A conditional patch (`FROM c WHERE ...`) fails the batch with 412 when the store finds it false.
      resourceBody: { operations: write.operations, ...(write.condition ? { condition: write.condition } : {}) },
      ...(write.ifMatch ? { ifMatch: write.ifMatch } : {}),
    } as OperationInput;
  if ('create' in write) return { operationType: 'Create', resourceBody: withoutEtag(write.create) } as OperationInput;
  if ('upsert' in write) return { operationType: 'Upsert', resourceBody: withoutEtag(write.upsert) } as OperationInput;
  return {
    operationType: 'Replace',
    id: write.replace.id,
    ifMatch: write.ifMatch,
    resourceBody: withoutEtag(write.replace),
  } as OperationInput;
}

/** The document without the system field the store keeps for concurrency. */
export function withoutEtag<T extends object>(doc: T): Omit<T, '_etag'> {
  const { _etag: _drop, ...rest } = doc as T & { _etag?: string };
  return rest;
}
