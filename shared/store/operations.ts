import type { Container, ItemDefinition, PatchOperation, SqlQuerySpec } from '@azure/cosmos';
import { commitBatch } from './batch';
import type { StoreOperation } from './faults';
import { tracked } from './tracked';
import { keyRideFor, type KeyCarrying } from './write-token';
import type { Stored } from './outcomes';

export type { Stored } from './outcomes';
export { isConflict, isNotFound, isPreconditionFailed, isUnavailable, withEtagRetry } from './outcomes';
export { setStoreCallDeadline, StoreDeadlineExceeded, THROTTLE_ATTEMPTS, tracked } from './tracked';

function stored<T>(resource: unknown): Stored<T> {
  return resource as Stored<T>;
}

/**
 * Whether Cosmos DB can hold a document with this id: the SDK throws before any request for a blank id or one
 * with `/`, `\` or `#`, and the service refuses ids over 1,023 bytes. Such an id (a path parameter typed by a
 * client) names no document, so a point read answers "not found" instead of an unexpected error.
 */
export const isStorableId = (id: string): boolean =>
  id.trim().length > 0 && !/[/\\#]/.test(id) && Buffer.byteLength(id, 'utf8') <= 1023;

export async function readItem<T>(
  container: Container,
  partitionKey: string,
  id: string,
): Promise<Stored<T> | undefined> {
  if (!isStorableId(id)) return undefined;
  const op: StoreOperation = { kind: 'read', container: container.id, id, partitionKey };
  const response = await tracked(op, () => container.item(id, partitionKey).read());
  return response.resource ? stored<T>(response.resource) : undefined;
}

/**
 * Create a document. `{ carriesKey: true }` marks the use case's one decisive create: with a keyed request waiting
 * (write-token.ts) the create becomes a transactional batch of two creates, the document and its key record, still
 * one call (batch.ts; KeyRecordExists when the record exists already).
 */
export async function createItem<T extends ItemDefinition>(
  container: Container,
  doc: T,
  options?: KeyCarrying,
): Promise<Stored<T>> {
  const ride = keyRideFor(options, container.id, (field) => (doc as Record<string, unknown>)[field]);
  if (ride) {
    const [created] = await commitBatch(container, ride.partitionKey, [{ create: doc as { id: string } }], options);
    return stored<T>(created.resourceBody ?? { ...doc, _etag: created.eTag });
  }
  const op: StoreOperation = { kind: 'create', container: container.id, id: doc.id };
  const response = await tracked(op, () => container.items.create(doc));
  return stored<T>(response.resource);
}

/** Create or replace a document by id. `{ carriesKey: true }` carries a waiting key record in a batch, as `createItem` does. */
export async function upsertItem<T extends ItemDefinition>(
  container: Container,
  doc: T,
  options?: KeyCarrying,
): Promise<Stored<T>> {
  const ride = keyRideFor(options, container.id, (field) => (doc as Record<string, unknown>)[field]);
  if (ride) {
    const [upserted] = await commitBatch(container, ride.partitionKey, [{ upsert: doc as { id: string } }], options);
    return stored<T>(upserted.resourceBody ?? { ...doc, _etag: upserted.eTag });
  }
  const op: StoreOperation = { kind: 'upsert', container: container.id, id: doc.id };
  const response = await tracked(op, () => container.items.upsert(doc));
  return stored<T>(response.resource);
}

/**
 * Replace a document; with `ifMatch` the write only lands if nobody changed it since it was read (412 else).
 * `{ carriesKey: true }` (with `ifMatch`) carries a waiting key record in a batch, as `createItem` does.
 */
export async function replaceItem<T extends ItemDefinition>(
  container: Container,
  partitionKey: string,
  doc: T,
  ifMatch?: string,
  carrying?: KeyCarrying,
): Promise<Stored<T>> {
  const ride = ifMatch ? keyRideFor(carrying, container.id, () => partitionKey) : undefined;
  if (ride && ifMatch) {
    const write = { replace: doc as { id: string }, ifMatch };
    const [replaced] = await commitBatch(container, partitionKey, [write], carrying);
    return stored<T>(replaced.resourceBody ?? { ...doc, _etag: replaced.eTag });
  }
  const { _etag: _drop, ...body } = doc as T & { _etag?: string };
  const id = String(doc.id);
  const op: StoreOperation = { kind: 'replace', container: container.id, id, partitionKey };
  const options = ifMatch ? { accessCondition: { type: 'IfMatch', condition: ifMatch } } : undefined;
  const response = await tracked(op, () => container.item(id, partitionKey).replace(body, options));
  return stored<T>(response.resource);
}

/** Patch, optionally guarded by a SQL condition (`FROM c WHERE c.sold + 1 <= c.capacity`) or an ETag. */
export async function patchItem<T>(
  container: Container,
  partitionKey: string,
  id: string,
  operations: PatchOperation[],
  guard: { condition?: string; ifMatch?: string } = {},
): Promise<Stored<T>> {
  const op: StoreOperation = { kind: 'patch', container: container.id, id, partitionKey };
  const options = guard.ifMatch ? { accessCondition: { type: 'IfMatch', condition: guard.ifMatch } } : undefined;
  const body = guard.condition ? { condition: guard.condition, operations } : operations;
  const response = await tracked(op, () => container.item(id, partitionKey).patch(body, options));
  return stored<T>(response.resource);
}

export async function deleteItem(container: Container, partitionKey: string, id: string, ifMatch?: string) {
  // No document can have such an id: a delete of it is a 404, never an SDK error.
  if (!isStorableId(id)) throw Object.assign(new Error('No document can have this id'), { code: 404 });
  const op: StoreOperation = { kind: 'delete', container: container.id, id, partitionKey };
  const options = ifMatch ? { accessCondition: { type: 'IfMatch', condition: ifMatch } } : undefined;
  await tracked(op, () => container.item(id, partitionKey).delete(options));
}

export interface QueryPage<T> {
  items: T[];
  sdkContinuation?: string;
}

/** One page of a query; `partitionKey` undefined means a deliberate cross-partition query. */
export async function queryOnePage<T>(
  container: Container,
  partitionKey: string | undefined,
  spec: SqlQuerySpec,
  maxItemCount: number,
  sdkContinuation?: string,
): Promise<QueryPage<T>> {
  const op: StoreOperation = { kind: 'query', container: container.id, partitionKey };
  // A fresh iterator per attempt: a query iterator that failed keeps its error, so a retry must not reuse it.
  const response = await tracked(op, () =>
    container.items.query<T>(spec, { partitionKey, maxItemCount, continuationToken: sdkContinuation }).fetchNext(),
  );
  return { items: response.resources ?? [], sdkContinuation: response.continuationToken || undefined };
}

/** Every result of a query, page by page (each page is one counted store call). */
export async function queryAll<T>(
  container: Container,
  partitionKey: string | undefined,
  spec: SqlQuerySpec,
  pageSize = 1000,
): Promise<T[]> {
  const items: T[] = [];
  let continuation: string | undefined;
  do {
    const page = await queryOnePage<T>(container, partitionKey, spec, pageSize, continuation);
    items.push(...page.items);
    continuation = page.sdkContinuation;
  } while (continuation);
  return items;
}
