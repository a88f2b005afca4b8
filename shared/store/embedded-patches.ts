import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { batchHandlerWithPatch } from './embedded-batch-patch';

/**
 * Fixes for the embedded store only (never loaded on Azure, where the store is Cosmos DB itself): the two below
 * for its query engine, and an all-or-nothing transactional batch (`installAtomicBatch`, further down).
 *
 * `@zeit/cosmosdb-query` 0.7.2, the query engine of the embedded server, builds arrays with
 * `reduce(($, x) => [...$, x], [])`: a copy of the whole array per element, n²/2 copies for n elements.
 * 1. Every query starts by scanning the WHOLE container that way (all partitions), so each query cost grew with
 *    the square of the documents stored: 12,000 documents made even `SELECT c.id` take ~0.6 s.
 * 2. Every result is stripped of `undefined` the same way, just before the server serializes it.
 * The first is fixed in the generated query code (the scan pushes instead of spreading), the second by a linear
 * helper that serializes to the same JSON (array elements that are `undefined` are dropped; object fields that
 * are `undefined` JSON leaves out by itself). The engine reads both at run time, so every compiled query picks them up.
 */
export function stripUndefined(value: unknown): unknown {
  // The server only serializes the result, and JSON already leaves out an object field that is undefined; only an
  // undefined array element (JSON would write null) must go. Results without one are returned as they are,
  // without the copy (and the garbage) of a rebuild.
  return holdsUndefinedElement(value) ? withoutUndefined(value) : value;
}

function holdsUndefinedElement(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => item === undefined || holdsUndefinedElement(item));
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value))
      if (holdsUndefinedElement((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) {
    const result: unknown[] = [];
    for (const item of value) if (item !== undefined) result.push(withoutUndefined(item));
    return result;
  }
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) result[key] = withoutUndefined(item);
    return result;
  }
  return value;
}

// The generated source scan: `$c.reduce(($, c) => typeof c !== "undefined" ? [...$, { c: c }] : $, [])`.
const SPREAD_OPEN = '? [...$, {';
const SPREAD_CLOSE = '}] : $, [])';

/**
 * The same scan with a push: `? ($.push({ c: c }), $) : $, [])`. Applied only when every opening has its closing
 * (the shape babel prints for this engine version); any other code is left exactly as generated.
 */
export function linearSourceScan(code: string): string {
  const opens = code.split(SPREAD_OPEN).length - 1;
  const closes = code.split(SPREAD_CLOSE).length - 1;
  if (opens === 0 || opens !== closes) return code;
  return code.split(SPREAD_OPEN).join('? ($.push({').split(SPREAD_CLOSE).join('}), $) : $, [])');
}

let applied = false;

/**
 * Installs the fixes into the embedded server's own module copies (the query engine, the batch handler; once per
 * process).
 */
export function patchEmbeddedQueryEngine(): void {
  if (applied) return;
  const fromServer = createRequire(require.resolve('@vercel/cosmosdb-server'));
  const helpers = fromServer('@zeit/cosmosdb-query/lib/helpers') as { stripUndefined: unknown };
  helpers.stripUndefined = stripUndefined;
  const engine = fromServer('@zeit/cosmosdb-query') as { default: (sql: string) => object };
  const queryPrototype = Object.getPrototypeOf(engine.default('SELECT * FROM c')) as object;
  const generated = Object.getOwnPropertyDescriptor(queryPrototype, 'code')?.get;
  if (generated) {
    Object.defineProperty(queryPrototype, 'code', {
      configurable: true,
      get(this: object) {
        return linearSourceScan(generated.call(this) as string);
      },
    });
  }
  installAtomicBatch(fromServer);
  applied = true;
}

/** The server's view of a container: only what a rollback touches (`lib/account/items.js`). */
interface EmbeddedDocuments {
  _ridCount: number;
  _getPartition(data: object): unknown;
  delete(id: string, partition: unknown): void;
  _set(data: object): object;
}
interface EmbeddedCollection {
  documents: EmbeddedDocuments;
  document(id: string, partition: unknown): { read(): object | undefined };
}
type BatchInput = { id?: string; partitionKey?: string; resourceBody?: { id?: string } };
type Operation = (collection: EmbeddedCollection, input: BatchInput) => { statusCode: number };
type Handler = (
  account: unknown,
  req: { headers: Record<string, unknown> },
  res: { statusCode: number },
  params: unknown,
) => Promise<unknown>;

/** What one write of the batch replaced: the document as it was (absent for a create), to put back. */
interface Undo {
  collection: EmbeddedCollection;
  id: string;
  partition: unknown;
  before: object | undefined;
  ridCount: number;
}

