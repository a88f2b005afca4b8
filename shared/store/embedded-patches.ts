import { createRequire } from 'node:module';

/**
 * A fix for the embedded store only (never loaded on Azure, where the store is Cosmos DB itself).
 *
 * `@zeit/cosmosdb-query` 0.7.2, the query engine of the embedded server, strips `undefined` from every query
 * result with `reduce((o, v) => [...o, v], [])`: a copy of the whole array per element, so a page of n documents
 * costs n²/2 copies. A dashboard page of 10,000 documents spent seconds there and in the garbage collector. This
 * replaces that helper with a linear one of the same result (array elements that are `undefined` are dropped,
 * object fields that are `undefined` are left out, recursively); the engine reads the helper from its module
 * object at call time, so the compiled queries pick it up.
 */
export function stripUndefined(value: unknown): unknown {
  // Almost no stored document holds an undefined, and the server only serializes the result: such a value is
  // returned as it is, without the copy (and the garbage) of a rebuild.
  return holdsUndefined(value) ? withoutUndefined(value) : value;
}

function holdsUndefined(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => item === undefined || holdsUndefined(item));
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined || holdsUndefined(item)) return true;
    }
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

let applied = false;

/** Installs the linear helper into the embedded server's own copy of the query engine (once per process). */
export function patchEmbeddedQueryEngine(): void {
  if (applied) return;
  const fromServer = createRequire(require.resolve('@vercel/cosmosdb-server'));
  const helpers = fromServer('@zeit/cosmosdb-query/lib/helpers') as { stripUndefined: unknown };
  helpers.stripUndefined = stripUndefined;
  applied = true;
}
