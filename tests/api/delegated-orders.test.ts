import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization } from '../helpers/fixtures';
import { capacitySummary, giveFree, q, TWO_SHOWTIMES } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import {
  loseCapacityCounter,
  partitionFingerprint,
  seedActiveDelegation,
  storedDocument,
  storedDocuments,
} from '../helpers/seed';
import { delegatedEvent, delegatedWorld, partnerApi, storeOps, type DelegatedWorld } from '../helpers/delegated-orders';

/**
 * Delegated sales, partner side (docs/decisions/delegated-orders.md rules 3 to 7): sales context, member self-service orders, the approval
 * queue and its moves, cancel, and the partner's orders list with its minimal projection.
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

/** Fields of the owner's internals that no partner answer may hold. */
const OWNER_INTERNALS = [
  'organizationId',
  'requestedBy',
  'requestedByName',
  'requestedByEmail',
  'approvedBy',
  'approvedByName',
  'deliveredBy',
  'deliveredByName',
  'cancelledBy',
  'cancelledByName',
  'adminNote',
  'adminNoteBy',
  'adminNoteByName',
  'adminNoteAt',
  'invoiceBasis',
  'invoiceBasisValid',
  'invoicedAt',
  'archived',
  'archivedAt',
  'transferHistory',
  'delegatedOrigin',
  'capacityQuantity',
  'docType',
  '_etag',
  'sortKey',
];
const expectPartnerProjection = (order: Record<string, unknown>) => {
  for (const field of OWNER_INTERNALS) expect(order).not.toHaveProperty(field);
};

describe('GET .../sales-context', () => {
  it('gives ticket types, showtimes and per-showtime venueCapacity and remaining from the live counters', async () => {
    expect((await giveFree(api, w.f, w.event, 7)).status).toBe(201);
    const res = await d.get(w.p.ticketManager, '/sales-context');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      eventId: w.event.id,
      eventName: 'Spring Concert',
      date: w.event.date,
      location: 'Town Hall',
      active: true,
      salesLocked: false,
      ownerOrganizationName: 'Owner choir',
      delegationId: w.delegationId,
      ticketTypes: [
        { id: w.event.ticketTypes[0].id, name: 'Adult', price: 25, fee: 1.5 },
        { id: w.event.ticketTypes[1].id, name: 'Child', price: 10, fee: 0.5 },
      ],
      showtimes: [
        {
          showtimeId: w.event.showtimes[0].showtimeId,
          dateTime: w.event.showtimes[0].dateTime,
          venueCapacity: 100,
          remaining: 93,
        },
      ],
    });
    expect(res.text).not.toContain(w.f.orgId);
    // Scope: user (its role map grants: no membership read), partner organization, owner's event; then the
    // counters: one query.
    expect(storeOps(res)).toBe(4);
  });

  it('computes remaining from the event when a showtime has no counter yet', async () => {
    const other = await delegatedEvent(api, w, { venueCapacity: 40, ...TWO_SHOWTIMES });
    await loseCapacityCounter(w.f.orgId, other.event.id, other.event.showtimes[1].showtimeId);
    const res = await partnerApi(api, other).get(w.p.ticketManager, '/sales-context');
    expect(res.status).toBe(200);
    expect(res.body.data.showtimes).toEqual([
      expect.objectContaining({ label: 'Matinee', venueCapacity: 40, remaining: 40 }),
      expect.objectContaining({ label: 'Evening', venueCapacity: 40, remaining: 40 }),
    ]);
  });

  it('refuses a member (403), a stranger to the partner (403) and an event not delegated to the partner (404)', async () => {
    expect((await d.get(w.p.member, '/sales-context')).status).toBe(403);
    expect((await d.get(w.p.outsider, '/sales-context')).status).toBe(403);
    expect((await d.get(w.f.admin, '/sales-context')).status).toBe(403);
    const undelegated = await createEvent(api, w.f);
    const res = await api.get(`organizations/${w.p.orgId}/delegated-events/${undelegated.id}/sales-context`, {
      token: w.p.admin.token,
    });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain(undelegated.name);
  });
});

