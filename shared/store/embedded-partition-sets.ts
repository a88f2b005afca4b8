import { isPrimitive, valueAt, type Lookup, type Primitive, type QueryPlan } from './embedded-query-plan';

/**
 * The embedded store's partition index (for the embedded store only; `embedded-partition-index.ts` installs it):
 * per container, per partition key value, the partition's `_rid`s, the field indexes its queries asked for, and
 * the candidate lists in `_rid` order that let the next page of a query start where the last one ended.
 */
export type Doc = { id: string; _rid: string };
export type Params = { query: string; parameters?: { name: string; value: unknown }[] };
export type Options = { maxItemCount?: number | null; continuation?: { token?: string } | null };
export type Result = { result: unknown[]; continuation: unknown };
export interface CompiledQuery {
  ast: { type: string; body: unknown };
  code: string;
  exec(data: Doc[], options: Record<string, unknown>): Result;
}
export interface ServerItems {
  _data: Map<string, { read(): Doc | undefined }>;
  _parent: { read(): { indexingPolicy?: { compositeIndexes?: unknown } } | null };
  _item(keyPath: string, value: string, partition: unknown): { read(): Doc | undefined };
  _getQuery(sql: string): CompiledQuery;
  _getPartition(data: object): unknown;
  _getPartitionKeyPath(): string[];
  _userDefinedFunctions(): unknown;
}

export interface Partition {
  rids: Set<string>;
  /** field path → value → `_rid`s, for the fields a query of this partition has looked up. */
  fields: Map<string, Map<Primitive, Set<string>>>;
  /** Moves on every write to the partition: the sorted candidate lists below are of one version. */
  version: number;
  /** Candidate documents in a query's order per candidate set (`embedded-query-order.ts`), until the next write. */
  sorted: Map<string, { version: number; docs: Doc[] }>;
}

const indexes = new WeakMap<ServerItems, Map<unknown, Partition>>();
/** Every document of a container as one set, for a query that names no partition (a deliberate fan-out). */
const wholes = new WeakMap<ServerItems, Partition>();

/** The container's index if a query has built it (writes before that need no upkeep). */
export const builtIndexOf = (items: ServerItems) => indexes.get(items);

const emptyPartition = (): Partition => ({ rids: new Set(), fields: new Map(), version: 0, sorted: new Map() });

/**
 * The whole container as one partition: a fan-out query (`auth/me`'s memberships of a person across organizations,
 * the organizations by id) is narrowed by its point lookups as a partition's query is, by field indexes over every
 * document, built on the first such query and kept by every write from then on.
 */
function wholeOf(items: ServerItems): Partition {
  let whole = wholes.get(items);
  if (!whole) {
    partitionsOf(items); // writes keep both from here on (`add`, `remove`)
    whole = emptyPartition();
    for (const item of items._data.values()) {
      const doc = item.read();
      if (doc) addTo(whole, doc);
    }
    wholes.set(items, whole);
  }
  return whole;
}

export function partitionsOf(items: ServerItems): Map<unknown, Partition> {
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

export function add(items: ServerItems, partitions: Map<unknown, Partition>, doc: Doc) {
  const key = items._getPartition(doc);
  let partition = partitions.get(key);
  if (!partition) partitions.set(key, (partition = emptyPartition()));
  addTo(partition, doc);
  const whole = wholes.get(items);
  if (whole) addTo(whole, doc);
}

function addTo(partition: Partition, doc: Doc) {
  partition.version += 1;
  partition.sorted.clear(); // lists of the old version would only hold replaced documents in memory
  partition.rids.add(doc._rid);
  for (const [path, values] of partition.fields) addValue(values, valueAt(doc, path), doc._rid);
}

export function remove(items: ServerItems, partitions: Map<unknown, Partition>, doc: Doc) {
  const whole = wholes.get(items);
  if (whole) removeFrom(whole, doc);
  const key = items._getPartition(doc);
  const partition = partitions.get(key);
  if (!partition) return;
  removeFrom(partition, doc);
  if (partition.rids.size === 0) partitions.delete(key);
}

function removeFrom(partition: Partition, doc: Doc) {
  partition.version += 1;
  partition.sorted.clear(); // lists of the old version would only hold replaced documents in memory
  partition.rids.delete(doc._rid);
  for (const [path, values] of partition.fields) {
    const value = valueAt(doc, path);
    const rids = isPrimitive(value) ? values.get(value) : undefined;
    rids?.delete(doc._rid);
    if (rids?.size === 0) values.delete(value as Primitive);
  }
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

/**
 * The sets of `_rid`s whose union holds every document the query can return, in the partition it names or, for a
 * query that names no single partition, in the whole container; undefined when no lookup narrows a fan-out (it
 * scans as before).
 */
export function candidates(
  items: ServerItems,
  plan: QueryPlan,
): { partition?: Partition; sets: Set<string>[] } | undefined {
  const keyPath = items._getPartitionKeyPath().join('.');
  const byKey = plan.conjuncts.find((l) => 'path' in l && l.path === keyPath && l.values.length === 1);
  if (!byKey || !('path' in byKey)) {
    if (plan.conjuncts.length === 0) return undefined;
    const whole = wholeOf(items);
    const { sets, size } = smallest(items, whole, { allOf: plan.conjuncts });
    return sets && size < whole.rids.size ? { partition: whole, sets } : undefined;
  }
  const partition = partitionsOf(items).get(byKey.values[0]);
  if (!partition) return { sets: [] };
  const others = plan.conjuncts.filter((l) => l !== byKey);
  const { sets, size } = smallest(items, partition, { allOf: others });
  return { partition, sets: !sets || size >= partition.rids.size ? [partition.rids] : sets };
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
