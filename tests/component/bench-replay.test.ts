import { randomUUID } from 'node:crypto';
import { installRecorder, prepareReplay, recordingOf } from '../../scripts/bench/recorder';
import { runWithRequestContext } from '../../shared/request-context';
import { commitBatch } from '../../shared/store/batch';
import { containers } from '../../shared/store/client';
import { TestHost } from '../helpers/harness';

/**
 * The benchmark's ceiling is only as honest as its replay (scripts/bench/recorder.ts): a recorded request's store
 * calls, made again against scratch copies. These prove a replay really does the recorded work, every time.
 */
let api: TestHost;
beforeAll(async () => {
  api = await TestHost.start();
  installRecorder();
});
afterAll(() => api.close());

const pk = 'org-bench-replay';

async function recordBatchRequest() {
  const orgs = containers().orgs;
  const { resource: source } = await orgs.items.create({ id: `source-${randomUUID()}`, organizationId: pk, n: 1 });
  const correlationId = `rec-${randomUUID()}`;
  await runWithRequestContext(async () => {
    await orgs.item(source!.id, pk).read();
    const replaced = { ...source!, n: 2 };
    const made = { id: `made-${randomUUID()}`, organizationId: pk };
    await commitBatch(orgs, pk, [{ replace: replaced, ifMatch: source!._etag }, { create: made }]);
  }, correlationId);
  return correlationId;
}

describe('bench ceiling replay', () => {
  it('records only requests with a rec- correlation id, each SDK call once', async () => {
    const correlationId = await recordBatchRequest();
    expect(recordingOf(correlationId).map((c) => c.kind)).toEqual(['read', 'batch']);
    expect(recordingOf(`rec-${randomUUID()}`)).toEqual([]);
  });

  it('replays a transactional batch again and again, each time doing its writes (fresh operations per replay)', async () => {
    // The SDK rewrites an operation's partition key in place: replaying the same operation objects nested it once
    // more each time, so from the second replay on the batch missed its partition (404) with a growing body.
    const replay = await prepareReplay(recordingOf(await recordBatchRequest()));
    const before = (await containers().orgs.items.query('SELECT VALUE COUNT(1) FROM c').fetchAll()).resources[0];
    for (let i = 0; i < 4; i += 1) await replay();
    const after = (await containers().orgs.items.query('SELECT VALUE COUNT(1) FROM c').fetchAll()).resources[0];
    // Each replay created its document (fresh ids), and no replay threw on a failed operation.
    expect(after - before).toBe(4);
  });

  it('fails a replay whose batch operation fails, instead of counting a fast wrong call', async () => {
    const correlationId = await recordBatchRequest();
    const replay = await prepareReplay(recordingOf(correlationId));
    // The scratch copies the replay writes to are gone: the batch answers 200 with a failed operation inside.
    const scratch = await containers()
      .orgs.items.query({
        query: 'SELECT c.id FROM c WHERE STARTSWITH(c.id, "bench-scratch-") AND c.organizationId = @pk',
        parameters: [{ name: '@pk', value: pk }],
      })
      .fetchAll();
    for (const doc of scratch.resources as { id: string }[]) await containers().orgs.item(doc.id, pk).delete();
    await expect(replay()).rejects.toThrow(/batch replay answered 404/);
  });
});