describe('POST .../orders/self', () => {
  it("creates a pending order of the caller in the owner's partition, attributed to the partner, holding no seats", async () => {
    const before = await capacitySummary(api, w.f, w.event.id);
    const res = await d.selfOrder(w.p.member, [2, 1], { note: 'for my neighbours' });
    expect(res.status).toBe(201);
    const order = res.body.data;
    expect(order).toMatchObject({
      status: 'pending',
      eventId: w.event.id,
      eventName: 'Spring Concert',
      showtimeId: w.event.showtimes[0].showtimeId,
      showtimeDateTime: w.event.showtimes[0].dateTime,
      totalQuantity: 3,
      totalAmount: 60,
      totalFees: 3.5,
      note: 'for my neighbours',
      buyerUserId: w.p.member.id,
      buyerUserName: 'Mia Member',
      buyerUserEmail: w.p.member.email,
      soldByOrganizationId: w.p.orgId,
      soldByOrganizationName: 'Partner shop',
      soldByUserId: w.p.member.id,
      soldByUserName: 'Mia Member',
      delegationId: w.delegationId,
    });
    expect(order.tickets).toEqual([
      { ticketTypeId: w.event.ticketTypes[0].id, ticketTypeName: 'Adult', quantity: 2, unitPrice: 25, fee: 1.5 },
      { ticketTypeId: w.event.ticketTypes[1].id, ticketTypeName: 'Child', quantity: 1, unitPrice: 10, fee: 0.5 },
    ]);
    expectPartnerProjection(order);
    expect(storeOps(res)).toBe(4);
    const stored = await storedDocument(w.f.orgId, order.id);
    expect(stored).toMatchObject({
      organizationId: w.f.orgId,
      requestedBy: w.p.member.id,
      capacityQuantity: 0,
      status: 'pending',
    });
    expect(await storedDocument(w.p.orgId, order.id)).toBeUndefined();
    expect(await capacitySummary(api, w.f, w.event.id)).toEqual(before);
  });

  it('lets any approved partner member order, Ticket Manager+ included; never restricted by organization mode', async () => {
    for (const who of [w.p.member2, w.p.ticketManager, w.p.treasurer, w.p.admin]) {
      expect((await d.selfOrder(who, [1, 0])).status).toBe(201);
    }
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await partitionFingerprint(w.f.orgId);
    const adult = w.event.ticketTypes[0].id;
    const bodies: unknown[] = [
      {},
      { tickets: [] },
      { tickets: [{ ticketTypeId: adult, quantity: 0 }] },
      { tickets: [{ ticketTypeId: adult, quantity: 1.5 }] },
      { tickets: [{ ticketTypeId: adult, quantity: 1 }], eventId: w.event.id },
      { tickets: [{ ticketTypeId: 'unknown-type', quantity: 1 }] },
      {
        tickets: [
          { ticketTypeId: adult, quantity: 1 },
          { ticketTypeId: adult, quantity: 1 },
        ],
      },
      { tickets: [{ ticketTypeId: adult, quantity: 1 }], showtimeId: 'unknown-showtime' },
      { tickets: [{ ticketTypeId: adult, quantity: 1 }], note: 'x'.repeat(1001) },
    ];
    for (const body of bodies) {
      const res = await d.post(w.p.member, '/orders/self', body);
      expect({ body, status: res.status, error: res.body.error }).toEqual({
        body,
        status: 400,
        error: 'VALIDATION_ERROR',
      });
    }
    expect(await partitionFingerprint(w.f.orgId)).toEqual(before);
  });

  it('needs showtimeId when the event has several showtimes', async () => {
    const other = await delegatedEvent(api, w, TWO_SHOWTIMES);
    const o = partnerApi(api, other);
    expect((await o.selfOrder(w.p.member, [1, 0])).status).toBe(400);
    const res = await o.selfOrder(w.p.member, [1, 0], { showtimeId: other.event.showtimes[1].showtimeId });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ showtimeLabel: 'Evening', showtimeId: other.event.showtimes[1].showtimeId });
  });

  it('refuses a locked event with 409 SALES_LOCKED and creates nothing', async () => {
    const other = await delegatedEvent(api, w);
    const lock = await api.put(`management/events/${other.event.id}/lock`, {
      token: w.f.admin.token,
      query: q(w.f),
      body: { salesLocked: true },
    });
    expect(lock.status).toBe(200);
    const res = await partnerApi(api, other).selfOrder(w.p.member);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'SALES_LOCKED', errorCode: 'SALES_LOCKED' });
    expect((await storedDocuments(w.f.orgId, 'order')).filter((o: any) => o.eventId === other.event.id)).toHaveLength(
      0,
    );
  });

  it('refuses strangers to the partner: the owner organization, an outsider (403), nothing written', async () => {
    const before = await partitionFingerprint(w.f.orgId);
    for (const who of [w.f.admin, w.f.member, w.p.outsider]) {
      const res = await d.selfOrder(who);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain(w.event.name);
    }
    expect(await partitionFingerprint(w.f.orgId)).toEqual(before);
  });
});

