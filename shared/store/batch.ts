import type { Container, OperationInput, PatchOperation } from '@azure/cosmos';
import { checkFault, type StoreOperation } from './faults';
import { tracked } from './operations';

/**
 * A write inside a batch: a create, a replace guarded by the ETag the document was read with, or a patch (the
 * increments that keep a counter's figures in step with the document written beside it).
 */
export type BatchWrite =
  | { create: { id: string } }
  | { replace: { id: string }; ifMatch: string }
  | { patch: { id: string }; operations: PatchOperation[] };

/**
 * The one transactional batch API: creates and ETag-guarded replaces inside one partition, as one counted store
 * call. A failed batch throws with the status of the operation that failed (409, 412, ...; operations skipped
 * because of it report 424), like a single write. The batch is all-or-nothing on Cosmos DB and on the embedded
 * store (its server is patched to undo the earlier writes of a failed batch: embedded-patches.ts), so a failure
 * anywhere in it means nothing was written. Callers still put their guarded writes (IfMatch) first: a lost race
 * then fails on the first operation, before any other runs.
 */
export async function commitBatch(
  container: Container,
  partitionKey: string,
  writes: BatchWrite[],
  /**
   * The single call this batch carries for a document (its create or replace, with its counters' increments):
   * an injected fault on that call fails the batch as it failed the call, so a test's fault keeps its meaning.
   */
  standsFor?: StoreOperation,
) {
  const op: StoreOperation = { kind: 'batch', container: container.id, partitionKey };
  // Every operation carries the partition key: the embedded store needs it on each one.
  const operations = writes.map((w) => ({ ...toOperation(w), partitionKey })) as OperationInput[];
  const response = await tracked(op, async () => {
    if (standsFor) await checkFault(standsFor);
    const result = await container.items.batch(operations, partitionKey);
    const charge = (result.result ?? []).reduce((sum, r) => sum + (r.requestCharge ?? 0), 0);
    return { requestCharge: charge, result };
  });
  const results = response.result.result ?? [];
  const index = results.findIndex((r) => r.statusCode >= 400 && r.statusCode !== 424);
  if (index >= 0) {
    const code = results[index]!.statusCode;
    // `index` names the operation that failed, so a caller can tell its document's failure from a counter's.
    throw Object.assign(new Error(`batch operation failed with ${code}`), { code, index });
  }
  return results;
}

function toOperation(write: BatchWrite): OperationInput {
  if ('patch' in write)
    return {
      operationType: 'Patch',
      id: write.patch.id,
      resourceBody: { operations: write.operations },
    } as OperationInput;
  if ('create' in write) return { operationType: 'Create', resourceBody: withoutEtag(write.create) } as OperationInput;
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
