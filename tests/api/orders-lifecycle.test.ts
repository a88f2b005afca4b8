import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { seedDelegatedSalesMarker } from '../helpers/seed';

/** Order creation and the management moves of the state table (docs/decisions/orders.md, docs/decisions/orders.md). */
let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
let event: any;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
  event = await createEvent(api, f, {
    ticketTypes: [
      { name: 'Adult', price: 12.1, fee: 0.7, sortOrder: 1 },
      { name: 'Child', price: 0.1, fee: 0.2, sortOrder: 2 },
    ],
  });
});
afterAll(() => api.close());

describe('POST /api/orders', () => {
  it('creates a pending order with order-time prices, exact cents and the resolved showtime', async () => {
    const res = await o.post('orders', f.member, {
      eventId: event.id,
      tickets: [
        { ticketTypeId: event.ticketTypes[0].id, quantity: 3 },
        { ticketTypeId: event.ticketTypes[1].id, quantity: 3 },
      ],
      note: 'for the neighbours',
    });
    expect(res.status).toBe(201);
    const order = res.body.data;
    expect(order).toMatchObject({
      status: 'pending',
      eventId: event.id,
      eventName: 'Spring Concert',
      showtimeId: event.showtimes[0].showtimeId,
      showtimeDateTime: event.showtimes[0].dateTime,
      requestedBy: f.member.id,
      requestedByName: 'Mia Member',
      requestedByEmail: f.member.email,
      totalQuantity: 6,
      totalAmount: 36.6,
      totalFees: 2.7,
      note: 'for the neighbours',
      invoiceBasisValid: false,
    });
    expect(order.tickets[1]).toEqual({
      ticketTypeId: event.ticketTypes[1].id,
      ticketTypeName: 'Child',
      quantity: 3,
      unitPrice: 0.1,
      fee: 0.2,
    });
    for (const hidden of ['_etag', 'docType', 'capacityQuantity', '_rid', '_ts'])
      expect(order).not.toHaveProperty(hidden);
  });

  it('costs at most four store calls (user, membership, event, order)', async () => {
    const res = await o.post('orders', f.member, {
      eventId: event.id,
      tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }],
    });
    expect(res.status).toBe(201);
    expect(Number(res.headers.get('x-store-ops'))).toBeLessThanOrEqual(4);
  });

  it('requires showtimeId when the event has several showtimes, and refuses an unknown one', async () => {
    const multi = await createEvent(api, f, {
      showtimes: [
        { showtimeId: 'mat', dateTime: '2027-05-01T14:00:00.000Z', label: 'Matinee' },
        { showtimeId: 'eve', dateTime: '2027-05-01T19:00:00.000Z' },
      ],
    });
    const tickets = [{ ticketTypeId: multi.ticketTypes[0].id, quantity: 1 }];
    expect((await o.post('orders', f.member, { eventId: multi.id, tickets })).status).toBe(400);
    expect((await o.post('orders', f.member, { eventId: multi.id, showtimeId: 'nope', tickets })).status).toBe(400);
    const ok = await o.post('orders', f.member, { eventId: multi.id, showtimeId: 'mat', tickets });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ showtimeId: 'mat', showtimeLabel: 'Matinee' });
  });

  it('refuses unknown or repeated ticket types with 400', async () => {
    const t = event.ticketTypes[0].id;
    for (const tickets of [
      [{ ticketTypeId: 'nope', quantity: 1 }],
      [
        { ticketTypeId: t, quantity: 1 },
        { ticketTypeId: t, quantity: 2 },
      ],
    ]) {
      expect((await o.post('orders', f.member, { eventId: event.id, tickets })).status).toBe(400);
    }
  });

  it('refuses an unknown event with 404, an inactive one with 409, a locked one with 409 SALES_LOCKED', async () => {
    const tickets = (e: any) => [{ ticketTypeId: e.ticketTypes[0].id, quantity: 1 }];
    expect((await o.post('orders', f.member, { eventId: 'missing', tickets: tickets(event) })).status).toBe(404);
    const inactive = await createEvent(api, f, { active: false });
    const res = await o.post('orders', f.member, { eventId: inactive.id, tickets: tickets(inactive) });
    expect(res.status).toBe(409);
    const locked = await createEvent(api, f);
    await api.put(`management/events/${locked.id}/lock`, {
      token: f.admin.token,
      query: o.q,
      body: { salesLocked: true },
    });
    const refused = await o.post('orders', f.member, { eventId: locked.id, tickets: tickets(locked) });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('SALES_LOCKED');
  });

  it('refuses a soft-deleted event with 404', async () => {
    const gone = await createEvent(api, f);
    const deleted = await api.del(`management/events/${gone.id}`, { token: f.admin.token, query: o.q });
    expect(deleted.status).toBe(200);
    expect(
      (
        await o.post('orders', f.member, {
          eventId: gone.id,
          tickets: [{ ticketTypeId: gone.ticketTypes[0].id, quantity: 1 }],
        })
      ).status,
    ).toBe(404);
  });

  it('refuses an event carrying a delegated-sales projection with 409 WRONG_ENDPOINT for every caller', async () => {
    // A Shared Event projection is not a delegated-sales projection: it takes orders (shared-events-projections).
    for (const marker of [{ orderRouting: 'delegated' }]) {
      const projected = await createEvent(api, f);
      // The marker comes from the seed module: Shared Events and delegations are built in another issue.
      await seedDelegatedSalesMarker(f.orgId, projected.id, marker);
      for (const who of [f.member, f.admin]) {
        const res = await o.post('orders', who, {
          eventId: projected.id,
          tickets: [{ ticketTypeId: projected.ticketTypes[0].id, quantity: 1 }],
        });
        expect(res.status).toBe(409);
        expect(res.body.error).toBe('WRONG_ENDPOINT');
      }
    }
  });

  it('refuses an outsider with 403 and learns nothing', async () => {
    const res = await api.post('orders', {
      token: f.outsider.token,
      query: o.q,
      body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }] },
    });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain(event.id);
  });
});

