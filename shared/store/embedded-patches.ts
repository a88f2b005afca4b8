import { createRequire } from 'node:module';

/**
 * Two fixes for the embedded store only (never loaded on Azure, where the store is Cosmos DB itself).
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

/** Installs both fixes into the embedded server's own copy of the query engine (once per process). */
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
  applied = true;
}
