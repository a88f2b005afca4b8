import { createRequire } from 'node:module';
import { isPrimitive, planQuery, valueAt, type Lookup, type Primitive, type QueryPlan } from './embedded-query-plan';

/**
 * A fix for the embedded store only (never loaded on Azure, where Cosmos DB serves a partition's query from its
 * own index and resumes a page from its continuation).
 *
 * `@vercel/cosmosdb-server` evaluates every query over the WHOLE container (every organization's documents), and
 * every page of a query again from the first document: a list of one organization with another's 10,000 orders in
 * the store read all 20,000 per request, and the fifth page of a dashboard read the container a fifth time
 * (docs/performance.md). Here a query reads only:
 * 1. its partition — the partition key is a top-level conjunct of every partition query (`shared/store/query.ts`
 *    writes it into the WHERE clause), found through an index of each container by partition key value;
 * 2. within it, the documents of its most selective point lookup (`c.status = @s`, `c.docType IN (...)`,
 *    `c.requestedBy = @m OR c.sellerId = @m`: `embedded-query-plan.ts`), through a per-partition index of that
 *    field built on the first query that asks for it and kept by every write from then on;
 * 3. for a query the engine pages by `_rid` alone, the documents from the continuation's `_rid` on, a prefix at a
 *    time, until the page is full: a page costs its own length, not the documents before it.
 * The engine still runs the whole query (WHERE, projection, paging) on what is read, so the answer is the one the
 * full scan gives (tests/component/embedded-partition-index.test.ts compares them). A query without a partition
 * key conjunct (a deliberate fan-out) scans as before.
 */

type Doc = { id: string; _rid: string };
type Params = { query: string; parameters?: { name: string; value: unknown }[] };
type Options = { maxItemCount?: number | null; continuation?: { token?: string } | null };
type Result = { result: unknown[]; continuation: unknown };
interface CompiledQuery {
  ast: { type: string; body: unknown };
  code: string;
  exec(data: Doc[], options: Record<string, unknown>): Result;
}
interface ServerItems {
  _data: Map<string, { read(): Doc | undefined }>;
  _parent: { read(): { indexingPolicy?: { compositeIndexes?: unknown } } | null };
  _item(keyPath: string, value: string, partition: unknown): { read(): Doc | undefined };
  _getQuery(sql: string): CompiledQuery;
  _getPartition(data: object): unknown;
  _getPartitionKeyPath(): string[];
  _userDefinedFunctions(): unknown;
}

interface Partition {
  rids: Set<string>;
  /** field path → value → `_rid`s, for the fields a query of this partition has looked up. */
  fields: Map<string, Map<Primitive, Set<string>>>;
}

const indexes = new WeakMap<ServerItems, Map<unknown, Partition>>();
let enabled = true;

/** Off: every query scans the container as the server does (the bench's before/after, the tests' reference). */
export function useEmbeddedQueryIndex(on: boolean): void {
  enabled = on;
}

function partitionsOf(items: ServerItems): Map<unknown, Partition> {
  let partitions = indexes.get(items);
  if (!partitions) {
    partitions = new Map();
    indexes.set(items, partitions);
    for (const item of items._data.values()) {
      const doc = item.read();
      if (doc) add(items, partitions, doc);
    }
  }
  return partitions;
}

function add(items: ServerItems, partitions: Map<unknown, Partition>, doc: Doc) {
  const key = items._getPartition(doc);
  let partition = partitions.get(key);
  if (!partition) partitions.set(key, (partition = { rids: new Set(), fields: new Map() }));
  partition.rids.add(doc._rid);
  for (const [path, values] of partition.fields) addValue(values, valueAt(doc, path), doc._rid);
}

function remove(items: ServerItems, partitions: Map<unknown, Partition>, doc: Doc) {
  const key = items._getPartition(doc);
  const partition = partitions.get(key);
  if (!partition) return;
  partition.rids.delete(doc._rid);
  for (const [path, values] of partition.fields) {
    const value = valueAt(doc, path);
    const rids = isPrimitive(value) ? values.get(value) : undefined;
    rids?.delete(doc._rid);
    if (rids?.size === 0) values.delete(value as Primitive);
  }
  if (partition.rids.size === 0) partitions.delete(key);
}

/** Only primitives are indexed: a point lookup's value is one, and `=` never holds between a primitive and an object. */
function addValue(values: Map<Primitive, Set<string>>, value: unknown, rid: string) {
  if (!isPrimitive(value)) return;
  let rids = values.get(value);
  if (!rids) values.set(value, (rids = new Set()));
  rids.add(rid);
}

function fieldIndex(items: ServerItems, partition: Partition, path: string): Map<Primitive, Set<string>> {
  let values = partition.fields.get(path);
  if (!values) {
    values = new Map();
    for (const rid of partition.rids) {
      const doc = items._data.get(rid)?.read();
      if (doc) addValue(values, valueAt(doc, path), rid);
    }
    partition.fields.set(path, values);
  }
  return values;
}

/** The `_rid`s the query can return, or undefined when it names no single partition (it scans as before). */
function candidates(items: ServerItems, plan: QueryPlan): Iterable<string> | undefined {
  const keyPath = items._getPartitionKeyPath().join('.');
  const byKey = plan.conjuncts.find((l) => 'path' in l && l.path === keyPath && l.values.length === 1);
  if (!byKey || !('path' in byKey)) return undefined;
  const partition = partitionsOf(items).get(byKey.values[0]);
  if (!partition) return [];
  const others = plan.conjuncts.filter((l) => l !== byKey);
  const { sets, size } = smallest(items, partition, { allOf: others });
  if (size >= partition.rids.size || !sets) return partition.rids;
  return sets.length === 1 ? sets[0] : new Set(sets.flatMap((s) => [...s]));
}

