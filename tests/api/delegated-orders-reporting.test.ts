import { TestHost } from '../helpers/harness';
import { capacitySummary, giveFree, q } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { partitionFingerprint, storedDocuments } from '../helpers/seed';
import { delegatedEvent, delegatedWorld, partnerApi, storeOps, type DelegatedWorld } from '../helpers/delegated-orders';

/**
 * Partner-side reporting (docs/decisions/delegated-orders.md): report-sold with the owner's atomic capacity gate, report-returned
 * with the owner's date policy, and the deprecated on-behalf path.
 */
let api: TestHost;
let w: DelegatedWorld;
let d: ReturnType<typeof partnerApi>;
beforeAll(async () => {
  api = await TestHost.start();
  w = await delegatedWorld(api);
  d = partnerApi(api, w);
});
afterAll(() => api.close());

const ordersOf = async (eventId: string) =>
  (await storedDocuments(w.f.orgId, 'order')).filter((o: any) => o.eventId === eventId);

describe('POST .../orders/{orderId}/report-sold', () => {
  it("records the buyer's cumulative sales, taking the owner's seats; the buyer or Ticket Manager+ only", async () => {
    const order = await d.delivered(w.p.member, [3, 0]);
    const before = await capacitySummary(api, w.f, w.event.id);
    const res = await d.post(w.p.member, `/orders/${order.id}/report-sold`, { soldQuantity: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'delivered', soldQuantity: 2 });
    expect(res.body.data).not.toHaveProperty('organizationId');
    // Scope (3: user with its role map, partner organization, owner's event), order read, one batch: the order's
    // replace with the counter's conditional patch (issue 36).
    expect(storeOps(res)).toBe(5);
    const after = await capacitySummary(api, w.f, w.event.id);
    expect(after.aggregate.orders).toBe(before.aggregate.orders + 2);
    expect(after.aggregate.remaining).toBe(before.aggregate.remaining - 2);

    expect((await d.post(w.p.member2, `/orders/${order.id}/report-sold`, { soldQuantity: 3 })).status).toBe(403);
    const manager = await d.post(w.p.ticketManager, `/orders/${order.id}/report-sold`, { soldQuantity: 3 });
    expect(manager.status).toBe(200);
    expect(manager.body.data).toMatchObject({ status: 'awaitingReconciliation', soldQuantity: 3 });
  });

  it('refuses the wrong state (400), bad quantities (400) and strangers, writing nothing', async () => {
    const pending = await d.created(w.p.member, [2, 0]);
    const delivered = await d.delivered(w.p.member, [2, 1]);
    const before = await partitionFingerprint(w.f.orgId);
    const state = await d.post(w.p.member, `/orders/${pending.id}/report-sold`, { soldQuantity: 1 });
    expect(state.status).toBe(400);
    expect(state.body).toMatchObject({ error: 'INVALID_ORDER_STATE', errorCode: 'INVALID_ORDER_STATE' });
    for (const body of [
      {},
      { soldQuantity: -1 },
      { soldQuantity: 4 },
      { soldQuantity: 2, soldTypeQuantities: [{ ticketTypeId: w.event.ticketTypes[0].id, soldQuantity: 1 }] },
      { soldQuantity: 1, extra: true },
    ]) {
      const res = await d.post(w.p.ticketManager, `/orders/${delivered.id}/report-sold`, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    for (const who of [w.f.admin, w.f.member, w.p.outsider]) {
      expect((await d.post(who, `/orders/${delivered.id}/report-sold`, { soldQuantity: 1 })).status).toBe(403);
    }
    expect(await partitionFingerprint(w.f.orgId)).toEqual(before);
  });

  it('gives 409 CAPACITY_EXCEEDED with availableCapacity and requestedDelta, taking nothing', async () => {
    const small = await delegatedEvent(api, w, { venueCapacity: 5 });
    const o = partnerApi(api, small);
    const order = await o.delivered(w.p.member, [3, 2]);
    expect((await giveFree(api, w.f, small.event, 2)).status).toBe(201);
    const res = await o.post(w.p.ticketManager, `/orders/${order.id}/report-sold`, {
      soldQuantity: 5,
      soldTypeQuantities: [
        { ticketTypeId: small.event.ticketTypes[0].id, soldQuantity: 3 },
        { ticketTypeId: small.event.ticketTypes[1].id, soldQuantity: 2 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'CAPACITY_EXCEEDED',
      errorCode: 'CAPACITY_EXCEEDED',
      data: { availableCapacity: 3, requestedDelta: 5 },
    });
    const summary = await capacitySummary(api, w.f, small.event.id);
    expect(summary.aggregate).toMatchObject({ sold: 2, orders: 0, remaining: 3 });
    expect((await ordersOf(small.event.id))[0]).toMatchObject({ soldQuantity: 0, capacityQuantity: 0 });
  });

  it('refuses a locked event with 409 SALES_LOCKED', async () => {
    const other = await delegatedEvent(api, w);
    const o = partnerApi(api, other);
    const order = await o.delivered(w.p.member, [1, 0]);
    const lock = { token: w.f.admin.token, query: q(w.f), body: { salesLocked: true } };
    expect((await api.put(`management/events/${other.event.id}/lock`, lock)).status).toBe(200);
    const res = await o.post(w.p.member, `/orders/${order.id}/report-sold`, { soldQuantity: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('SALES_LOCKED');
  });

  it("never oversells when partner reports race the owner's own reports on one showtime", async () => {
    const race = await delegatedEvent(api, w, { venueCapacity: 10 });
    const o = partnerApi(api, race);
    const owner = orderApi(api, w.f);
    const ownerOrders = [];
    const partnerOrders = [];
    for (let i = 0; i < 4; i += 1) {
      ownerOrders.push(await owner.delivered(w.f.member, race.event, [3, 0]));
      const created = await o.onBehalf(w.p.ticketManager, w.p.member.id, [3, 0]);
      expect(created.status).toBe(201);
      partnerOrders.push(created.body.data);
    }
    const results = await Promise.all([
      ...ownerOrders.map((x) => owner.reportSold(w.f.member, x.id, { soldQuantity: 3 })),
      ...partnerOrders.map((x) => o.post(w.p.ticketManager, `/orders/${x.id}/report-sold`, { soldQuantity: 3 })),
    ]);
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status === 409);
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(5);
    for (const r of lost) {
      expect(r.body.error).toBe('CAPACITY_EXCEEDED');
      expect(r.body.data.requestedDelta).toBe(3);
      expect(r.body.data.availableCapacity).toBeLessThan(3);
    }
    const summary = await capacitySummary(api, w.f, race.event.id);
    expect(summary.aggregate).toMatchObject({ capacity: 10, sold: 9, orders: 9, remaining: 1 });
    const stored = await ordersOf(race.event.id);
    expect(stored.reduce((sum: number, x: any) => sum + x.capacityQuantity, 0)).toBe(9);
  }, 60000);
});

describe('POST .../orders/{orderId}/report-returned', () => {
  it('lets the partner Ticket Manager+ return for a member before the showtime', async () => {
    const order = await d.delivered(w.p.member, [2, 1]);
    const res = await d.post(w.p.ticketManager, `/orders/${order.id}/report-returned`, {
      returnQuantity: 1,
      returnTypeQuantities: [{ ticketTypeId: w.event.ticketTypes[1].id, returnQuantity: 1 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'delivered', returnedQuantity: 1 });
    // + the order's ticket book: the returned tickets are named (tickets/order-tickets.ts)
    expect(storeOps(res)).toBe(6);
  });

  it('makes a member wait until the showtime has passed to return their own order', async () => {
    const order = await d.delivered(w.p.member, [2, 0]);
    const early = await d.post(w.p.member, `/orders/${order.id}/report-returned`, { returnQuantity: 1 });
    expect(early.status).toBe(403);
    const past = await delegatedEvent(api, w, { date: '2021-03-01T18:00:00.000Z' });
    const o = partnerApi(api, past);
    const old = await o.delivered(w.p.member, [2, 0]);
    expect((await o.post(w.p.member2, `/orders/${old.id}/report-returned`, { returnQuantity: 1 })).status).toBe(403);
    const res = await o.post(w.p.member, `/orders/${old.id}/report-returned`, { returnQuantity: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'awaitingReconciliation', returnedQuantity: 2 });
  });

  it('refuses returns above the outstanding balance and on undelivered orders (400)', async () => {
    const order = await d.delivered(w.p.member, [1, 0]);
    const above = await d.post(w.p.ticketManager, `/orders/${order.id}/report-returned`, { returnQuantity: 2 });
    expect(above.status).toBe(400);
    const pending = await d.created(w.p.member, [1, 0]);
    const state = await d.post(w.p.ticketManager, `/orders/${pending.id}/report-returned`, { returnQuantity: 1 });
    expect(state.status).toBe(400);
    expect(state.body.error).toBe('INVALID_ORDER_STATE');
  });
});

describe('POST .../orders (deprecated on-behalf path)', () => {
  it('creates a delivered order with sold 0 and returned 0 for an approved partner member, holding no seats', async () => {
    const before = await capacitySummary(api, w.f, w.event.id);
    const res = await d.onBehalf(w.p.ticketManager, w.p.member2.id, [2, 1]);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'delivered',
      soldQuantity: 0,
      returnedQuantity: 0,
      buyerUserId: w.p.member2.id,
      buyerUserName: 'Max Member',
      buyerUserEmail: w.p.member2.email,
      soldByOrganizationId: w.p.orgId,
      soldByUserId: w.p.ticketManager.id,
      soldByUserName: 'Tina Manager',
      delegationId: w.delegationId,
      approvedAt: expect.any(String),
      deliveredAt: expect.any(String),
    });
    // Scope (3), then the buyer's membership, user and counter, the showtime's serial counter (created delivered,
    // its tickets are issued), then the create.
    expect(storeOps(res)).toBe(8);
    expect(await capacitySummary(api, w.f, w.event.id)).toEqual(before);
    // The buyer reports their own sales on it.
    const sold = await d.post(w.p.member2, `/orders/${res.body.data.id}/report-sold`, { soldQuantity: 3 });
    expect(sold.status).toBe(200);
  });

  it('refuses a buyer who is not an approved partner member (400), a member caller (403), nothing written', async () => {
    const before = await partitionFingerprint(w.f.orgId);
    for (const buyerUserId of [w.f.member.id, w.p.outsider.id, 'no-such-user']) {
      const res = await d.onBehalf(w.p.ticketManager, buyerUserId);
      expect({ buyerUserId, status: res.status }).toEqual({ buyerUserId, status: 400 });
    }
    expect((await d.post(w.p.ticketManager, '/orders', { tickets: d.tickets([1, 0]) })).status).toBe(400);
    expect((await d.onBehalf(w.p.member, w.p.member.id)).status).toBe(403);
    expect(await partitionFingerprint(w.f.orgId)).toEqual(before);
  });

  it('gives 409 CAPACITY_EXCEEDED and creates nothing when the showtime has fewer seats left', async () => {
    const small = await delegatedEvent(api, w, { venueCapacity: 5 });
    expect((await giveFree(api, w.f, small.event, 2)).status).toBe(201);
    const o = partnerApi(api, small);
    const res = await o.onBehalf(w.p.ticketManager, w.p.member.id, [2, 2]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'CAPACITY_EXCEEDED',
      errorCode: 'CAPACITY_EXCEEDED',
      data: { availableCapacity: 3, requestedDelta: 4 },
    });
    expect(await ordersOf(small.event.id)).toHaveLength(0);
    expect((await o.onBehalf(w.p.ticketManager, w.p.member.id, [2, 1])).status).toBe(201);
  });

  it('is marked deprecated in the OpenAPI document', async () => {
    const doc = (await api.get('openapi.json')).body;
    const path = '/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders';
    expect(doc.paths[path].post.deprecated).toBe(true);
    expect(doc.paths[path].get.deprecated).toBeUndefined();
  });
});
