import type { Container, OperationInput } from '@azure/cosmos';
import { batchItems } from './operations';

/** A failed operation inside a transactional batch, carrying the store status (412, 409, ...) as `code`. */
export class BatchOperationFailed extends Error {
  constructor(
    readonly code: number,
    readonly index: number,
  ) {
    super(`Batch operation ${index} failed with status ${code}`);
    this.name = 'BatchOperationFailed';
  }
}

/**
 * Runs one transactional batch and throws when any operation failed, with the first real failure's status
 * (operations skipped because of it report 424). Callers put their guarded writes (IfMatch) first: on Cosmos
 * the batch is all-or-nothing; the embedded store stops at the first failure without undoing earlier writes,
 * so a guard that fails first means nothing was written on either.
 */
export async function commitBatch(container: Container, partitionKey: string, writes: BatchWrite[]) {
  const operations = writes.map(toOperation);
  const response = await batchItems(container, partitionKey, operations);
  const results = response.result ?? [];
  const failedAt = results.findIndex((r) => r.statusCode >= 400 && r.statusCode !== 424);
  if (failedAt >= 0) throw new BatchOperationFailed(results[failedAt].statusCode, failedAt);
  if (results.length !== operations.length) throw new BatchOperationFailed(response.code ?? 500, results.length);
  return results;
}

/** A write inside a batch: a create, or a replace guarded by the ETag the document was read with. */
export type BatchWrite = { create: { id: string } } | { replace: { id: string }; ifMatch: string };

function toOperation(write: BatchWrite): OperationInput {
  if ('create' in write) return { operationType: 'Create', resourceBody: withoutEtag(write.create) } as OperationInput;
  const body = withoutEtag(write.replace);
  return {
    operationType: 'Replace',
    id: write.replace.id,
    ifMatch: write.ifMatch,
    resourceBody: body,
  } as OperationInput;
}

/** The document without the system field the store keeps for concurrency. */
export function withoutEtag<T extends object>(doc: T): Omit<T, '_etag'> {
  const { _etag: _drop, ...rest } = doc as T & { _etag?: string };
  return rest;
}
