import { createRequire } from 'node:module';

/**
 * A fix for the embedded store only (never loaded on Azure, where Cosmos DB evaluates a patch condition on the
 * target document alone).
 *
 * `@vercel/cosmosdb-server` checks a conditional patch by running `SELECT * FROM c WHERE c.id = @id AND (cond)`
 * as a query, and every query starts from the WHOLE container (all partitions): each capacity reservation cost a
 * scan of every document stored. With 10,000 orders that check was about 40 % of the store's CPU under report-sold
 * (docs/performance.md). Here the same query runs over the documents with that id only, found through an id
 * index kept beside the server's own; its result is the same (the query keeps only that id anyway).
 *
 * Since stop 46 the partition index (installed after this one, so asked first) narrows every fan-out by its point
 * lookups, this check's `c.id = @id` included: this index answers it only with the partition index switched off
 * (`useEmbeddedQueryIndex(false)`: the bench's `BENCH_NO_INDEX=1` baseline and the tests' reference scans), where a
 * conditional patch must still not scan the container.
 */
export const CONDITION_CHECK_PREFIX = 'SELECT * FROM c WHERE c.id = @id AND (';

type Doc = { id: string; _rid: string };
type Params = { query: string; parameters?: { name: string; value: unknown }[] };
interface ServerItems {
  _data: Map<string, { read(): Doc }>;
  _parent: { read(): { indexingPolicy?: { compositeIndexes?: unknown } } | null };
  _item(keyPath: string, value: string, partition: unknown): { read(): Doc | undefined };
  _getQuery(sql: string): { exec(data: Doc[], options: Record<string, unknown>): unknown };
  _userDefinedFunctions(): unknown;
}

/**
 * The id the patch handler's condition check is about, or undefined for any other query. Only the handler's exact
 * shape qualifies: `c.id = @id` as a top-level conjunct (the condition wrapped in one pair of parentheses that
 * closes at the very end) and `@id` its only parameter.
 */
export function conditionCheckTarget(params: Params): string | undefined {
  const { query, parameters } = params;
  if (!query.startsWith(CONDITION_CHECK_PREFIX) || !query.endsWith(')')) return undefined;
  if (parameters?.length !== 1 || parameters[0].name !== '@id' || typeof parameters[0].value !== 'string') {
    return undefined;
  }
  let depth = 0;
  let quote: string | undefined;
  for (let i = CONDITION_CHECK_PREFIX.length - 1; i < query.length; i += 1) {
    const ch = query[i];
    if (quote) {
      if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth += 1;
    else if (ch === ')') {
      depth -= 1;
      // The opening parenthesis must close only at the end, or `c.id = @id` is not a conjunct of the whole.
      if (depth === 0 && i !== query.length - 1) return undefined;
    }
  }
  return depth === 0 && !quote ? parameters[0].value : undefined;
}

const idIndexes = new WeakMap<ServerItems, Map<string, Set<string>>>();

/** The container's id → document `_rid`s index, built by one scan on first use and kept by `_set` and `delete`. */
function idIndexOf(items: ServerItems): Map<string, Set<string>> {
  let index = idIndexes.get(items);
  if (!index) {
    index = new Map();
    for (const [rid, item] of items._data) addToIndex(index, item.read().id, rid);
    idIndexes.set(items, index);
  }
  return index;
}

function addToIndex(index: Map<string, Set<string>>, id: string, rid: string) {
  const rids = index.get(id) ?? new Set<string>();
  rids.add(rid);
  index.set(id, rids);
}

let applied = false;

/** Installs the id index and the narrowed condition check into the embedded server's own module (once). */
export function indexEmbeddedConditionChecks(): void {
  if (applied) return;
  const fromServer = createRequire(require.resolve('@vercel/cosmosdb-server'));
  const proto = (fromServer('./account/items') as { default: { prototype: ServerItems & Record<string, unknown> } })
    .default.prototype;
  type Method = (this: ServerItems, ...args: unknown[]) => unknown;
  const originalSet = proto._set as Method;
  const originalDelete = proto.delete as Method;
  const originalQuery = proto.query as Method;

  proto._set = function (this: ServerItems, data: Doc) {
    const result = originalSet.call(this, data);
    const index = idIndexes.get(this);
    if (index) addToIndex(index, data.id, data._rid);
    return result;
  };
  proto.delete = function (this: ServerItems, idOrRid: string, partition: unknown) {
    const doc = this._item('/id', idOrRid, partition).read();
    const result = originalDelete.call(this, idOrRid, partition);
    const rids = doc ? idIndexes.get(this)?.get(doc.id) : undefined;
    rids?.delete(doc!._rid);
    if (rids?.size === 0) idIndexes.get(this)!.delete(doc!.id);
    return result;
  };
  proto.query = function (this: ServerItems, params: Params, options: Record<string, unknown>) {
    const id = conditionCheckTarget(params);
    const parent = id === undefined ? undefined : this._parent.read();
    if (id === undefined || !parent) return originalQuery.call(this, params, options);
    const docs: Doc[] = [];
    for (const rid of idIndexOf(this).get(id) ?? []) {
      const doc = this._data.get(rid)?.read();
      if (doc) docs.push(doc);
    }
    // The options the server's own query passes, over the documents with that id only.
    return this._getQuery(params.query).exec(docs, {
      parameters: params.parameters,
      udf: this._userDefinedFunctions(),
      maxItemCount: options.maxItemCount,
      continuation: options.continuation,
      compositeIndexes: parent.indexingPolicy?.compositeIndexes ?? [],
    });
  };
  applied = true;
}
