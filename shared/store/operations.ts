import type { Container, ItemDefinition, PatchOperation, SqlQuerySpec } from '@azure/cosmos';
import { recordStoreCall } from '../request-context';
import { checkFault, type StoreOperation } from './faults';
import type { Stored } from './outcomes';

export type { Stored } from './outcomes';
export { isConflict, isNotFound, isPreconditionFailed, isUnavailable, withEtagRetry } from './outcomes';

/**
 * Every store call goes through `tracked`: it counts the call and its request charge for the
 * per-request budget (`x-store-ops`, `x-store-ru`) and lets a test inject a fault. Exported for the
 * adapter's own modules (the batch API); domain code calls its area's repository.
 */
export async function tracked<T extends { requestCharge?: number }>(
  op: StoreOperation,
  call: () => Promise<T>,
): Promise<T> {
  // One deadline for the whole call, throttling retries and their waits included: no retry starts past it.
  const ms = callDeadlineMs;
  const endsAt = ms ? Date.now() + ms : undefined;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await trackedOnce(op, call, endsAt === undefined ? undefined : { ms: ms!, endsAt });
    } catch (error) {
      const wait = throttledWaitMs(error, attempt);
      if (wait === undefined || (endsAt !== undefined && Date.now() + wait >= endsAt)) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function trackedOnce<T extends { requestCharge?: number }>(
  op: StoreOperation,
  call: () => Promise<T>,
  deadline: { ms: number; endsAt: number } | undefined,
) {
  await checkFault(op);
  try {
    const result = await (deadline ? withDeadline(op, call(), deadline) : call());
    recordStoreCall(result.requestCharge);
    return result;
  } catch (error) {
    recordStoreCall(0);
    throw error;
  }
}

let callDeadlineMs: number | undefined;

/**
 * The longest one store call may take, retries included (the real Cosmos DB client sets it; the embedded store has
 * none, so a slow test machine never turns into failures). Past it the call answers as unavailable (503).
 */
export function setStoreCallDeadline(ms: number | undefined): void {
  callDeadlineMs = ms;
}

/** Thrown when a store call outlives its deadline: code 408, which `isUnavailable` answers as 503. */
export class StoreDeadlineExceeded extends Error {
  readonly code = 408;
  constructor(op: StoreOperation, ms: number) {
    super(`Store ${op.kind} on ${op.container} took more than ${ms} ms`);
    this.name = 'StoreDeadlineExceeded';
  }
}

/** The attempt, or StoreDeadlineExceeded once the call's deadline (`endsAt`) passes. */
function withDeadline<T>(op: StoreOperation, pending: Promise<T>, deadline: { ms: number; endsAt: number }) {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StoreDeadlineExceeded(op, deadline.ms)),
      Math.max(0, deadline.endsAt - Date.now()),
    );
  });
  pending.catch(() => undefined); // a late failure of an abandoned call is not an unhandled rejection
  return Promise.race([pending, expired]).finally(() => clearTimeout(timer));
}

/** Attempts of one call when the store throttles it (429), this one included; the last 429 then answers 503. */
export const THROTTLE_ATTEMPTS = 3;
const MAX_THROTTLE_WAIT_MS = 2_000;

/**
 * How long to wait before trying a throttled call again, or undefined to give up. A 429 is never executed by the
 * store, so any call (an increment too) may be sent again. The SDK retries 429s itself first; one that still
 * escapes it (or one answered where the SDK does not retry) is tried again after the store's retry-after
 * (`retryAfterInMs`, else an exponential 50, 100 ms), capped so a request cannot hang.
 */
function throttledWaitMs(error: unknown, attempt: number): number | undefined {
  const { code, retryAfterInMs } = (error ?? {}) as { code?: unknown; retryAfterInMs?: unknown };
  if (code !== 429 || attempt >= THROTTLE_ATTEMPTS) return undefined;
  const given = typeof retryAfterInMs === 'number' && retryAfterInMs >= 0 ? retryAfterInMs : 25 * 2 ** attempt;
  return Math.min(given, MAX_THROTTLE_WAIT_MS);
}

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

export async function createItem<T extends ItemDefinition>(container: Container, doc: T): Promise<Stored<T>> {
  const op: StoreOperation = { kind: 'create', container: container.id, id: doc.id };
  const response = await tracked(op, () => container.items.create(doc));
  return stored<T>(response.resource);
}

export async function upsertItem<T extends ItemDefinition>(container: Container, doc: T): Promise<Stored<T>> {
  const op: StoreOperation = { kind: 'upsert', container: container.id, id: doc.id };
  const response = await tracked(op, () => container.items.upsert(doc));
  return stored<T>(response.resource);
}

/** Replace a document; with `ifMatch` the write only lands if nobody changed it since it was read (412 else). */
export async function replaceItem<T extends ItemDefinition>(
  container: Container,
  partitionKey: string,
  doc: T,
  ifMatch?: string,
): Promise<Stored<T>> {
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
