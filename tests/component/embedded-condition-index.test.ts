import { createRequire } from 'node:module';
import { CONDITION_CHECK_PREFIX, conditionCheckTarget } from '../../shared/store/embedded-condition-index';
import { containers } from '../../shared/store/client';
import { TestHost } from '../helpers/harness';

/**
 * The embedded store's conditional patch, checked over the documents with the target id only (not the whole
 * container). Through the real SDK on the embedded server: same answers as before, on a fraction of the documents.
 */
const check = (cond: string, parameters: { name: string; value: unknown }[] = [{ name: '@id', value: 'x' }]) => ({
  query: `${CONDITION_CHECK_PREFIX}${cond})`,
  parameters,
});

describe('conditionCheckTarget (pure)', () => {
  it("names the id of the patch handler's own condition-check shape", () => {
    expect(conditionCheckTarget(check('c.sold + 1 <= c.capacity'))).toBe('x');
    expect(conditionCheckTarget(check("c.status = 'a(b'"))).toBe('x');
    expect(conditionCheckTarget(check('(c.a = 1) and (c.b = 2)'))).toBe('x');
  });

  it('refuses every other query: c.id = @id not a conjunct of the whole, other parameters, other text', () => {
    // `c.id = @id AND (a) OR (b)`: the OR escapes the conjunct.
    expect(
      conditionCheckTarget({
        query: `${CONDITION_CHECK_PREFIX}c.a = 1) or (c.b = 2)`,
        parameters: [{ name: '@id', value: 'x' }],
      }),
    ).toBeUndefined();
    expect(
      conditionCheckTarget(
        check('c.a = 1', [
          { name: '@id', value: 'x' },
          { name: '@n', value: 1 },
        ]),
      ),
    ).toBeUndefined();
    expect(conditionCheckTarget(check('c.a = 1', [{ name: '@other', value: 'x' }]))).toBeUndefined();
    expect(conditionCheckTarget(check('c.a = 1', []))).toBeUndefined();
    expect(
      conditionCheckTarget({ query: 'SELECT * FROM c WHERE c.id = @id', parameters: [{ name: '@id', value: 'x' }] }),
    ).toBeUndefined();
    expect(
      conditionCheckTarget({ query: `${CONDITION_CHECK_PREFIX}c.a = ')'`, parameters: [{ name: '@id', value: 'x' }] }),
    ).toBeUndefined();
  });
});

describe('embedded store: conditional patch over the target id only', () => {
  let api: TestHost;
  // Every document list the query engine is handed, to prove the check no longer sees the container.
  const scanned: number[] = [];
  let restore: () => void;
  beforeAll(async () => {
    api = await TestHost.start();
    const engine = createRequire(require.resolve('@vercel/cosmosdb-server'))('@zeit/cosmosdb-query') as {
      default: (sql: string) => object;
    };
    const proto = Object.getPrototypeOf(engine.default('SELECT * FROM c')) as {
      exec: (d: unknown[], o: unknown) => unknown;
    };
    const exec = proto.exec;
    proto.exec = function (this: unknown, docs: unknown[], options: unknown) {
      scanned.push(docs.length);
      return exec.call(this, docs, options);
    };
    restore = () => (proto.exec = exec);
  });
  afterAll(async () => {
    restore();
    await api.close();
  });

  const pk = 'org-condition-index';
  const patchIfRoom = (id: string, partition = pk) =>
    containers()
      .orgs.item(id, partition)
      .patch({
        condition: 'from c where c.sold + 1 <= c.capacity',
        operations: [{ op: 'incr', path: '/sold', value: 1 }],
      })
      .then(
        (r) => r.statusCode,
        (e: { code?: number }) => e.code,
      );

  it('gives the same answers (200 while there is room, then 412) and scans one document, not the container', async () => {
    const orgs = containers().orgs;
    for (let i = 0; i < 300; i += 1) await orgs.items.create({ id: `filler-${i}`, organizationId: pk });
    await orgs.items.create({ id: 'counter-a', organizationId: pk, sold: 0, capacity: 2 });
    scanned.length = 0;
    expect(await patchIfRoom('counter-a')).toBe(200);
    expect(await patchIfRoom('counter-a')).toBe(200);
    expect(await patchIfRoom('counter-a')).toBe(412);
    expect((await orgs.item('counter-a', pk).read()).resource).toMatchObject({ sold: 2 });
    expect(scanned).toEqual([1, 1, 1]);
  });

  it('follows replaces, deletes and re-creates of the id (the index is kept by every write)', async () => {
    const orgs = containers().orgs;
    await orgs.items.create({ id: 'counter-b', organizationId: pk, sold: 0, capacity: 1 });
    expect(await patchIfRoom('counter-b')).toBe(200);
    await orgs.item('counter-b', pk).replace({ id: 'counter-b', organizationId: pk, sold: 0, capacity: 1 });
    expect(await patchIfRoom('counter-b')).toBe(200);
    expect(await patchIfRoom('counter-b')).toBe(412);
    await orgs.item('counter-b', pk).delete();
    expect(await patchIfRoom('counter-b')).toBe(404);
    await orgs.items.create({ id: 'counter-b', organizationId: pk, sold: 5, capacity: 6 });
    expect(await patchIfRoom('counter-b')).toBe(200);
    expect(await patchIfRoom('counter-b')).toBe(412);
  });

  it('parallel patches on one counter still let exactly `capacity` through', async () => {
    const orgs = containers().orgs;
    await orgs.items.create({ id: 'counter-c', organizationId: pk, sold: 0, capacity: 7 });
    const results = await Promise.all(Array.from({ length: 25 }, () => patchIfRoom('counter-c')));
    expect(results.filter((s) => s === 200)).toHaveLength(7);
    expect(results.filter((s) => s === 412)).toHaveLength(18);
    expect((await orgs.item('counter-c', pk).read()).resource).toMatchObject({ sold: 7 });
  });
});
