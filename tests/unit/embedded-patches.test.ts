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

  it('is linear: far below the shipped quadratic helper on the same 10,000 results', () => {
    // Timing ratio, not wall time, so a loaded machine slows both alike.
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: String(i), gone: undefined, n: [i, undefined] }));
    let started = performance.now();
    const out = stripUndefined(rows) as { id: string; n: number[] }[];
    const linear = performance.now() - started;
    started = performance.now();
    original(rows);
    const quadratic = performance.now() - started;
    expect(out[9_999]).toEqual({ id: '9999', n: [9_999] });
    expect(linear * 5).toBeLessThan(quadratic);
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
