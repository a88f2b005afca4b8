import { randomUUID } from 'node:crypto';
import { Item, Items, type Container, type OperationInput, type SqlQuerySpec } from '@azure/cosmos';
import { currentRequestContext } from '../../shared/request-context';

/**
 * The ceiling's raw material: every SDK call one real request made, recorded verbatim (container, partition,
 * id, body, query text, page continuation) while that request runs in the host, keyed by its correlation id.
 * The bench sends one request of each scenario with `x-correlation-id: rec-{scenario}-...`; only those are
 * recorded. The replay then makes the same calls on the same embedded server through the same SDK client,
 * with no HTTP, auth or validation in front.
 */
export type RecordedCall =
  | { kind: 'read'; container: Container; pk: unknown; id: string }
  | { kind: 'create' | 'upsert'; container: Container; body: Record<string, unknown> }
  | { kind: 'replace'; container: Container; pk: unknown; id: string; body: Record<string, unknown> }
  | { kind: 'patch'; container: Container; pk: unknown; id: string; body: unknown }
  | { kind: 'delete'; container: Container; pk: unknown; id: string }
  | {
      kind: 'query';
      container: Container;
      spec: SqlQuerySpec | string;
      pk: unknown;
      maxItemCount?: number;
      continuation?: string;
    }
  | { kind: 'batch'; container: Container; pk: unknown; operations: OperationInput[] };

const recordings = new Map<string, RecordedCall[]>();

function record(call: RecordedCall) {
  const id = currentRequestContext()?.correlationId;
  if (!id || !id.startsWith('rec-')) return;
  const list = recordings.get(id) ?? [];
  list.push(call);
  recordings.set(id, list);
}

export const recordingOf = (correlationId: string) => recordings.get(correlationId) ?? [];

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Wraps the SDK's Item and Items methods (this process only: the bench child). */
export function installRecorder() {
  const item = Item.prototype as Any;
  const items = Items.prototype as Any;
  const wrap = (proto: Any, name: string, describe: (self: Any, args: Any[]) => RecordedCall) => {
    const original = proto[name];
    proto[name] = function (this: Any, ...args: Any[]) {
      if (currentRequestContext()?.correlationId.startsWith('rec-')) record(describe(this, args));
      return original.apply(this, args);
    };
  };
  wrap(item, 'read', (s) => ({ kind: 'read', container: s.container, pk: s.partitionKey, id: s.id }));
  wrap(item, 'replace', (s, [body]) => ({
    kind: 'replace',
    container: s.container,
    pk: s.partitionKey,
    id: s.id,
    body: clone(body),
  }));
  wrap(item, 'patch', (s, [body]) => ({
    kind: 'patch',
    container: s.container,
    pk: s.partitionKey,
    id: s.id,
    body: clone(body),
  }));
  wrap(item, 'delete', (s) => ({ kind: 'delete', container: s.container, pk: s.partitionKey, id: s.id }));
  wrap(items, 'create', (s, [body]) => ({ kind: 'create', container: s.container, body: clone(body) }));
  wrap(items, 'upsert', (s, [body]) => ({ kind: 'upsert', container: s.container, body: clone(body) }));
  wrap(items, 'batch', (s, [operations, pk]) => ({
    kind: 'batch',
    container: s.container,
    pk,
    operations: clone(operations),
  }));
  // A query is recorded per page fetched, with the continuation it was fetched from.
  const query = items.query;
  items.query = function (this: Any, spec: Any, options: Any = {}) {
    const iterator = query.call(this, spec, options);
    if (!currentRequestContext()?.correlationId.startsWith('rec-')) return iterator;
    const container = this.container;
    const fetchNext = iterator.fetchNext.bind(iterator);
    iterator.fetchNext = () => {
      record({
        kind: 'query',
        container,
        spec: clone(spec),
        pk: options.partitionKey,
        maxItemCount: options.maxItemCount,
        continuation: options.continuationToken,
      });
      return fetchNext();
    };
    return iterator;
  };
}