/** The writes of the atomic batch running in this async context; other requests run outside of it. */
const atomicBatch = new AsyncLocalStorage<Undo[]>();

const WRITES = ['createOperation', 'replaceOperation', 'upsertOperation', 'deleteOperation', 'patchOperation'];
/** A read changes nothing, but a failing one fails the batch on Cosmos DB like any other operation. */
const OPERATIONS = [...WRITES, 'readOperation'];

/**
 * Puts every document an atomic batch changed back as it was: a created one is removed, a replaced or deleted one
 * returns with its old `_rid`, `_etag` and `_ts` (the stored object itself, which the server never mutates: a
 * replace stores a new object), newest change first so a document written twice ends as before the first write.
 */
function undoWrites(undo: Undo[]): void {
  for (const step of undo.reverse()) {
    if (step.collection.document(step.id, step.partition).read())
      step.collection.documents.delete(step.id, step.partition);
    if (step.before) step.collection.documents._set(step.before);
    step.collection.documents._ridCount = step.ridCount;
  }
}

/**
 * A Cosmos DB transactional batch is all-or-nothing; the embedded server's (`lib/handler/batch-documents.js`)
 * runs its operations one by one and leaves the writes before a failing one in place. Its handler is wrapped so
 * that an atomic batch (the SDK's `items.batch`; not bulk, which is not atomic on Cosmos either) records the
 * document each write is about to change, and the moment one operation fails (or throws), puts them all back.
 * A request the server refuses as a whole (an operation type it does not support) is undone when it returns.
 * The rollback runs inside the handler's own synchronous loop over the operations, so no other request sees the
 * half-written state or writes in between. The response is the server's unchanged: the failing operation's
 * status and 424 for the ones after it.
 */
function installAtomicBatch(fromServer: NodeRequire): void {
  const operations = fromServer('./handler/_document-operations') as Record<string, Operation>;
  const batchHandler = (fromServer('./handler/batch-documents') as { default: Handler }).default;
  const { parsePartitionKey } = fromServer('./utils/get-partition-from-header') as {
    parsePartitionKey: (header: string | undefined, id: string) => unknown;
  };
  const patches = fromServer('./handler/_patch-operations') as Record<string, Operation>;
  const modules = [
    ...OPERATIONS.map((name) => ({ module: operations, name })),
    { module: patches, name: 'patchOperation' },
  ];
  for (const { module, name } of modules) {
    const write = module[name]!;
    module[name] = (collection, input) => {
      const undo = atomicBatch.getStore();
      if (!undo) return write(collection, input);
      const id = input.id ?? input.resourceBody?.id;
      let step: Undo | undefined;
      try {
        if (id && WRITES.includes(name)) {
          // A create or upsert is stored under the partition its body names (the server never reads the
          // operation's key for them); a replace or delete finds its document by the operation's key.
          const partition =
            input.resourceBody && (name === 'createOperation' || name === 'upsertOperation')
              ? collection.documents._getPartition(input.resourceBody)
              : parsePartitionKey(input.partitionKey, id);
          const before = collection.document(id, partition).read();
          step = { collection, id, partition, before, ridCount: collection.documents._ridCount };
        }
        const result = write(collection, input);
        if (result.statusCode >= 400) undoWrites(undo.splice(0));
        else if (step) undo.push(step);
        return result;
      } catch (error) {
        undoWrites(undo.splice(0));
        throw error;
      }
    };
  }
  // The route table captured the handler when it loaded, but the server looks the table up on every request.
  const routes = fromServer('./routes') as {
    default: (req: unknown) => [unknown, Handler] | undefined;
  };
  const route = routes.default;
  // The server's loop with Patch added (embedded-batch-patch.ts): a counter moves in the batch of its sale.
  const withPatch = batchHandlerWithPatch(fromServer);
  const atomic: Handler = (account, req, res, params) =>
    isTrue(req.headers['x-ms-cosmos-batch-atomic']) && !isTrue(req.headers['x-ms-cosmos-batch-continue-on-error'])
      ? atomically(() => withPatch(account, req, res, params), res)
      : withPatch(account, req, res, params);
  routes.default = (req) => {
    const found = route(req);
    return found && found[1] === batchHandler ? [found[0], atomic] : found;
  };
}

function atomically(handle: () => Promise<unknown>, res: { statusCode: number }): Promise<unknown> {
  const undo: Undo[] = [];
  return atomicBatch.run(undo, async () => {
    try {
      const body = await handle();
      if (res.statusCode >= 400) undoWrites(undo.splice(0));
      return body;
    } catch (error) {
      undoWrites(undo.splice(0));
      throw error;
    }
  });
}

function isTrue(header: unknown): boolean {
  return (Array.isArray(header) ? header : [header]).some((h) => String(h).toLowerCase() === 'true');
}
