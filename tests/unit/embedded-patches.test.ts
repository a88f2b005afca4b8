import { createRequire } from 'node:module';
import fc from 'fast-check';
import { linearSourceScan, patchEmbeddedQueryEngine, stripUndefined } from '../../shared/store/embedded-patches';

// The engine's own helper, as shipped: the linear replacement must mean exactly the same.
const original = (
  createRequire(require.resolve('@vercel/cosmosdb-server'))('@zeit/cosmosdb-query/lib/helpers') as {
    stripUndefined: (v: unknown) => unknown;
  }
).stripUndefined;

describe('embedded store: linear stripUndefined', () => {
  it('serializes to what the shipped helper gives, on any JSON-like value with undefined holes', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.constant(undefined),
        fc.constant(null),
        fc.integer(),
        fc.string(),
        fc.boolean(),
        fc.array(tie('node'), { maxLength: 5 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    // The server only JSON-serializes the result: that is the meaning to keep.
    fc.assert(
      fc.property(value, (v) => expect(JSON.stringify(stripUndefined(v))).toEqual(JSON.stringify(original(v)))),
    );
  });

  /**
   * The operations a helper spends on a result of n rows, counted (a loaded machine cannot change a count): every
   * property read of the result (through a proxy) and every element any array iteration steps over (spreads and
   * for-of included, through a counting Array iterator) while the helper runs.
   */
  function operationsOf(helper: (v: unknown) => unknown, n: number): number {
    let operations = 0;
    const counted = (value: unknown): unknown =>
      value !== null && typeof value === 'object'
        ? new Proxy(value as object, {
            get(target, key, receiver) {
              operations += 1;
              return counted(Reflect.get(target, key, receiver));
            },
          })
        : value;
    const rows = Array.from({ length: n }, (_, i) => ({ id: String(i), gone: undefined, n: [i, undefined] }));
    const input = counted(rows);
    const iterate = Array.prototype[Symbol.iterator];
    const counting = function* (this: unknown[]) {
      for (let i = 0; i < this.length; i += 1) {
        operations += 1;
        yield this[i];
      }
    };
    Array.prototype[Symbol.iterator] = counting as unknown as typeof iterate;
    let out: { id: string; n: number[] }[];
    try {
      out = helper(input) as { id: string; n: number[] }[];
    } finally {
      Array.prototype[Symbol.iterator] = iterate;
    }
    expect(JSON.parse(JSON.stringify(out[n - 1]))).toEqual({ id: String(n - 1), n: [n - 1] });
    return operations;
  }

  it('is linear: ten times the rows cost ten times the operations (the shipped helper: a hundred times)', () => {
    const growth = (helper: (v: unknown) => unknown, n: number) =>
      operationsOf(helper, 10 * n) / operationsOf(helper, n);
    expect(growth(stripUndefined, 1_000)).toBeGreaterThan(9);
    expect(growth(stripUndefined, 1_000)).toBeLessThan(11);
    expect(operationsOf(stripUndefined, 10_000) / 10_000).toBeLessThan(40);
    // The same count catches the quadratic shape: the shipped helper copies its accumulator per element.
    expect(growth(original, 200)).toBeGreaterThan(50);
  });
});

describe('embedded store: linear container scan', () => {
  const engine = createRequire(require.resolve('@vercel/cosmosdb-server'))('@zeit/cosmosdb-query') as {
    default: (sql: string) => { code: string; exec: (docs: unknown[], options: unknown) => { result: unknown[] } };
  };
  const docs = Array.from({ length: 50 }, (_, i) => ({
    id: `d${i}`,
    _rid: `r${String(i).padStart(3, '0')}`,
    pk: i % 3 === 0 ? 'a' : 'b',
    n: i,
    tags: i % 4 === 0 ? ['x', 'y'] : [],
  }));
  const queries = [
    "SELECT * FROM c WHERE c.pk = 'a' ORDER BY c.n DESC",
    'SELECT c.id, c.n FROM c WHERE c.n > 10',
    'SELECT VALUE COUNT(1) FROM c',
    'SELECT c.id, t FROM c JOIN t IN c.tags',
    'SELECT TOP 3 c.id FROM c',
  ];

  it('rewrites the generated scan to push and gives the same results as the generated code', () => {
    const before = queries.map((sql) => engine.default(sql).exec(docs, {}).result);
    patchEmbeddedQueryEngine();
    for (const [i, sql] of queries.entries()) {
      const query = engine.default(sql);
      expect(query.code).not.toContain('[...$, {');
      expect(query.exec(docs, {}).result).toEqual(before[i]);
    }
  });

  it('leaves code it does not recognize exactly as generated', () => {
    expect(linearSourceScan('x => [...$, y]')).toBe('x => [...$, y]');
  });
});
