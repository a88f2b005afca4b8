import type { Container, OperationInput } from '@azure/cosmos';
import { batchItems } from './operations';

/**
 * Runs one transactional batch of creates and ETag-guarded replaces; `batchItems` throws with the first real
 * failure's status (operations skipped because of it report 424). Callers put their guarded writes (IfMatch) first: on Cosmos
 * the batch is all-or-nothing; the embedded store stops at the first failure without undoing earlier writes,
 * so a guard that fails first means nothing was written on either.
 */
export async function commitBatch(container: Container, partitionKey: string, writes: BatchWrite[]) {
  return batchItems(container, partitionKey, writes.map(toOperation));
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
