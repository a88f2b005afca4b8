import { createRequire } from 'node:module';
import type { SqlParameter, SqlQuerySpec } from '@azure/cosmos';
import { containers } from '../../shared/store/client';
import { useEmbeddedQueryIndex } from '../../shared/store/embedded-partition-index';
import { queryOnePage } from '../../shared/store/operations';
import { TestHost } from '../helpers/harness';

/**
 * The embedded store's partition index and resuming pages (shared/store/embedded-partition-index.ts), through the
 * real SDK on the embedded server: every query answers page for page what the server's whole-container scan
 * answers, while the query engine is handed only the partition's documents (bounded by the partition, not the
 * container), and a page is computed from the continuation on. An embedded-store property: Cosmos DB plans its
 * own queries.
 */
const engine = createRequire(require.resolve('@vercel/cosmosdb-server'))('@zeit/cosmosdb-query') as {
  default: (sql: string) => { ast: never; code: string; exec: (d: unknown[], o: unknown) => unknown };
};

// Each case runs twice, once as the whole-container scan (slow by design): generous timeouts for a loaded machine.
describe('embedded store: a partition query reads its partition only, and pages resume', () => {
  let api: TestHost;
  const handed: number[] = [];
  let restore: () => void;
  const SMALL = 'org-small';
  const LARGE = 'org-large';
  const statuses = ['pending', 'approved', 'delivered', 'settled', 'cancelled'];
  const types = ['order', 'registration', 'externalSale', 'freeTicket', 'event', 'capacityCounter'];

  const doc = (org: string, i: number) => ({
    id: `${org}-${i}`,
    organizationId: org,
    docType: types[i % types.length],
    status: statuses[(i * 7) % statuses.length],
    requestedBy: `u${i % 13}`,
    ...(i % 5 === 0 ? { sellerId: `u${(i + 3) % 13}` } : {}),
    eventId: `e${i % 4}`,
    createdAt: `2026-01-0${(i % 5) + 1}`, // shared by many: the id breaks the tie
    sortKey: `${String(1000 + ((i * 37) % 997)).padStart(6, '0')}-${i}`,
    n: i % 3 === 0 ? i : String(i), // the same field holds numbers and strings: `=` tells them apart
    flag: i % 4 === 0 ? true : i % 4 === 1 ? false : null,
    nested: { k: `k${i % 6}` },
    tickets: Array.from({ length: i % 3 }, (_, t) => ({ typeId: `t${t}`, quantity: t + 1 })),
    ...(i % 11 === 0 ? { deletedAt: '2026-01-01T00:00:00Z' } : {}),
  });

  beforeAll(async () => {
    api = await TestHost.start();
    const proto = Object.getPrototypeOf(engine.default('SELECT * FROM c')) as {
      exec: (d: unknown[], o: unknown) => unknown;
    };
    const exec = proto.exec;
    proto.exec = function (this: unknown, docs: unknown[], options: unknown) {
      handed.push(docs.length);
      return exec.call(this, docs, options);
    };
    restore = () => (proto.exec = exec);
    const orgs = containers().orgs;
    const all = [
      ...Array.from({ length: 240 }, (_, i) => doc(SMALL, i)),
      ...Array.from({ length: 2400 }, (_, i) => doc(LARGE, i)),
    ];
    for (let i = 0; i < all.length; i += 50) {
      await Promise.all(all.slice(i, i + 50).map((d) => orgs.items.create(d)));
    }
  }, 120_000);
  afterAll(async () => {
    useEmbeddedQueryIndex(true);
    restore();
    await api.close();
  });

  /** Every page of the query, through the SDK as the service reads them. */
  async function pages(spec: SqlQuerySpec, partitionKey: string | undefined, pageSize: number) {
    const result: unknown[][] = [];
    let continuation: string | undefined;
    do {
      const page = await queryOnePage<unknown>(containers().orgs, partitionKey, spec, pageSize, continuation);
      result.push(page.items);
      continuation = page.sdkContinuation;
    } while (continuation && result.length < 500);
    return result;
  }

  async function compare(spec: SqlQuerySpec, partitionKey: string | undefined, pageSize: number) {
    useEmbeddedQueryIndex(false);
    const scanned = await pages(spec, partitionKey, pageSize);
    useEmbeddedQueryIndex(true);
    handed.length = 0;
    const indexed = await pages(spec, partitionKey, pageSize);
    expect(indexed).toEqual(scanned);
    return { pages: indexed, handed: [...handed] };
  }

  const inSmall = (where: string, parameters: SqlParameter[] = []): SqlQuerySpec => ({
    query: `SELECT * FROM c WHERE c.organizationId = @partitionKey${where ? ` AND ${where}` : ''}`,
    parameters: [{ name: '@partitionKey', value: SMALL }, ...parameters],
  });

  it('answers page for page as the whole-container scan does, for every shape the service uses and more', async () => {
    const cases: [SqlQuerySpec, number][] = [
      [inSmall(''), 7],
      [inSmall("(c.docType = 'order')", []), 10],
      [
        inSmall('(ARRAY_CONTAINS(@s, c.status)) AND (NOT IS_DEFINED(c.deletedAt))', [
          { name: '@s', value: ['pending', 'settled'] },
        ]),
        9,
      ],
      [inSmall('(c.requestedBy = @m OR c.sellerId = @m)', [{ name: '@m', value: 'u4' }]), 3],
      [inSmall("(c.docType IN ('order', 'registration')) AND (c.eventId = @e)", [{ name: '@e', value: 'e1' }]), 1000],
      [
        inSmall("((c.docType = 'order' AND c.requestedBy = @m) OR (c.docType = 'registration' AND c.sellerId = @m))", [
          { name: '@m', value: 'u3' },
        ]),
        4,
      ],
      [inSmall('(c.n = 3)'), 5],
      // ORDER BY: one field (documents without it left out), mixed types, two fields with the composite index.
      [{ ...inSmall(''), query: `${inSmall('').query} ORDER BY c.sellerId DESC` }, 5],
      [{ ...inSmall(''), query: `${inSmall('').query} ORDER BY c.n` }, 13],
      [
        { ...inSmall("(c.status = 'pending')"), query: `${inSmall("(c.status = 'pending')").query} ORDER BY c.flag` },
        7,
      ],
      [{ ...inSmall(''), query: `${inSmall('').query} ORDER BY c.createdAt DESC, c.id DESC` }, 17],
      [
        {
          query: 'SELECT c.id, t.quantity FROM c JOIN t IN c.tickets WHERE c.organizationId = @pk ORDER BY c.sortKey',
          parameters: [{ name: '@pk', value: SMALL }],
        },
        3,
      ],
      [inSmall("(c.n = '4')"), 5],
      [inSmall('(c.flag = null)'), 11],
      [inSmall('(c.flag = false)'), 11],
      [inSmall("(c.nested.k = 'k2')"), 4],
      [inSmall('(c.status = @missing)'), 4],
      [
        {
          ...inSmall("(c.docType = 'order')"),
          query: `${inSmall("(c.docType = 'order')").query} ORDER BY c.sortKey DESC`,
        },
        6,
      ],
      [
        {
          query: 'SELECT c.id, t.typeId FROM c JOIN t IN c.tickets WHERE c.organizationId = @pk AND c.eventId = @e',
          parameters: [
            { name: '@pk', value: SMALL },
            { name: '@e', value: 'e2' },
          ],
        },
        4,
      ],
      [
        {
          query: "SELECT VALUE COUNT(1) FROM c WHERE c.organizationId = @pk AND c.status = 'pending'",
          parameters: [{ name: '@pk', value: SMALL }],
        },
        100,
      ],
      [
        {
          query: "SELECT TOP 5 c.id FROM c WHERE c.organizationId = @pk AND c.docType = 'order'",
          parameters: [{ name: '@pk', value: SMALL }],
        },
        100,
      ],
      [{ query: "SELECT * FROM c WHERE c.organizationId = 'no-such-org'" }, 10],
    ];
    for (const [spec, pageSize] of cases) {
      const { handed: seen } = await compare(spec, SMALL, pageSize);
      // The engine never sees more than the small partition's 240 documents (the container holds 2,640).
      expect(Math.max(0, ...seen)).toBeLessThanOrEqual(240);
    }
    // A deliberate fan-out (no partition key conjunct: auth/me's memberships and organizations) is narrowed by its
    // point lookups over the whole container, and answers the same; without one it scans.
    const fanOuts: [SqlQuerySpec, number, number][] = [
      [{ query: "SELECT c.id FROM c WHERE c.status = 'pending'" }, 500, 2640 / 5 + 1],
      [
        {
          query: "SELECT * FROM c WHERE c.docType = 'order' AND c.requestedBy = @m AND NOT IS_DEFINED(c.deletedAt)",
          parameters: [{ name: '@m', value: 'u4' }],
        },
        7,
        2640 / 13 + 1,
      ],
      [
        {
          query: 'SELECT c.id, c.organizationId FROM c WHERE ARRAY_CONTAINS(@ids, c.id)',
          parameters: [{ name: '@ids', value: [`${SMALL}-3`, `${LARGE}-2000`, 'no-such-id'] }],
        },
        100,
        2,
      ],
      [{ query: "SELECT * FROM c WHERE c.requestedBy = 'u1' ORDER BY c.sortKey DESC" }, 9, 2640 / 13 + 1],
    ];
    for (const [spec, pageSize, bound] of fanOuts) {
      const fanOut = await compare(spec, undefined, pageSize);
      expect({ query: spec.query, most: Math.max(...fanOut.handed) <= bound }).toEqual({
        query: spec.query,
        most: true,
      });
    }
    const scan = await compare({ query: "SELECT c.id FROM c WHERE c.status > 'p'" }, undefined, 500);
    expect(Math.max(...scan.handed)).toBeGreaterThanOrEqual(2640);
  }, 180_000);

  it('pages from the continuation on: reading a partition page by page costs about its size, not pages × size', async () => {
    const spec = { query: 'SELECT * FROM c WHERE c.organizationId = @pk', parameters: [{ name: '@pk', value: LARGE }] };
    const { pages: read, handed: seen } = await compare(spec, LARGE, 100);
    expect(read).toHaveLength(24);
    expect(read.flat()).toHaveLength(2400);
    // A rescan from the start would hand the engine 24 × 2,400 documents in all; resuming hands it each about once.
    expect(seen.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2 * 2400 + 24 * 202);
    // The same with ORDER BY (a list's newest first): the first page of 20 hands the engine 64 documents, not 2,400.
    const newest = { ...spec, query: `${spec.query} ORDER BY c.sortKey DESC` };
    const ordered = await compare(newest, LARGE, 20);
    expect(ordered.pages.flat()).toHaveLength(2400);
    expect(ordered.handed[0]).toBe(64);
    // The SDK asks twice per page here (its query plan request is served as a query too): 2 × 64 a page.
    expect(ordered.handed.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2 * 120 * 64);
  }, 120_000);

  it('pages on correctly when the partition is written between two pages (no document twice, none skipped)', async () => {
    const orgs = containers().orgs;
    const spec = {
      query: 'SELECT c.id FROM c WHERE c.organizationId = @pk',
      parameters: [{ name: '@pk', value: LARGE }],
    };
    const first = await queryOnePage<{ id: string }>(orgs, LARGE, spec, 500);
    const seen = new Set(first.items.map((d) => d.id));
    const unread = [...Array.from({ length: 2400 }, (_, i) => `${LARGE}-${i}`)].filter((id) => !seen.has(id));
    await orgs.item(unread[0], LARGE).delete();
    await orgs.item(unread[1], LARGE).replace({ ...doc(LARGE, Number(unread[1].split('-').pop())), status: 'moved' });
    const rest: string[] = [];
    let continuation = first.sdkContinuation;
    while (continuation) {
      const page = await queryOnePage<{ id: string }>(orgs, LARGE, spec, 500, continuation);
      rest.push(...page.items.map((d) => d.id));
      continuation = page.sdkContinuation;
    }
    expect(new Set(rest).size).toBe(rest.length);
    expect(rest.filter((id) => seen.has(id))).toEqual([]);
    expect(rest).not.toContain(unread[0]);
    expect(rest).toContain(unread[1]); // a replace keeps the document's _rid, so its place in the order
    expect(rest.length + seen.size).toBe(2399);
  });

  it('follows creates, replaces, deletes and a failed batch (the index is kept by every write)', async () => {
    const orgs = containers().orgs;
    const spec = inSmall('(c.status = @s)', [{ name: '@s', value: 'archived-test' }]);
    const fanOut = { query: "SELECT * FROM c WHERE c.status = 'archived-test'" };
    // The field indexes of `status` (the partition's and the whole container's) exist from these queries on; every
    // later write must keep them.
    await compare(spec, SMALL, 50);
    await compare(fanOut, undefined, 2);
    await orgs.items.create({ ...doc(SMALL, 1000), status: 'archived-test' });
    await orgs.item(`${SMALL}-1`, SMALL).replace({ ...doc(SMALL, 1), status: 'archived-test' });
    await orgs.item(`${SMALL}-2`, SMALL).delete();
    await orgs.item(`${SMALL}-3`, SMALL).patch([{ op: 'set', path: '/status', value: 'archived-test' }]);
    const batch = await orgs.items.batch(
      [
        {
          operationType: 'Replace',
          id: `${SMALL}-4`,
          partitionKey: SMALL,
          resourceBody: { ...doc(SMALL, 4), status: 'archived-test' },
        },
        { operationType: 'Create', partitionKey: SMALL, resourceBody: { ...doc(SMALL, 1000) } }, // conflicts: the batch is undone
      ],
      SMALL,
    );
    expect(batch.result?.[1].statusCode).toBe(409);
    const kept = [`${SMALL}-1`, `${SMALL}-1000`, `${SMALL}-3`];
    const ids = (pages: unknown[][]) =>
      pages
        .flat()
        .map((d) => (d as { id: string }).id)
        .sort();
    const read = await compare(spec, SMALL, 50);
    expect(ids(read.pages)).toEqual(kept);
    // The engine re-checks the WHERE clause, so only the count handed to it shows a removal the index missed (the
    // batch's replace of -4, undone): exactly the three documents, not a fourth.
    expect(Math.max(...read.handed)).toBe(3);
    const { pages: all } = await compare(inSmall(''), SMALL, 1000);
    expect(all.flat()).toHaveLength(240);
    // The same writes seen by a fan-out (the whole container's field index, kept by the same writes).
    const across = await compare(fanOut, undefined, 2);
    expect(ids(across.pages)).toEqual(kept);
    expect(Math.max(...across.handed)).toBe(3);
  });
});