describe('queue, approve, deliver, approve-and-deliver, cancel', () => {
  let queued: DelegatedWorld;
  let o: ReturnType<typeof partnerApi>;
  let ids: string[];
  let rival: DelegatedWorld;
  let ownerOrderId: string;
  beforeAll(async () => {
    queued = await delegatedEvent(api, w);
    o = partnerApi(api, queued);
    ids = [];
    for (const who of [w.p.member, w.p.member2, w.p.member]) ids.push((await o.created(who, [1, 1])).id);
    // A second partner selling the same event, and an owner member's own order: neither is this partner's.
    const rivalOrg = await setupOrganization(api, { name: 'Rival shop' });
    const rivalDelegation = await seedActiveDelegation(w.f.orgId, queued.event.id, rivalOrg.orgId);
    rival = { ...queued, p: rivalOrg, delegationId: rivalDelegation };
    await partnerApi(api, rival).created(rivalOrg.member, [1, 0]);
    ownerOrderId = (await orderApi(api, w.f).create(w.f.member, queued.event, [1, 0])).id;
  });

  it('lists this delegation’s pending orders oldest first, paged, with the partner projection', async () => {
    const res = await o.get(w.p.ticketManager, '/orders/queue');
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((x: any) => x.id)).toEqual(ids);
    res.body.data.items.forEach(expectPartnerProjection);
    expect(storeOps(res)).toBe(4);
    const first = await o.get(w.p.ticketManager, '/orders/queue', { limit: 2 });
    expect(first.body.data.items.map((x: any) => x.id)).toEqual(ids.slice(0, 2));
    const second = await o.get(w.p.ticketManager, '/orders/queue', {
      limit: 2,
      continuationToken: first.body.data.continuationToken,
    });
    expect(second.body.data.items.map((x: any) => x.id)).toEqual([ids[2]]);
    expect(second.body.data.continuationToken).toBeUndefined();
  });

  it('refuses a member (403) and a bad filter (400)', async () => {
    expect((await o.get(w.p.member, '/orders/queue')).status).toBe(403);
    expect((await o.get(w.p.ticketManager, '/orders/queue', { status: 'delivered' })).status).toBe(400);
    expect((await o.get(w.p.ticketManager, '/orders/queue', { limit: 0 })).status).toBe(400);
    expect((await o.get(w.p.ticketManager, '/orders/queue', { continuationToken: 'forged' })).status).toBe(400);
  });

  it('approves a pending order (approved queue), then delivers it with sold 0 and returned 0', async () => {
    const approve = await o.post(w.p.ticketManager, `/orders/${ids[0]}/approve`);
    expect(approve.status).toBe(200);
    expect(approve.body.data).toMatchObject({ status: 'approved', approvedAt: expect.any(String) });
    expectPartnerProjection(approve.body.data);
    expect(storeOps(approve)).toBe(5);
    const stored = await storedDocument(w.f.orgId, ids[0]);
    expect(stored).toMatchObject({ approvedBy: w.p.ticketManager.id, approvedByName: 'Tina Manager' });
    const pending = await o.get(w.p.ticketManager, '/orders/queue', { status: 'pending' });
    expect(pending.body.data.items.map((x: any) => x.id)).toEqual(ids.slice(1));
    const approvedQueue = await o.get(w.p.ticketManager, '/orders/queue', { status: 'approved' });
    expect(approvedQueue.body.data.items.map((x: any) => x.id)).toEqual([ids[0]]);

    const again = await o.post(w.p.ticketManager, `/orders/${ids[0]}/approve`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'INVALID_ORDER_STATE', errorCode: 'INVALID_ORDER_STATE' });
    expect((await o.post(w.p.ticketManager, `/orders/${ids[0]}/approve-and-deliver`)).status).toBe(409);

    const deliver = await o.post(w.p.ticketManager, `/orders/${ids[0]}/deliver`);
    expect(deliver.status).toBe(200);
    expect(deliver.body.data).toMatchObject({ status: 'delivered', soldQuantity: 0, returnedQuantity: 0 });
    expect((await o.post(w.p.ticketManager, `/orders/${ids[0]}/deliver`)).status).toBe(409);
  });

  it('refuses deliver on a pending order with 409 INVALID_ORDER_STATE', async () => {
    const res = await o.post(w.p.ticketManager, `/orders/${ids[1]}/deliver`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('INVALID_ORDER_STATE');
  });

  it('approves and delivers a pending order in one step', async () => {
    const res = await o.post(w.p.admin, `/orders/${ids[1]}/approve-and-deliver`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'delivered', soldQuantity: 0, returnedQuantity: 0 });
    expect(res.body.data.approvedAt).toBe(res.body.data.deliveredAt);
    // user, partner organization, delegating event, order, the showtime's serial counter (its tickets are issued),
    // one batch (order and ticket book)
    expect(storeOps(res)).toBe(6);
    const stored = await storedDocument(w.f.orgId, ids[1]);
    expect(stored).toMatchObject({ approvedBy: w.p.admin.id, deliveredBy: w.p.admin.id });
  });

  it("refuses a member (403) and touches only this partner's orders under this delegation (404 otherwise)", async () => {
    for (const path of ['approve', 'deliver', 'approve-and-deliver']) {
      expect((await o.post(w.p.member, `/orders/${ids[2]}/${path}`)).status).toBe(403);
    }
    const rivalQueue = await partnerApi(api, rival).get(rival.p.ticketManager, '/orders/queue');
    const rivalOrderId = rivalQueue.body.data.items[0].id;
    expect(rivalQueue.body.data.items).toHaveLength(1);
    const before = await partitionFingerprint(w.f.orgId);
    for (const id of [rivalOrderId, ownerOrderId, 'no-such-order']) {
      for (const path of ['approve', 'approve-and-deliver', 'cancel']) {
        const res = await o.post(w.p.ticketManager, `/orders/${id}/${path}`);
        expect({ id, path, status: res.status }).toEqual({ id, path, status: 404 });
      }
    }
    expect(await partitionFingerprint(w.f.orgId)).toEqual(before);
    // The partner's own order on another delegated event is not this event's either.
    const elsewhere = (await d.created(w.p.member, [1, 0])).id;
    const res = await o.post(w.p.ticketManager, `/orders/${elsewhere}/approve`);
    expect(res.status).toBe(404);
    expect((await storedDocument(w.f.orgId, elsewhere)).status).toBe('pending');
  });

  it('cancels a pending order for its buyer or a ticket manager only; approved or delivered: 409', async () => {
    const mine = (await o.created(w.p.member2, [1, 0])).id;
    const other = (await o.created(w.p.member2, [1, 0])).id;
    const notBuyer = await o.post(w.p.member, `/orders/${mine}/cancel`, { reason: 'not mine' });
    expect(notBuyer.status).toBe(403);
    const res = await o.post(w.p.member2, `/orders/${mine}/cancel`, { reason: 'changed my mind' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'changed my mind' });
    expectPartnerProjection(res.body.data);
    expect(storeOps(res)).toBe(5);
    expect((await o.post(w.p.ticketManager, `/orders/${other}/cancel`)).status).toBe(200);
    expect((await o.post(w.p.ticketManager, `/orders/${other}/cancel`, { bogus: 1 })).status).toBe(400);

    const approved = (await o.created(w.p.member2, [1, 0])).id;
    await o.move('approve', approved);
    const delivered = await o.delivered(w.p.member2, [1, 0]);
    for (const id of [approved, delivered.id]) {
      for (const who of [w.p.member2, w.p.admin]) {
        const refused = await o.post(who, `/orders/${id}/cancel`);
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ error: 'INVALID_ORDER_STATE', errorCode: 'INVALID_ORDER_STATE' });
      }
    }
  });
});

