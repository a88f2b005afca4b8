import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { capacitySummary, giveFree, q } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { injectStoreFault, type StoreOperation } from '../helpers/seed';

/**
 * One capacity path (take → write → compensate), seen from outside: when the write after a take fails, the
 * caller gets the write's error and the counter ends where it began; when the compensating release fails too,
 * the caller still gets the write's error (the drift is left for the heal timer), never the release's.
 */
let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
}, 120_000);
afterEach(() => injectStoreFault(undefined));
afterAll(() => api.close());

const counterPatch = (op: StoreOperation) => op.kind === 'patch' && /^capacity-/.test(op.id ?? '');
const sold = async (eventId: string) => (await capacitySummary(api, f, eventId)).showtimes[0];

/** Fails the write that follows the take (503); with `releaseStatus`, the compensating release fails with it too. */
function failWriteAfterTake(isWrite: (op: StoreOperation) => boolean, releaseStatus?: number) {
  let patches = 0;
  injectStoreFault((op) => {
    if (isWrite(op)) return true;
    if (counterPatch(op)) {
      patches += 1;
      if (patches === 2 && releaseStatus !== undefined) return releaseStatus;
    }
    return false;
  });
}

/**
 * Issue 36: report-sold and force-record-sold on an ordinary event move the seats in the same transactional batch as
 * the order, so a failed write has nothing to give back: the counter is never touched (on Cosmos DB by the batch's
 * all-or-nothing; on the embedded store by its batch rollback, embedded-patches.ts).
 */
describe('report-sold (one batch: nothing to compensate)', () => {
  it('answers the failed batch with its own error; the counter and the order stay where they were', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const order = await o.delivered(f.member, event, [2, 1]);
    const before = await sold(event.id);
    failWriteAfterTake((op) => op.kind === 'replace' && op.id === order.id, 500);
    const res = await o.reportSold(f.member, order.id, { soldQuantity: 3 });
    injectStoreFault(undefined);
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('UNAVAILABLE');
    expect(await sold(event.id)).toEqual(before);
    expect((await o.get(order.id)).soldQuantity ?? 0).toBe(0);
  });
});

describe('force-record-sold (one batch: nothing to compensate)', () => {
  it('answers the failed batch with its own error; the counter stays where it was', async () => {
    const event = await createEvent(api, f, { venueCapacity: 2 });
    const order = await o.delivered(f.member, event, [2, 1]);
    const before = await sold(event.id);
    failWriteAfterTake((op) => op.kind === 'batch', 500);
    const res = await o.post(`orders/${order.id}/force-record-sold`, f.admin, {
      soldQuantity: 3,
      reason: 'door sales',
    });
    injectStoreFault(undefined);
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('UNAVAILABLE');
    expect(await sold(event.id)).toEqual(before);
  });
});

describe('free tickets', () => {
  it('a failed create answers its own error, leaves no ticket and the counter where it began', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const before = await sold(event.id);
    // The free ticket's create rides in a batch with its ticket book (tickets are issued at creation).
    failWriteAfterTake((op) => op.kind === 'batch');
    const res = await giveFree(api, f, event, 4);
    injectStoreFault(undefined);
    expect(res.status).toBe(503);
    expect(await sold(event.id)).toEqual(before);
    const list = await api.get(`events/${event.id}/free-tickets`, { token: f.ticketManager.token, query: q(f) });
    expect(list.status).toBe(200);
    expect(list.body.data.items).toEqual([]);
  });

  it('a failed create whose release fails too still answers the create error', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    failWriteAfterTake((op) => op.kind === 'batch', 500);
    const res = await giveFree(api, f, event, 4);
    injectStoreFault(undefined);
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('UNAVAILABLE');
    expect((await sold(event.id)).free).toBe(4);
  });
});

describe('manual external count', () => {
  it('a failed event write answers its own error and the counter ends where it began', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const showtimeId = event.showtimes[0].showtimeId;
    const before = await sold(event.id);
    failWriteAfterTake((op) => op.kind === 'replace' && op.id === event.id);
    const res = await api.put(`management/events/${event.id}/showtimes/${showtimeId}/external`, {
      token: f.admin.token,
      query: q(f),
      body: { externalSold: 5 },
    });
    injectStoreFault(undefined);
    expect(res.status).toBe(503);
    expect(await sold(event.id)).toEqual(before);
  });
});
