import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { capacitySummary, q } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { injectStoreFault, storedDocument, storedDocuments, type StoreOperation } from '../helpers/seed';

/**
 * Issue 36: a sale is one transactional batch. report-sold on an ordinary event writes the order (ETag replace), the
 * showtime counter's conditional patch (seats) and the order's money in ONE batch; a lost ETag is a twin or a
 * concurrent change, re-read once and answered. No timed waits: a twin arriving any time later is a 200 no-op.
 * All-or-nothing is Cosmos DB's guarantee for a transactional batch; on the embedded store the batch rollback of
 * embedded-patches.ts stands in for it, so the "nothing written" checks here prove the code, not Cosmos DB.
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

const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const showtime = async (eventId: string) => (await capacitySummary(api, f, eventId)).showtimes[0]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('report-sold: one batch', () => {
  it('3 store calls (user, order, batch); seats and money move with the order', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const order = await o.delivered(f.member, event, [2, 1]);
    let batches = 0;
    let patches = 0;
    injectStoreFault((op: StoreOperation) => {
      if (op.kind === 'batch') batches += 1;
      if (op.kind === 'patch') patches += 1;
      return false;
    });
    const res = await o.reportSold(f.member, order.id, { soldQuantity: 3 });
    injectStoreFault(undefined);
    expect(res.status).toBe(200);
    expect(ops(res)).toBe(3);
    expect([batches, patches]).toEqual([1, 0]); // the counter moved inside the batch, no patch of its own
    expect(await showtime(event.id)).toMatchObject({ orders: 3, sold: 3 });
    const counter = await storedDocument(f.orgId, `capacity-${event.id}-${event.showtimes[0].showtimeId}`);
    expect(counter).toMatchObject({ sold: 3, orders: 3 });
    expect(Number(counter.revenue)).toBeGreaterThan(0); // the order's money, in cents, in the same patch
  });

  it('a twin sent 500 ms later is a 200 no-op: nothing written, 2 store calls', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const order = await o.delivered(f.member, event, [5, 0]);
    const first = await o.reportSold(f.member, order.id, { soldQuantity: 3 });
    expect(first.status).toBe(200);
    const stored = await storedDocument(f.orgId, order.id);
    await sleep(500);
    const twin = await o.reportSold(f.member, order.id, { soldQuantity: 3 });
    expect(twin.status).toBe(200);
    expect(twin.body.data.soldQuantity).toBe(3);
    expect(ops(twin)).toBe(2); // user, order: the same total writes nothing
    expect((await storedDocument(f.orgId, order.id))._etag).toBe(stored._etag);
    expect(await showtime(event.id)).toMatchObject({ orders: 3, sold: 3 });
  });

  it('a twin whose batch is held back 500 ms loses the ETag, re-reads once and answers 200: seats taken once', async () => {
    const event = await createEvent(api, f, { venueCapacity: 4 });
    const order = await o.delivered(f.member, event, [5, 0]);
    let held = false;
    let batches = 0;
    injectStoreFault((op: StoreOperation) => {
      if (op.kind !== 'batch') return false;
      batches += 1;
      if (held) return false;
      held = true; // the first batch to arrive waits 500 ms: its twin commits meanwhile
      return sleep(500).then(() => false);
    });
    const [a, b] = await Promise.all([
      o.reportSold(f.member, order.id, { soldQuantity: 3 }),
      o.reportSold(f.member, order.id, { soldQuantity: 3 }),
    ]);
    injectStoreFault(undefined);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.soldQuantity, b.body.data.soldQuantity]).toEqual([3, 3]);
    expect(batches).toBe(2); // each sent its one batch; the loser wrote nothing and did not send another
    // Capacity 4 would refuse a second take of 3: the held twin was answered from the order, not the counter.
    expect(await showtime(event.id)).toMatchObject({ orders: 3, sold: 3 });
    expect((await o.get(order.id)).soldQuantity).toBe(3);
  });

  it('a refused seat condition is 409 CAPACITY_EXCEEDED and writes nothing, order nor counter nor money', async () => {
    const event = await createEvent(api, f, { venueCapacity: 2 });
    const order = await o.delivered(f.member, event, [5, 0]);
    const counterId = `capacity-${event.id}-${event.showtimes[0].showtimeId}`;
    const before = await storedDocument(f.orgId, counterId);
    const stored = await storedDocument(f.orgId, order.id);
    const res = await o.reportSold(f.member, order.id, { soldQuantity: 3 });
    expect([res.status, res.body.error, res.body.data]).toEqual([
      409,
      'CAPACITY_EXCEEDED',
      { availableCapacity: 2, requestedDelta: 3 },
    ]);
    expect((await storedDocument(f.orgId, order.id))._etag).toBe(stored._etag);
    const after = await storedDocument(f.orgId, counterId);
    expect([after.sold, after.orders, after.revenue ?? 0]).toEqual([before.sold, before.orders, before.revenue ?? 0]);
  });

  it('20 growing totals in parallel on one order end at the largest, the counter equal to it', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50 });
    const order = await o.delivered(f.member, event, [20, 0]);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => o.reportSold(f.member, order.id, { soldQuantity: i + 1 })),
    );
    for (const r of results) expect([200, 400]).toContain(r.status); // a smaller total after a larger: 400
    expect((await o.get(order.id)).soldQuantity).toBe(20);
    expect(await showtime(event.id)).toMatchObject({ orders: 20, sold: 20 });
  });
});

describe('registration and force-record-sold: one batch', () => {
  it("a registration is event read + the reservation of its serial numbers + one batch (4 with the user; 5 on a showtime's first issue); refused, it writes no registration and takes no seat", async () => {
    const event = await createEvent(api, f, { venueCapacity: 3 });
    const body = {
      eventId: event.id,
      showtimeId: event.showtimes[0].showtimeId,
      tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 2 }],
    };
    const ok = await api.post('registrations', { token: f.member.token, query: q(f), body });
    expect(ok.status).toBe(201);
    // The tickets issued in the same batch are numbered from a reservation just before it (tickets/issue.ts): on
    // the showtime's first issue its counter's patch finds none and creates it (one call more, once).
    expect(ops(ok)).toBe(5);
    const refused = await api.post('registrations', { token: f.member.token, query: q(f), body });
    expect([refused.status, refused.body.error, refused.body.data]).toEqual([
      409,
      'CAPACITY_EXCEEDED',
      { availableCapacity: 1, requestedDelta: 2 },
    ]);
    expect(await showtime(event.id)).toMatchObject({ registrations: 2, sold: 2 });
    const stored = await storedDocuments(f.orgId, 'registration');
    expect(stored.filter((r: { eventId: string }) => r.eventId === event.id)).toHaveLength(1);
  });

  it('force-record-sold writes the order, its audit (with the counter as the sale leaves it) and the seats together', async () => {
    const event = await createEvent(api, f, { venueCapacity: 2 });
    const order = await o.delivered(f.member, event, [3, 0]);
    const res = await o.post(`orders/${order.id}/force-record-sold`, f.admin, { soldQuantity: 3, reason: 'door' });
    expect(res.status).toBe(200);
    expect(await showtime(event.id)).toMatchObject({ orders: 3, sold: 3 });
    const again = await o.post(`orders/${order.id}/force-record-sold`, f.admin, { soldQuantity: 3, reason: 'door' });
    expect(again.status).toBe(200);
    expect(await showtime(event.id)).toMatchObject({ orders: 3, sold: 3 });
  });
});
