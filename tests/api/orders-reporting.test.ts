import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { capacitySummary } from '../helpers/events';
import { seedInvoiceBasisGrandTotal, storedDocument, storedDocuments } from '../helpers/seed';

/** report-sold, return, approve-reconciliation and the invoice basis (lifecycle rules 1, 2 and 4). */
let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
let event: any;
let A: string;
let C: string;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
  event = await createEvent(api, f, { venueCapacity: 100 });
  [A, C] = event.ticketTypes.map((t: any) => t.id);
});
afterAll(() => api.close());

/** The first showtime's counter as the capacity-summary route shows it. */
const ordersSold = async (e: any) => (await capacitySummary(api, f, e.id)).showtimes[0] as Record<string, number>;

describe('report-sold', () => {
  it('records the cumulative total with per-type increments and takes capacity for the increase', async () => {
    const order = await o.delivered(f.member, event, [3, 2]);
    const before = (await ordersSold(event)).sold;
    let res = await o.reportSold(f.member, order.id, {
      soldQuantity: 2,
      soldTypeQuantities: [{ ticketTypeId: A, soldQuantity: 2 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'delivered',
      soldQuantity: 2,
      soldTypeQuantities: [{ ticketTypeId: A, soldQuantity: 2 }],
    });
    // user with its role map (auth), order read, one batch: the order's replace and the counter's conditional patch
    // (capacity and lock in one condition, the money beside it) all or nothing (issue 36)
    expect(res.headers.get('x-store-ops')).toBe('3');
    res = await o.reportSold(f.member, order.id, {
      soldQuantity: 5,
      soldTypeQuantities: [
        { ticketTypeId: A, soldQuantity: 1 },
        { ticketTypeId: C, soldQuantity: 2 },
      ],
    });
    expect(res.body.data).toMatchObject({ status: 'awaitingReconciliation', soldQuantity: 5 });
    expect(res.body.data.soldTypeQuantities).toEqual([
      { ticketTypeId: A, soldQuantity: 3 },
      { ticketTypeId: C, soldQuantity: 2 },
    ]);
    const counter = await ordersSold(event);
    expect(counter.sold - before).toBe(5);
    expect(counter.orders).toBeGreaterThanOrEqual(5);
  });

  it('refuses per-type entries that do not add up to the increase, unknown types, totals that shrink or pass ordered minus returned', async () => {
    const order = await o.delivered(f.member, event, [3, 2]);
    await o.reportSold(f.member, order.id, {
      soldQuantity: 1,
      soldTypeQuantities: [{ ticketTypeId: A, soldQuantity: 1 }],
    });
    const before = await ordersSold(event);
    for (const body of [
      { soldQuantity: 3, soldTypeQuantities: [{ ticketTypeId: A, soldQuantity: 3 }] },
      { soldQuantity: 2, soldTypeQuantities: [{ ticketTypeId: 'other', soldQuantity: 1 }] },
      {
        soldQuantity: 3,
        soldTypeQuantities: [
          { ticketTypeId: A, soldQuantity: 1 },
          { ticketTypeId: A, soldQuantity: 1 },
        ],
      },
      { soldQuantity: 4, soldTypeQuantities: [{ ticketTypeId: C, soldQuantity: 3 }] },
      { soldQuantity: 0 },
      { soldQuantity: 6 },
    ]) {
      const res = await o.reportSold(f.member, order.id, body);
      expect([res.status, body]).toEqual([400, body]);
    }
    expect((await ordersSold(event)).sold).toBe(before.sold);
    expect((await o.get(order.id)).soldQuantity).toBe(1);
  });

  it('accepts only delivered orders (400 INVALID_ORDER_STATE otherwise)', async () => {
    const pending = await o.create(f.member, event);
    const res = await o.reportSold(f.member, pending.id, { soldQuantity: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_ORDER_STATE');
  });

  it('lets the owner or an admin report; another member, a ticket manager, a treasurer get 403; an outsider learns nothing', async () => {
    const order = await o.delivered(f.member, event, [2, 0]);
    for (const who of [f.member2, f.ticketManager, f.treasurer]) {
      expect((await o.reportSold(who, order.id, { soldQuantity: 1 })).status).toBe(403);
    }
    const outsider = await api.post(`orders/${order.id}/report-sold`, {
      token: f.outsider.token,
      query: o.q,
      body: { soldQuantity: 1 },
    });
    expect(outsider.status).toBe(403);
    expect(outsider.text).not.toContain(order.id);
    expect((await o.reportSold(f.admin, order.id, { soldQuantity: 1 })).status).toBe(200);
    expect((await o.reportSold({ token: f.superToken }, order.id, { soldQuantity: 2 })).status).toBe(200);
    expect((await o.get(order.id)).soldQuantity).toBe(2);
  });

  it('refuses with 409 SALES_LOCKED on a locked event', async () => {
    const locked = await createEvent(api, f);
    const order = await o.delivered(f.member, locked, [2, 0]);
    await api.put(`management/events/${locked.id}/lock`, {
      token: f.admin.token,
      query: o.q,
      body: { salesLocked: true },
    });
    const res = await o.reportSold(f.member, order.id, { soldQuantity: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('SALES_LOCKED');
    expect((await ordersSold(locked)).sold).toBe(0);
    // The lock is one capability in both directions: an empty body toggles it open again.
    await api.put(`management/events/${locked.id}/lock`, { token: f.admin.token, query: o.q, body: {} });
    const reopened = await o.reportSold(f.member, order.id, { soldQuantity: 1 });
    expect(reopened.status).toBe(200);
    expect((await ordersSold(locked)).sold).toBe(1);
  });

  it('answers 409 CAPACITY_EXCEEDED with availableCapacity and requestedDelta, writing nothing', async () => {
    const small = await createEvent(api, f, { venueCapacity: 3 });
    const order = await o.delivered(f.member, small, [5, 0]);
    const res = await o.reportSold(f.member, order.id, { soldQuantity: 4 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'CAPACITY_EXCEEDED',
      errorCode: 'CAPACITY_EXCEEDED',
      data: { availableCapacity: 3, requestedDelta: 4 },
    });
    expect((await o.get(order.id)).soldQuantity).toBe(0);
    expect((await ordersSold(small)).sold).toBe(0);
  });

  it('20 parallel reports on different orders against remaining capacity 10 never oversell', async () => {
    const tight = await createEvent(api, f, { venueCapacity: 10 });
    const orders = [];
    for (let i = 0; i < 20; i += 1) orders.push(await o.delivered(i % 2 ? f.member : f.member2, tight, [1, 0]));
    const results = await Promise.all(
      orders.map((x, i) => o.reportSold(i % 2 ? f.member : f.member2, x.id, { soldQuantity: 1 })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const counter = await ordersSold(tight);
    expect(counter).toMatchObject({ sold: 10, orders: 10 });
    // The ledger side (capacityQuantity is internal, in no response): read as stored.
    const sold = (await storedDocuments<{ eventId: string; capacityQuantity: number }>(f.orgId, 'order')).filter(
      (d) => d.eventId === tight.id,
    );
    expect(sold.reduce((s, r) => s + r.capacityQuantity, 0)).toBe(10);
  });

  it('two parallel reports of the same increase on one order cannot both apply', async () => {
    const order = await o.delivered(f.member, event, [4, 0]);
    const before = (await ordersSold(event)).sold;
    const body = { soldQuantity: 3, soldTypeQuantities: [{ ticketTypeId: A, soldQuantity: 3 }] };
    const results = await Promise.all([o.reportSold(f.member, order.id, body), o.reportSold(f.admin, order.id, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await o.get(order.id)).soldQuantity).toBe(3);
    expect((await ordersSold(event)).sold - before).toBe(3);
  });

  it('ten parallel reports of growing totals on one order end at the largest total with capacity equal to it', async () => {
    const order = await o.delivered(f.member, event, [10, 0]);
    const before = (await ordersSold(event)).sold;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => o.reportSold(f.member, order.id, { soldQuantity: i + 1 })),
    );
    expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    const final = await o.get(order.id);
    expect((await ordersSold(event)).sold - before).toBe(final.soldQuantity);
    expect(final.soldQuantity).toBe(10);
  });
});

describe('return', () => {
  it('records incremental returns up to the outstanding balance; capacity is untouched', async () => {
    const order = await o.delivered(f.member, event, [3, 1]);
    await o.reportSold(f.member, order.id, {
      soldQuantity: 2,
      soldTypeQuantities: [{ ticketTypeId: A, soldQuantity: 2 }],
    });
    const before = (await ordersSold(event)).sold;
    let res = await o.ret(f.ticketManager, order.id, {
      returnQuantity: 1,
      returnTypeQuantities: [{ ticketTypeId: C, returnQuantity: 1 }],
    });
    expect(res.body.data).toMatchObject({ status: 'delivered', returnedQuantity: 1 });
    expect((await o.ret(f.ticketManager, order.id, { returnQuantity: 2 })).status).toBe(400);
    res = await o.ret(f.ticketManager, order.id, {
      returnQuantity: 1,
      returnTypeQuantities: [{ ticketTypeId: A, returnQuantity: 1 }],
    });
    expect(res.body.data).toMatchObject({ status: 'awaitingReconciliation', returnedQuantity: 2 });
    expect((await ordersSold(event)).sold).toBe(before);
  });

  it('refuses per-type detail that does not add up or passes a type, zero and non-delivered orders', async () => {
    const order = await o.delivered(f.member, event, [1, 1]);
    for (const body of [
      { returnQuantity: 1, returnTypeQuantities: [{ ticketTypeId: A, returnQuantity: 2 }] },
      { returnQuantity: 2, returnTypeQuantities: [{ ticketTypeId: A, returnQuantity: 2 }] },
      { returnQuantity: 0 },
    ])
      expect((await o.ret(f.ticketManager, order.id, body)).status).toBe(400);
    const pending = await o.create(f.member, event);
    const res = await o.ret(f.ticketManager, pending.id, { returnQuantity: 1 });
    expect([res.status, res.body.error]).toEqual([400, 'INVALID_ORDER_STATE']);
  });

  it('a member returns only their own tickets and only after the showtime; managers without the date rule', async () => {
    const future = await o.delivered(f.member, event, [2, 0]);
    expect((await o.ret(f.member, future.id, { returnQuantity: 1 })).status).toBe(403);
    expect((await o.ret(f.member2, future.id, { returnQuantity: 1 })).status).toBe(403);
    expect((await o.ret(f.treasurer, future.id, { returnQuantity: 1 })).status).toBe(200);
    const past = await createEvent(api, f, { date: '2020-03-01T18:00:00.000Z' });
    const old = await o.delivered(f.member, past, [2, 0]);
    expect((await o.ret(f.member2, old.id, { returnQuantity: 1 })).status).toBe(403);
    const res = await o.ret(f.member, old.id, { returnQuantity: 1 });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-store-ops'))).toBeLessThanOrEqual(4);
  });
});

describe('approve-reconciliation and the invoice basis', () => {
  it('freezes sold × order-time prices to the cent after the ticket type price changed', async () => {
    const priced = await createEvent(api, f, {
      ticketTypes: [
        { name: 'Adult', price: 19.99, fee: 0.35, sortOrder: 1 },
        { name: 'Child', price: 0.1, fee: 0.2, sortOrder: 2 },
      ],
    });
    const [pa, pc] = priced.ticketTypes.map((t: any) => t.id);
    const order = await o.delivered(f.member, priced, [7, 3]);
    // The prices change after the order was placed, through the event update route.
    const repriced = await api.put(`management/events/${priced.id}`, {
      token: f.admin.token,
      query: o.q,
      body: {
        ticketTypes: priced.ticketTypes.map((t: any) => ({
          id: t.id,
          name: t.name,
          price: t.price + 5,
          fee: 9,
          sortOrder: t.sortOrder,
        })),
      },
    });
    expect(repriced.status).toBe(200);
    await o.reportSold(f.member, order.id, {
      soldQuantity: 6,
      soldTypeQuantities: [
        { ticketTypeId: pa, soldQuantity: 3 },
        { ticketTypeId: pc, soldQuantity: 3 },
      ],
    });
    await o.ret(f.ticketManager, order.id, {
      returnQuantity: 4,
      returnTypeQuantities: [{ ticketTypeId: pa, returnQuantity: 4 }],
    });
    const res = await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager);
    expect(res.status).toBe(200);
    const settled = res.body.data;
    expect(settled).toMatchObject({
      status: 'settled',
      reconciledBy: f.ticketManager.id,
      reconciledByName: 'Tina Manager',
      invoiceBasisValid: true,
    });
    expect(settled).not.toHaveProperty('invoicedAt');
    expect(settled.invoiceBasis.lines).toEqual([
      { ticketTypeId: pa, ticketTypeName: 'Adult', quantity: 3, unitPrice: 19.99, fee: 0.35, amount: 59.97 },
      { ticketTypeId: pc, ticketTypeName: 'Child', quantity: 3, unitPrice: 0.1, fee: 0.2, amount: 0.3 },
    ]);
    expect(settled.invoiceBasis.grandTotal).toBe(60.27);
    expect(settled.invoiceBasis.totalFees).toBe(1.65);
    const again = await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager);
    expect([again.status, again.body.error]).toEqual([400, 'INVALID_ORDER_STATE']);
    expect((await o.get(order.id)).invoiceBasis).toEqual(settled.invoiceBasis);
  });

  it('all sold without per-type detail derives the basis from the ordered lines', async () => {
    const order = await o.delivered(f.member, event, [2, 1]);
    await o.reportSold(f.admin, order.id, { soldQuantity: 3 });
    const settled = (await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager)).body.data;
    expect(settled.invoiceBasis).toMatchObject({ grandTotal: 60, totalFees: 3.5 });
    expect(settled.invoiceBasis.lines.map((l: any) => l.quantity)).toEqual([2, 1]);
  });

  it('nothing sold gives an empty basis worth 0', async () => {
    const order = await o.delivered(f.member, event, [2, 1]);
    await o.ret(f.ticketManager, order.id, { returnQuantity: 3 });
    const settled = (await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager)).body.data;
    expect(settled.invoiceBasis).toMatchObject({ lines: [], grandTotal: 0, totalFees: 0 });
    expect(settled.invoiceBasisValid).toBe(true);
  });

  it('a partial sale without complete per-type detail is 400 and stays unsettled', async () => {
    const order = await o.delivered(f.member, event, [2, 2]);
    await o.reportSold(f.member, order.id, { soldQuantity: 2 });
    await o.ret(f.ticketManager, order.id, { returnQuantity: 2 });
    const res = await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager);
    expect(res.status).toBe(400);
    const after = await o.get(order.id);
    expect(after.status).toBe('awaitingReconciliation');
    expect(after).not.toHaveProperty('invoiceBasis');
  });

  it('a partial sale whose return detail is present but incomplete is 400 and stays unsettled', async () => {
    const order = await o.delivered(f.member, event, [2, 2]);
    await o.reportSold(f.member, order.id, {
      soldQuantity: 2,
      soldTypeQuantities: [{ ticketTypeId: A, soldQuantity: 2 }],
    });
    await o.ret(f.ticketManager, order.id, {
      returnQuantity: 1,
      returnTypeQuantities: [{ ticketTypeId: C, returnQuantity: 1 }],
    });
    await o.ret(f.ticketManager, order.id, { returnQuantity: 1 });
    const res = await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager);
    expect([res.status, res.body.error]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await o.get(order.id)).status).toBe('awaitingReconciliation');
  });

  it('stores the frozen basis but never invoiceBasisValid, which every response derives', async () => {
    const order = await o.delivered(f.member, event, [1, 0]);
    await o.reportSold(f.member, order.id, { soldQuantity: 1 });
    const settled = (await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager)).body.data;
    expect(settled.invoiceBasisValid).toBe(true);
    const stored = await storedDocument(f.orgId, order.id);
    expect(stored!.invoiceBasis).toEqual(settled.invoiceBasis);
    expect(stored).not.toHaveProperty('invoiceBasisValid');
    // A tampered stored basis reads as invalid at once: the flag is derived, not remembered.
    await seedInvoiceBasisGrandTotal(f.orgId, order.id, 1);
    expect((await o.get(order.id)).invoiceBasisValid).toBe(false);
  });

  it('accepts only awaitingReconciliation orders, Ticket Manager+ only', async () => {
    const order = await o.delivered(f.member, event, [1, 0]);
    const res = await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager);
    expect([res.status, res.body.error]).toEqual([400, 'INVALID_ORDER_STATE']);
    await o.reportSold(f.member, order.id, { soldQuantity: 1 });
    expect((await o.post(`orders/${order.id}/approve-reconciliation`, f.member)).status).toBe(403);
    expect((await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager)).status).toBe(200);
  });
});
