import type { Doc, Partition, ServerItems } from './embedded-partition-sets';
import type { QueryPlan } from './embedded-query-plan';

/**
 * For the embedded store only (`embedded-partition-index.ts`): a query's candidate documents in the order the
 * engine returns its rows, and where the page a continuation names starts among them. Both use the engine's own
 * sort and paging helpers (`@zeit/cosmosdb-query/lib/helpers`), so the order and the resume position are the
 * engine's to the letter: the same comparisons, the same `_rid` tie-break, the same treatment of a missing field.
 */
type Row = Record<string, Doc>;
type Order = [string[], boolean];
export interface EngineHelpers {
  sort(rows: Row[], getRid: (row: Row) => string, compositeIndexes: unknown, ...orders: Order[]): Row[];
  paginate(
    rows: [unknown, Row][],
    maxItemCount: number,
    continuation: unknown,
    getRid: (row: Row) => string,
    ...orders: Order[]
  ): { result: unknown[] };
}
type Ordered = Pick<QueryPlan, 'alias'> & { order: NonNullable<QueryPlan['order']> };

const setIds = new WeakMap<Set<string>, number>();
let nextSetId = 0;
const idOf = (set: Set<string>) => setIds.get(set) ?? (setIds.set(set, ++nextSetId), nextSetId);
/** Lists kept per partition (each an array of references to stored documents); all dropped beyond that. */
const LISTS_KEPT = 32;

const ordersOf = (plan: Ordered): Order[] =>
  plan.order.map(({ path, descending }) => [[plan.alias, ...path.split('.')], descending]);

/**
 * The documents of the candidate sets in the query's order (`_rid` order without ORDER BY), built once per
 * version of the partition and reused by the next page and the next caller of the same query. An ORDER BY of
 * one field leaves out the documents without it, as the engine does.
 */
export function orderedDocs(
  items: ServerItems,
  partition: Partition,
  sets: Set<string>[],
  plan: Ordered,
  helpers: EngineHelpers,
  compositeIndexes: unknown,
): Doc[] {
  const key = `${sets.map(idOf).join(',')}|${JSON.stringify(plan.order)}`;
  const kept = partition.sorted.get(key);
  if (kept?.version === partition.version) return kept.docs;
  const rids = sets.length === 1 ? sets[0] : new Set(sets.flatMap((set) => [...set]));
  const rows: Row[] = [];
  for (const rid of rids) {
    const doc = items._data.get(rid)?.read();
    if (doc) rows.push({ [plan.alias]: doc });
  }
  const sorted = helpers.sort(rows, (row) => row[plan.alias]._rid, compositeIndexes, ...ordersOf(plan));
  const docs = sorted.map((row) => row[plan.alias]);
  if (partition.sorted.size >= LISTS_KEPT) partition.sorted.clear();
  partition.sorted.set(key, { version: partition.version, docs });
  return docs;
}

/**
 * Where the continuation's page starts in `docs` (ordered as above): every document before it is one the
 * engine's own paging skips. The engine's resume test runs once per document (its `_rid` and order values
 * only, no WHERE); a document whose `_rid` the token names stays in (with a join, its first rows may be on the
 * page before and the engine skips them itself).
 */
export function resumeIndex(
  docs: Doc[],
  plan: Ordered,
  helpers: EngineHelpers,
  continuation: { token?: string },
  rid: string | undefined,
): number {
  if (plan.order.length === 0 && rid !== undefined) return lowerBound(docs, rid);
  const getRid = (row: Row) => row[plan.alias]._rid;
  const rows = docs.map((doc): [unknown, Row] => [0, { [plan.alias]: doc }]);
  let start = docs.length - helpers.paginate(rows, 0, continuation, getRid, ...ordersOf(plan)).result.length;
  while (start > 0 && docs[start - 1]._rid === rid) start -= 1;
  return start;
}

/** In `_rid` order (no ORDER BY): the first document whose `_rid` is not below the token's (compared as strings, as the engine does). */
function lowerBound(docs: Doc[], rid: string): number {
  let low = 0;
  let high = docs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (docs[middle]._rid < rid) low = middle + 1;
    else high = middle;
  }
  return low;
}