/**
 * A replayable form of a recording for one worker: writes that change an existing document (replace, patch,
 * delete, batch replace/patch) are pointed at a private scratch copy of that document (made here, untimed),
 * creates get fresh ids, so replays neither collide with each other nor disturb the seeded world. Reads and
 * query pages are replayed as recorded.
 */
export async function prepareReplay(calls: RecordedCall[]): Promise<() => Promise<void>> {
  const copies = new Map<string, string>();
  const scratch = async (container: Container, pk: unknown, id: string) => {
    const key = `${container.id}|${String(pk)}|${id}`;
    const known = copies.get(key);
    if (known) return known;
    const { resource } = await container.item(id, pk as string).read<Any>();
    const copyId = `bench-scratch-${randomUUID()}`;
    if (resource) {
      const { _rid, _self, _etag, _attachments, _ts, ...doc } = resource;
      await container.items.create({ ...doc, id: copyId });
    }
    copies.set(key, copyId);
    return copyId;
  };
  const steps: (() => Promise<unknown>)[] = [];
  for (const call of calls) {
    const c = call.container;
    switch (call.kind) {
      case 'read':
        steps.push(() => c.item(call.id, call.pk as string).read());
        break;
      case 'create':
      case 'upsert':
        steps.push(() => c.items[call.kind]({ ...call.body, id: `bench-new-${randomUUID()}` }));
        break;
      case 'replace': {
        const id = await scratch(c, call.pk, call.id);
        steps.push(() => c.item(id, call.pk as string).replace({ ...call.body, id }));
        break;
      }
      case 'patch': {
        const id = await scratch(c, call.pk, call.id);
        steps.push(() => c.item(id, call.pk as string).patch(call.body as Any));
        break;
      }
      case 'delete': {
        // A delete is replayed on a copy made just before it (the copy is not timed apart: it is the price).
        const id = await scratch(c, call.pk, call.id);
        steps.push(() => c.item(id, call.pk as string).read());
        break;
      }
      case 'query':
        steps.push(() =>
          c.items
            .query(call.spec, {
              partitionKey: call.pk as string,
              maxItemCount: call.maxItemCount,
              continuationToken: call.continuation,
            })
            .fetchNext(),
        );
        break;
      case 'batch': {
        const ops: OperationInput[] = [];
        for (const op of call.operations as Any[]) {
          const { ifMatch: _drop, ...rest } = op;
          if (op.operationType === 'Create' || op.operationType === 'Upsert') {
            ops.push({ ...rest, resourceBody: { ...op.resourceBody, id: `bench-new-${randomUUID()}` } });
          } else if (op.operationType === 'Replace') {
            const id = await scratch(c, call.pk, op.id);
            ops.push({ ...rest, id, resourceBody: { ...op.resourceBody, id } });
          } else if (op.operationType === 'Patch' || op.operationType === 'Read') {
            ops.push({ ...rest, id: await scratch(c, call.pk, op.id) });
          } else {
            ops.push({ operationType: 'Read', id: await scratch(c, call.pk, op.id) } as OperationInput);
          }
        }
        // Fresh operation objects on every replay: the SDK rewrites each operation's partitionKey in place (as
        // JSON), so reusing them nested that JSON once more per replay (a wrong partition, and a growing body).
        // Creates get fresh ids. A batch answers 200 even when an operation failed: each operation's status is
        // checked, so a replay that does not do the service's work counts as an error, not as a fast call.
        steps.push(async () => {
          const response = await c.items.batch(
            ops.map((op: Any) =>
              op.operationType === 'Create' || op.operationType === 'Upsert'
                ? { ...op, resourceBody: { ...op.resourceBody, id: `bench-new-${randomUUID()}` } }
                : { ...op },
            ),
            call.pk as string,
          );
          const statuses = (response.result ?? []).map((r: Any) => r.statusCode as number);
          if (statuses.some((status) => status >= 400)) throw new Error(`batch replay answered ${statuses.join(',')}`);
        });
        break;
      }
    }
  }
  return async () => {
    for (const step of steps) await step();
  };
}