describe('GET .../orders (the partner’s orders list)', () => {
  let listed: DelegatedWorld;
  let o: ReturnType<typeof partnerApi>;
  beforeAll(async () => {
    listed = await delegatedEvent(api, w);
    o = partnerApi(api, listed);
  });

  it('lists the orders the partner sold for this event, newest first, in the minimal projection', async () => {
    const a = await o.created(w.p.member, [1, 0]);
    const b = await o.delivered(w.p.member2, [2, 0]);
    const c = await o.onBehalf(w.p.ticketManager, w.p.member.id, [1, 1]);
    expect(c.status).toBe(201);
    await orderApi(api, w.f).create(w.f.member, listed.event, [1, 0]); // the owner's own order: not listed
    // Owner staff notes and settles on their side: none of it reaches the partner.
    const note = await api.patch(`orders/${b.id}/admin-note`, {
      token: w.f.ticketManager.token,
      query: q(w.f),
      body: { adminNote: 'owner-only remark' },
    });
    expect(note.status).toBe(200);
    const res = await o.get(w.p.ticketManager, '/orders');
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((x: any) => x.id)).toEqual([c.body.data.id, b.id, a.id]);
    res.body.data.items.forEach(expectPartnerProjection);
    expect(res.text).not.toContain('owner-only remark');
    expect(res.text).not.toContain(w.f.orgId);
    expect(storeOps(res)).toBe(4);
    const pendingOnly = await o.get(w.p.ticketManager, '/orders', { status: 'pending' });
    expect(pendingOnly.body.data.items.map((x: any) => x.id)).toEqual([a.id]);
    const paged = await o.get(w.p.ticketManager, '/orders', { limit: 2 });
    expect(paged.body.data.items).toHaveLength(2);
    expect(paged.body.data.continuationToken).toEqual(expect.any(String));
  });

  it('leaves out an order since transferred away to an owner member', async () => {
    const sold = await o.delivered(w.p.member, [1, 1]);
    const transfer = await api.post(`orders/${sold.id}/transfer`, {
      token: w.f.ticketManager.token,
      query: q(w.f),
      body: { toUserId: w.f.member.id, transferRequestId: crypto.randomUUID(), quantity: 2 },
    });
    expect(transfer.status).toBe(200);
    const res = await o.get(w.p.ticketManager, '/orders');
    expect(res.body.data.items.map((x: any) => x.id)).not.toContain(sold.id);
    // ... and it is no longer the partner's to act on.
    const report = await o.post(w.p.ticketManager, `/orders/${sold.id}/report-sold`, { soldQuantity: 1 });
    expect(report.status).toBe(404);
  });

  it('refuses a member (403) and bad filters (400)', async () => {
    expect((await o.get(w.p.member, '/orders')).status).toBe(403);
    expect((await o.get(w.p.ticketManager, '/orders', { status: 'sold' })).status).toBe(400);
    expect((await o.get(w.p.ticketManager, '/orders', { requestedBy: w.p.member.id })).status).toBe(400);
  });
});
