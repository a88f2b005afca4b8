import { randomUUID } from 'node:crypto';
import type { OperationInput } from '@azure/cosmos';
import { commitBatch } from '../../shared/store/batch';
import { containers } from '../../shared/store/client';
import { createItem, queryAll, readItem } from '../../shared/store/operations';
import { TestHost } from '../helpers/harness';

/**
 * The embedded store's transactional batch is all-or-nothing like Cosmos DB's (shared/store/embedded-patches.ts):
 * when one operation fails, the writes before it are undone, documents come back with their old `_etag` and
 * `_ts`, and the store stays usable (indexes, queries, later writes guarded by the old ETag). Driven through the
 * real SDK against the embedded server.
 */
let api: TestHost;
beforeAll(async () => {
  api = await TestHost.start();
});
afterAll(() => api.close());

type Doc = { id: string; organizationId: string; docType: string; n: number; _etag: string; _ts: number };
const partition = () => `org-batch-${randomUUID()}`;
const seed = (pk: string, id: string, n = 0) =>
  createItem(containers().orgs, { id, organizationId: pk, docType: 'batchTest', n }) as Promise<Doc>;
const read = (pk: string, id: string) => readItem<Doc>(containers().orgs, pk, id);
const idsIn = async (pk: string) =>
  (
    await queryAll<{ id: string }>(containers().orgs, pk, {
      query: 'SELECT c.id FROM c WHERE c.organizationId = @pk',
      parameters: [{ name: '@pk', value: pk }],
    })
  )
    .map((d) => d.id)
    .sort();
const docOf = (pk: string, id: string, n: number) => ({ id, organizationId: pk, docType: 'batchTest', n });

describe('embedded store: failed transactional batch', () => {
  it('undoes a create sent without a per-operation partition key (the body names it)', async () => {
    const pk = partition();
    await seed(pk, 'b');
    const response = await containers().orgs.items.batch(
      [
        { operationType: 'Create', resourceBody: docOf(pk, 'a', 1) },
        { operationType: 'Replace', id: 'b', resourceBody: docOf(pk, 'b', 2), ifMatch: 'stale-etag', partitionKey: pk },
      ] as OperationInput[],
      pk,
    );
    expect(response.result?.map((r) => r.statusCode)).toEqual([201, 412]);
    expect(await idsIn(pk)).toEqual(['b']);
  });

  it('removes a create that came before a failing guarded replace and leaves the replaced document as it was', async () => {
    const pk = partition();
    const b = await seed(pk, 'b');
    await expect(
      commitBatch(containers().orgs, pk, [
        { create: docOf(pk, 'a', 1) },
        { replace: docOf(pk, 'b', 2), ifMatch: 'stale-etag' },
      ]),
    ).rejects.toMatchObject({ code: 412 });
    expect(await read(pk, 'a')).toBeUndefined();
    expect(await read(pk, 'b')).toEqual(b);
    expect(await idsIn(pk)).toEqual(['b']);
  });

  it('restores a replaced document with its old _etag and _ts when a later create collides', async () => {
    const pk = partition();
    const b = await seed(pk, 'b');
    const taken = await seed(pk, 'taken', 7);
    await expect(
      commitBatch(containers().orgs, pk, [
        { replace: docOf(pk, 'b', 2), ifMatch: b._etag },
        { create: docOf(pk, 'fresh', 3) },
        { create: docOf(pk, 'taken', 4) },
      ]),
    ).rejects.toMatchObject({ code: 409 });
    expect(await read(pk, 'b')).toEqual(b);
    expect(await read(pk, 'taken')).toEqual(taken);
    expect(await read(pk, 'fresh')).toBeUndefined();
    expect(await idsIn(pk)).toEqual(['b', 'taken']);
    // The restored ETag still guards: a batch with it now succeeds and writes every operation.
    await commitBatch(containers().orgs, pk, [
      { replace: docOf(pk, 'b', 5), ifMatch: b._etag },
      { create: docOf(pk, 'fresh', 6) },
    ]);
    expect((await read(pk, 'b'))?.n).toBe(5);
    expect((await read(pk, 'fresh'))?.n).toBe(6);
    expect(await idsIn(pk)).toEqual(['b', 'fresh', 'taken']);
  });

  it('undoes upserts and deletes too, and a document written twice in the batch ends as before the first write', async () => {
    const pk = partition();
    const [kept, gone] = [await seed(pk, 'kept', 1), await seed(pk, 'gone', 2)];
    const operations = [
      { operationType: 'Upsert', resourceBody: docOf(pk, 'kept', 10) },
      { operationType: 'Delete', id: 'gone' },
      { operationType: 'Create', resourceBody: docOf(pk, 'twice', 11) },
      { operationType: 'Replace', id: 'twice', resourceBody: docOf(pk, 'twice', 12) },
      { operationType: 'Upsert', resourceBody: docOf(pk, 'new-by-upsert', 13) },
      { operationType: 'Replace', id: 'missing', resourceBody: docOf(pk, 'missing', 14) },
      { operationType: 'Create', resourceBody: docOf(pk, 'skipped', 15) },
    ].map((op) => ({ ...op, partitionKey: pk })) as OperationInput[];
    const response = await containers().orgs.items.batch(operations, pk);
    expect((response.result ?? []).map((r) => r.statusCode)).toEqual([200, 204, 201, 200, 201, 404, 424]);
    expect(await read(pk, 'kept')).toEqual(kept);
    expect(await read(pk, 'gone')).toEqual(gone);
    expect(await idsIn(pk)).toEqual(['gone', 'kept']);
  });

  it('undoes the writes before a failing read as well', async () => {
    const pk = partition();
    const operations = [
      { operationType: 'Create', resourceBody: docOf(pk, 'a', 1) },
      { operationType: 'Read', id: 'missing' },
    ].map((op) => ({ ...op, partitionKey: pk })) as OperationInput[];
    const response = await containers().orgs.items.batch(operations, pk);
    expect((response.result ?? []).map((r) => r.statusCode)).toEqual([201, 404]);
    expect(await idsIn(pk)).toEqual([]);
  });
});