describe('management moves', () => {
  it('approve, deliver record actor, name and time; deliver records sold 0 and returned 0', async () => {
    const order = await o.create(f.member, event);
    const approved = await o.approve(order.id);
    expect(approved).toMatchObject({
      status: 'approved',
      approvedBy: f.ticketManager.id,
      approvedByName: 'Tina Manager',
    });
    expect(Date.parse(approved.approvedAt)).toBeGreaterThan(0);
    const delivered = await o.deliver(order.id);
    expect(delivered).toMatchObject({
      status: 'delivered',
      soldQuantity: 0,
      returnedQuantity: 0,
      deliveredBy: f.ticketManager.id,
      deliveredByName: 'Tina Manager',
    });
    expect(Date.parse(delivered.deliveredAt)).toBeGreaterThan(0);
  });

  it('refuses moves from the wrong state with 409 INVALID_ORDER_STATE and changes nothing', async () => {
    const order = await o.create(f.member, event);
    let res = await o.post(`orders/${order.id}/deliver`, f.ticketManager);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('INVALID_ORDER_STATE');
    await o.approve(order.id);
    res = await o.post(`orders/${order.id}/approve`, f.ticketManager);
    expect(res.status).toBe(409);
    await o.deliver(order.id);
    for (const path of ['approve', 'deliver', 'cancel']) {
      res = await o.post(`orders/${order.id}/${path}`, f.ticketManager);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('INVALID_ORDER_STATE');
    }
    expect(res.body.errorCode).toBe('INVALID_ORDER_STATE');
    res = await api.del(`orders/${order.id}`, { token: f.ticketManager.token, query: o.q });
    expect(res.status).toBe(409);
    expect((await o.get(order.id)).status).toBe('delivered');
  });

  it('cancels pending and approved orders with reason and actor; a cancelled order cannot be cancelled again', async () => {
    const pending = await o.create(f.member, event);
    const res = await o.post(`orders/${pending.id}/cancel`, f.ticketManager, { reason: 'changed mind' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'changed mind',
      cancelledBy: f.ticketManager.id,
      cancelledByName: 'Tina Manager',
    });
    expect((await o.post(`orders/${pending.id}/cancel`, f.ticketManager)).status).toBe(409);
    const approved = await o.create(f.member, event);
    await o.approve(approved.id);
    expect((await o.post(`orders/${approved.id}/cancel`, f.ticketManager)).body.data.status).toBe('cancelled');
  });

  it('soft-deletes pending and cancelled orders; afterwards they are 404 and missing from lists', async () => {
    const pending = await o.create(f.member2, event);
    const cancelled = await o.create(f.member2, event);
    await o.post(`orders/${cancelled.id}/cancel`, f.ticketManager);
    for (const order of [pending, cancelled]) {
      const res = await api.del(`orders/${order.id}`, { token: f.ticketManager.token, query: o.q });
      expect(res.status).toBe(200);
      expect((await api.get(`orders/${order.id}`, { token: f.admin.token, query: o.q })).status).toBe(404);
      expect((await o.post(`orders/${order.id}/approve`, f.ticketManager)).status).toBe(404);
    }
    const list = await api.get('orders', {
      token: f.admin.token,
      query: { ...o.q, requestedBy: f.member2.id, archived: 'all' },
    });
    if (list.status !== 200) throw new Error(list.text);
    expect(list.body.data.items.map((x: any) => x.id)).not.toContain(pending.id);
    expect(list.body.data.items.map((x: any) => x.id)).not.toContain(cancelled.id);
  });

  it('sets and clears the admin note with its author', async () => {
    const order = await o.create(f.member, event);
    let res = await api.patch(`orders/${order.id}/admin-note`, {
      token: f.ticketManager.token,
      query: o.q,
      body: { adminNote: 'call first' },
    });
    expect(res.body.data).toMatchObject({ adminNote: 'call first', adminNoteBy: f.ticketManager.id });
    // Managers see the note; the member the order belongs to does not.
    const mine = await api.get('me/orders', { token: f.member.token, query: o.q });
    const own = mine.body.data.items.find((x: any) => x.id === res.body.data.id);
    expect(own).toBeDefined();
    expect(own).not.toHaveProperty('adminNote');
    expect(own).not.toHaveProperty('adminNoteBy');
    res = await api.patch(`orders/${order.id}/admin-note`, {
      token: f.ticketManager.token,
      query: o.q,
      body: { adminNote: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).not.toHaveProperty('adminNote');
    expect(res.body.data.adminNoteBy).toBe(f.ticketManager.id);
    res = await api.patch(`orders/${order.id}/admin-note`, {
      token: f.ticketManager.token,
      query: o.q,
      body: { adminNote: 'x'.repeat(2001) },
    });
    expect(res.status).toBe(400);
  });

  it('unknown orders are 404 for every move', async () => {
    for (const path of ['approve', 'deliver', 'cancel', 'approve-reconciliation']) {
      expect((await o.post(`orders/nope/${path}`, f.admin)).status).toBe(404);
    }
    expect((await api.get('orders/nope', { token: f.admin.token, query: o.q })).status).toBe(404);
  });
});
