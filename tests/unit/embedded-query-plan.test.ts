import { createRequire } from 'node:module';
import { planQuery } from '../../shared/store/embedded-query-plan';

/**
 * The embedded store's query plan (shared/store/embedded-query-plan.ts): which documents a query can return,
 * read from its syntax tree. Pure; the component test (tests/component/embedded-partition-index.test.ts) proves
 * the answers through the SDK.
 */
const engine = createRequire(require.resolve('@vercel/cosmosdb-server'))('@zeit/cosmosdb-query') as {
  default: (sql: string) => { ast: never; code: string };
};

describe('planQuery (pure)', () => {
  const plan = (sql: string, parameters: { name: string; value: unknown }[] = []) => {
    const q = engine.default(sql);
    return planQuery(q.ast, q.code, parameters);
  };

  it('reads point lookups from the top-level conjuncts only', () => {
    expect(
      plan("SELECT * FROM c WHERE c.organizationId = @pk AND (c.a IN ('x', 1)) AND (c.b = @b OR c.d = 'y')", [
        { name: '@pk', value: 'o1' },
        { name: '@b', value: true },
      ]),
    ).toEqual({
      conjuncts: [
        { path: 'organizationId', values: ['o1'] },
        { path: 'a', values: ['x', 1] },
        {
          anyOf: [
            { path: 'b', values: [true] },
            { path: 'd', values: ['y'] },
          ],
        },
      ],
      alias: 'c',
      order: [],
    });
    // An OR at the top escapes every conjunct; NOT, <, a joined alias and an object value bound nothing.
    expect(plan("SELECT * FROM c WHERE c.o = 'a' OR c.x > 1")?.conjuncts).toEqual([]);
    expect(plan("SELECT * FROM c WHERE NOT (c.o = 'a')")?.conjuncts).toEqual([]);
    expect(plan("SELECT c.id FROM c JOIN t IN c.tickets WHERE t.o = 'a'")?.conjuncts).toEqual([]);
    expect(plan('SELECT * FROM c WHERE c.o = @v', [{ name: '@v', value: { a: 1 } }])?.conjuncts).toEqual([]);
    expect(
      plan('SELECT * FROM c WHERE ARRAY_CONTAINS(@v, c.o, true)', [{ name: '@v', value: ['a'] }])?.conjuncts,
    ).toEqual([]);
    // A parameter not given matches nothing; `FROM root r` names the documents r.
    expect(plan('SELECT * FROM root r WHERE r.o.p = @missing')?.conjuncts).toEqual([{ path: 'o.p', values: [] }]);
    // An AND inside an OR keeps both sides (the index picks the smaller); an unbounded side is dropped.
    expect(plan("SELECT * FROM c WHERE (c.t = 'o' AND c.r = 1) OR (c.t = 'r' AND c.x > 2)")?.conjuncts).toEqual([
      {
        anyOf: [
          {
            allOf: [
              { path: 't', values: ['o'] },
              { path: 'r', values: [1] },
            ],
          },
          { path: 't', values: ['r'] },
        ],
      },
    ]);
  });

  it('resumes only what the engine orders by the documents alone', () => {
    expect(plan('SELECT c.id FROM c JOIN t IN c.tickets WHERE c.o = 1')?.order).toEqual([]);
    expect(plan('SELECT * FROM c WHERE c.o = 1 ORDER BY c.k.l DESC, c.id')?.order).toEqual([
      { path: 'k.l', descending: true },
      { path: 'id', descending: false },
    ]);
    expect(plan('SELECT * FROM c WHERE c.o = 1 ORDER BY c["k"]')?.order).toBeUndefined();
    expect(plan('SELECT TOP 3 * FROM c WHERE c.o = 1')?.order).toBeUndefined();
    expect(plan('SELECT VALUE COUNT(1) FROM c WHERE c.o = 1')?.order).toBeUndefined();
    expect(plan('SELECT * FROM c.tickets t')).toBeUndefined();
  });
});
