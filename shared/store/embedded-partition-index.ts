import { createRequire } from 'node:module';
import { planQuery, type QueryPlan } from './embedded-query-plan';
import {
  add,
  builtIndexOf,
  candidates,
  remove,
  type CompiledQuery,
  type Doc,
  type Options,
  type Params,
  type Result,
  type ServerItems,
} from './embedded-partition-sets';
import { orderedDocs, resumeIndex, type EngineHelpers } from './embedded-query-order';

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
 * 3. for a query whose order the documents decide (by `_rid` without ORDER BY, or an ORDER BY of document fields),
 *    the documents from the continuation's position on, a prefix at a time, until the page is full: the engine
 *    filters about a page, not every candidate before and after it (the candidates are kept in the query's order
 *    until the partition is next written, `embedded-query-order.ts`).
 * The engine still runs the whole query (WHERE, projection, paging) on what is read, so the answer is the one the
 * full scan gives (tests/component/embedded-partition-index.test.ts compares them). A query without a partition
 * key conjunct (a deliberate fan-out: auth/me's memberships, the patch handler's condition check) is narrowed the
 * same way over the whole container, as one more partition (`embedded-partition-sets.ts`, `wholeOf`); a fan-out
 * without a point lookup scans as before.
 */

let enabled = true;

/** Off: every query scans the container as the server does (the bench's before/after, the tests' reference). */
export function useEmbeddedQueryIndex(on: boolean): void {
  enabled = on;
}

let applied = false;

/** Installs the partition index and the resuming pages into the embedded server's own module (once). */
export function indexEmbeddedPartitions(): void {
  if (applied) return;
  const fromServer = createRequire(require.resolve('@vercel/cosmosdb-server'));
  const proto = (fromServer('./account/items') as { default: { prototype: ServerItems & Record<string, unknown> } })
    .default.prototype;
  const token = fromServer('@zeit/cosmosdb-query/lib/continuation-token') as { decode(t: string): { RID?: string } };
  const helpers = fromServer('@zeit/cosmosdb-query/lib/helpers') as EngineHelpers;
  type Method = (this: ServerItems, ...args: unknown[]) => unknown;
  const originalSet = proto._set as Method;
  const originalDelete = proto.delete as Method;
  const originalQuery = proto.query as Method;

  proto._set = function (this: ServerItems, data: Doc) {
    const partitions = builtIndexOf(this);
    // A replace stores under the same _rid after its delete; a rollback puts the old document back the same way.
    const result = originalSet.call(this, data);
    if (partitions) add(this, partitions, data);
    return result;
  };
  proto.delete = function (this: ServerItems, idOrRid: string, partition: unknown) {
    const doc = this._item('/id', idOrRid, partition).read();
    const result = originalDelete.call(this, idOrRid, partition);
    const partitions = builtIndexOf(this);
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
    const found = plan && candidates(this, plan);
    if (!plan || !found) return originalQuery.call(this, params, options);
    const compositeIndexes = parent.indexingPolicy?.compositeIndexes ?? [];
    const pageSize = options.maxItemCount ?? 0;
    const ordered = plan.order && pageSize > 0 ? { alias: plan.alias, order: plan.order } : undefined;
    let docs: Doc[] = [];
    let start = 0;
    try {
      if (found.partition) {
        const order = ordered ?? { alias: plan.alias, order: [] };
        docs = orderedDocs(this, found.partition, found.sets, order, helpers, compositeIndexes);
      }
      const continuation = options.continuation;
      if (ordered && continuation?.token) {
        start = resumeIndex(docs, ordered, helpers, continuation, token.decode(continuation.token).RID);
      }
    } catch {
      return originalQuery.call(this, params, options); // an ORDER BY the engine refuses: its own error
    }
    // The options the server's own query passes, over the partition's candidates only.
    const execOptions = {
      parameters: params.parameters,
      udf: this._userDefinedFunctions(),
      maxItemCount: options.maxItemCount,
      continuation: options.continuation,
      compositeIndexes,
    };
    try {
      return ordered ? resumePage(compiled, docs, start, pageSize, execOptions) : compiled.exec(docs, execOptions);
    } catch (err) {
      (err as { badRequest?: boolean }).badRequest = true; // as the server's own query marks an engine error
      throw err;
    }
  };
  applied = true;
}

/**
 * A page of a query whose order the documents decide, from `docs` in that order, from `start` (the
 * continuation's position) on: the engine runs on a growing prefix until it holds more than a page (so it names
 * the next page's first row, as over the whole) or is everything left. The rows are the first ones of the whole
 * in the same order, so the page and its continuation are the ones a full scan gives.
 */
function resumePage(
  compiled: CompiledQuery,
  docs: Doc[],
  start: number,
  pageSize: number,
  options: Record<string, unknown>,
): Result {
  let length = Math.max(2 * (pageSize + 1), 64);
  for (;;) {
    const end = Math.min(docs.length, start + length);
    const result = compiled.exec(docs.slice(start, end), options);
    if (result.continuation || end === docs.length) return result;
    length *= 4;
  }
}