/**
 * The index sets whose union holds every document the lookup can be true for, and their total size (undefined
 * sets: no bound, the whole partition). An AND takes its smallest side, an OR the union of its sides.
 */
function smallest(
  items: ServerItems,
  partition: Partition,
  lookup: Lookup,
): { sets: Set<string>[] | undefined; size: number } {
  if ('path' in lookup) {
    const index = fieldIndex(items, partition, lookup.path);
    const sets = lookup.values.map((v) => index.get(v)).filter((s): s is Set<string> => s !== undefined);
    return { sets, size: sets.reduce((n, s) => n + s.size, 0) };
  }
  if ('anyOf' in lookup) {
    const sides = lookup.anyOf.map((side) => smallest(items, partition, side));
    if (sides.some((side) => !side.sets)) return { sets: undefined, size: Infinity };
    return { sets: sides.flatMap((side) => side.sets!), size: sides.reduce((n, side) => n + side.size, 0) };
  }
  let best: { sets: Set<string>[] | undefined; size: number } = { sets: undefined, size: Infinity };
  for (const side of lookup.allOf) {
    const found = smallest(items, partition, side);
    if (found.size < best.size) best = found;
  }
  return best;
}

const byRid = (a: Doc, b: Doc) => (a._rid < b._rid ? -1 : a._rid > b._rid ? 1 : 0);

let applied = false;

/** Installs the partition index and the resuming pages into the embedded server's own module (once). */
export function indexEmbeddedPartitions(): void {
  if (applied) return;
  const fromServer = createRequire(require.resolve('@vercel/cosmosdb-server'));
  const proto = (fromServer('./account/items') as { default: { prototype: ServerItems & Record<string, unknown> } })
    .default.prototype;
  const token = fromServer('@zeit/cosmosdb-query/lib/continuation-token') as { decode(t: string): { RID?: string } };
  type Method = (this: ServerItems, ...args: unknown[]) => unknown;
  const originalSet = proto._set as Method;
  const originalDelete = proto.delete as Method;
  const originalQuery = proto.query as Method;

  proto._set = function (this: ServerItems, data: Doc) {
    const partitions = indexes.get(this);
    // A replace stores under the same _rid after its delete; a rollback puts the old document back the same way.
    const result = originalSet.call(this, data);
    if (partitions) add(this, partitions, data);
    return result;
  };
  proto.delete = function (this: ServerItems, idOrRid: string, partition: unknown) {
    const doc = this._item('/id', idOrRid, partition).read();
    const result = originalDelete.call(this, idOrRid, partition);
    const partitions = indexes.get(this);
    if (doc && partitions) remove(this, partitions, doc);
    return result;
  };
  proto.query = function (this: ServerItems, params: Params, options: Options) {
    const parent = enabled ? this._parent.read() : null;
    if (!parent) return originalQuery.call(this, params, options);
    let compiled: CompiledQuery;
    let plan: QueryPlan | undefined;
    try {
      compiled = this._getQuery(params.query);
      plan = planQuery(compiled.ast, compiled.code, params.parameters);
    } catch {
      return originalQuery.call(this, params, options); // the server's own answer to a query it cannot parse
    }
    const rids = plan && candidates(this, plan);
    if (!plan || !rids) return originalQuery.call(this, params, options);
    const docs: Doc[] = [];
    const from = plan.resumable ? options.continuation?.token && token.decode(options.continuation.token).RID : '';
    for (const rid of rids) {
      const doc = this._data.get(rid)?.read();
      if (doc && (!from || doc._rid >= from)) docs.push(doc);
    }
    // The options the server's own query passes, over the partition's candidates only.
    const execOptions = {
      parameters: params.parameters,
      udf: this._userDefinedFunctions(),
      maxItemCount: options.maxItemCount,
      continuation: options.continuation,
      compositeIndexes: parent.indexingPolicy?.compositeIndexes ?? [],
    };
    try {
      const pageSize = options.maxItemCount ?? 0;
      if (!plan.resumable || pageSize <= 0) return compiled.exec(docs, execOptions);
      return resumePage(compiled, docs.sort(byRid), pageSize, execOptions);
    } catch (err) {
      (err as { badRequest?: boolean }).badRequest = true; // as the server's own query marks an engine error
      throw err;
    }
  };
  applied = true;
}

/**
 * A page of a query the engine orders by `_rid` alone, from `docs` sorted by `_rid` and starting at the
 * continuation's: the engine runs on a growing prefix until it holds more than a page (so it names the next
 * page's first row, as over the whole) or is everything left. The rows are the first ones of the whole in the
 * same order, so the page and its continuation are the ones a full scan gives.
 */
function resumePage(compiled: CompiledQuery, docs: Doc[], pageSize: number, options: Record<string, unknown>): Result {
  let length = Math.max(2 * (pageSize + 1), 64);
  for (;;) {
    const prefix = length >= docs.length ? docs : docs.slice(0, length);
    const result = compiled.exec(prefix, options);
    if (result.continuation || prefix === docs) return result;
    length *= 4;
  }
}
