import { createRequire } from 'node:module';
import { containers } from '../../shared/store/client';
import { queryOnePage } from '../../shared/store/operations';
import { TestHost } from '../helpers/harness';

/**
 * The embedded store answers the SDK's query plan request (sent beside every page) with a plain plan instead of
 * running the query a second time (shared/store/embedded-query-plan-requests.ts). Through the real SDK: a page
 * is one run of the query engine, the answers are unchanged. An embedded-store property: on Cosmos DB the
 * gateway answers plan requests.
 */
const engine = createRequire(require.resolve('@vercel/cosmosdb-server'))('@zeit/cosmosdb-query') as {
  default: (sql: string) => object;
};

describe('embedded store: query plan requests', () => {
  let api: TestHost;
  const runs: number[] = [];
  let restore: () => void;
  const pk = 'org-plan-requests';
  beforeAll(async () => {
    api = await TestHost.start();
    const proto = Object.getPrototypeOf(engine.default('SELECT * FROM c')) as {
      exec: (d: unknown[], o: unknown) => unknown;
    };
    const exec = proto.exec;
    proto.exec = function (this: unknown, docs: unknown[], options: unknown) {
      runs.push(docs.length);
      return exec.call(this, docs, options);
    };
    restore = () => (proto.exec = exec);
    for (let i = 0; i < 30; i += 1) {
      await containers().orgs.items.create({ id: `d${String(i).padStart(2, '0')}`, organizationId: pk, n: i });
    }
  });
  afterAll(async () => {
    restore();
    await api.close();
  });

  it('runs the query once per page (the plan request no longer runs it), with the same pages', async () => {
    const spec = {
      query: 'SELECT c.id, c.n FROM c WHERE c.organizationId = @pk ORDER BY c.n DESC',
      parameters: [{ name: '@pk', value: pk }],
    };
    runs.length = 0;
    const pages: number[][] = [];
    let continuation: string | undefined;
    do {
      const page = await queryOnePage<{ n: number }>(containers().orgs, pk, spec, 7, continuation);
      pages.push(page.items.map((d) => d.n));
      continuation = page.sdkContinuation;
    } while (continuation);
    expect(pages.flat()).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 2]);
    expect(runs).toHaveLength(pages.length);
  });
});
