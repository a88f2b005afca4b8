import { TestHost } from '../helpers/harness';
import { addPerson, createEvent, createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { capacitySummary } from '../helpers/events';
import { seedDelegatedAttribution, seedOrderCreatedAt, storedDocuments } from '../helpers/seed';

/** force-record-sold (lifecycle rule 3, capability mode) and the order lists. */
let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
let event: any;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
  event = await createEvent(api, f, { venueCapacity: 2 });
});
afterAll(() => api.close());

/** Audit entries and alerts have no list route here: read as stored (the seed module's inspection helper). */
const docsOf = (orgId: string, docType: string) => storedDocuments(orgId, docType);
/** The counters as the capacity-summary route shows them, one entry per showtime. */
const showtimeCounters = async (eventId: string) =>
  (await capacitySummary(api, f, eventId)).showtimes as Record<string, number>[];

describe('force-record-sold', () => {
  it('bypasses the ceiling, moves the counter, writes the audit entry and alerts the other admins', async () => {
    const secondAdmin = await addPerson(api, f.superToken, f.orgId, 'admin', 'Second Admin');
    const order = await o.delivered(f.member, event, [4, 0]);
    expect((await o.reportSold(f.member, order.id, { soldQuantity: 3 })).status).toBe(409);
    const res = await o.post(`orders/${order.id}/force-record-sold`, f.admin, {
      soldQuantity: 3,
      reason: 'door sales',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'delivered', soldQuantity: 3 });
    const [counter] = await showtimeCounters(event.id);
    expect(counter).toMatchObject({ sold: 3, orders: 3, capacity: 2 });
    const audits = (await docsOf(f.orgId, 'audit')).filter((a) => a.orderId === order.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      kind: 'oversale_recorded',
      actorId: f.admin.id,
      actorName: 'Ada Admin',
      previousSoldQuantity: 0,
      soldQuantity: 3,
      delta: 3,
      reason: 'door sales',
      overCapacityBy: 1,
      // Server-derived: the request gave no per-type detail, the single ticket-type line is the only answer.
      soldTypeQuantities: [{ ticketTypeId: event.ticketTypes[0].id, soldQuantity: 3 }],
    });
    // The member's own notices of the order (approved, delivered) are not oversale alerts.
    const alerts = (await docsOf(f.orgId, 'notification')).filter(
      (n) => n.meta.orderId === order.id && n.type === 'oversale_recorded',
    );
    expect(alerts.map((n) => n.userId)).toEqual([secondAdmin.id]);
    expect(alerts[0]).toMatchObject({ organizationId: f.orgId, type: 'oversale_recorded', read: false, ttl: 2592000 });
    expect(Date.parse(alerts[0].expiresAt) - Date.parse(alerts[0].createdAt)).toBe(2592000 * 1000);
    for (const key of ['title', 'message', 'actionUrl']) expect(alerts[0][key]).toEqual(expect.any(String));
  });

  it('keeps the order delivered even when it completes it; a report of the same total then moves it on', async () => {
    const order = await o.delivered(f.member, event, [2, 1]);
    const [A, C] = event.ticketTypes.map((t: any) => t.id);
    const res = await o.post(`orders/${order.id}/force-record-sold`, f.admin, {
      soldQuantity: 3,
      soldTypeQuantities: [
        { ticketTypeId: A, soldQuantity: 2 },
        { ticketTypeId: C, soldQuantity: 1 },
      ],
      reason: 'sold out at the door',
    });
    expect(res.body.data).toMatchObject({ status: 'delivered', soldQuantity: 3 });
    let settle = await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager);
    expect([settle.status, settle.body.error]).toEqual([400, 'INVALID_ORDER_STATE']);
    const sold = (await showtimeCounters(event.id))[0].sold;
    const report = await o.reportSold(f.member, order.id, { soldQuantity: 3 });
    expect(report.body.data).toMatchObject({ status: 'awaitingReconciliation', soldQuantity: 3 });
    expect((await showtimeCounters(event.id))[0].sold).toBe(sold);
    settle = await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager);
    expect(settle.body.data).toMatchObject({ status: 'settled', invoiceBasisValid: true });
  });

  it('a request that does not raise the total writes nothing', async () => {
    const order = await o.delivered(f.member, event, [2, 0]);
    await o.post(`orders/${order.id}/force-record-sold`, f.admin, { soldQuantity: 1, reason: 'x' });
    const [audits, alerts, counter, before] = [
      (await docsOf(f.orgId, 'audit')).length,
      (await docsOf(f.orgId, 'notification')).length,
      (await showtimeCounters(event.id))[0].sold,
      await o.get(order.id),
    ];
    for (const soldQuantity of [1, 0]) {
      const res = await o.post(`orders/${order.id}/force-record-sold`, f.admin, { soldQuantity, reason: 'again' });
      expect(res.status).toBe(200);
    }
    expect((await docsOf(f.orgId, 'audit')).length).toBe(audits);
    expect((await docsOf(f.orgId, 'notification')).length).toBe(alerts);
    expect((await showtimeCounters(event.id))[0].sold).toBe(counter);
    expect((await o.get(order.id)).updatedAt).toBe(before.updatedAt);
  });

  it('parallel forces of the same total apply once: one audit entry, the counter moved once', async () => {
    const order = await o.delivered(f.member, event, [4, 0]);
    const before = (await showtimeCounters(event.id))[0].sold;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        o.post(`orders/${order.id}/force-record-sold`, f.admin, { soldQuantity: 4, reason: 'box office' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect((await showtimeCounters(event.id))[0].sold - before).toBe(4);
    expect((await docsOf(f.orgId, 'audit')).filter((a) => a.orderId === order.id)).toHaveLength(1);
    expect(await o.get(order.id)).toMatchObject({ soldQuantity: 4, status: 'delivered' });
  });

  it('requires delivered, the reason, and never exceeds ordered minus returned', async () => {
    const pending = await o.create(f.member, event, [2, 0]);
    let res = await o.post(`orders/${pending.id}/force-record-sold`, f.admin, { soldQuantity: 1, reason: 'x' });
    expect([res.status, res.body.error]).toEqual([400, 'INVALID_ORDER_STATE']);
    const order = await o.delivered(f.member, event, [2, 0]);
    res = await o.post(`orders/${order.id}/force-record-sold`, f.admin, { soldQuantity: 1 });
    expect(res.status).toBe(400);
    res = await o.post(`orders/${order.id}/force-record-sold`, f.admin, { soldQuantity: 3, reason: 'x' });
    expect(res.status).toBe(400);
  });

  it('is Admin or Super Admin only', async () => {
    const order = await o.delivered(f.member, event, [2, 0]);
    for (const who of [f.treasurer, f.member]) {
      expect((await o.post(`orders/${order.id}/force-record-sold`, who, { soldQuantity: 1, reason: 'x' })).status).toBe(
        403,
      );
    }
    expect(
      (await o.post(`orders/${order.id}/force-record-sold`, { token: f.superToken }, { soldQuantity: 1, reason: 'x' }))
        .status,
    ).toBe(200);
  });

  it('refuses a sellingPartner organization with 403 ORG_MODE_RESTRICTED before the body or the order is read', async () => {
    const partnerOrg = await createOrganization(api, f.superToken, {
      name: 'Partner',
      organizationMode: 'sellingPartner',
    });
    const admin = await addPerson(api, f.superToken, partnerOrg, 'admin', 'Partner Admin');
    for (const body of [{ soldQuantity: 1, reason: 'x' }, { nonsense: true }]) {
      const res = await api.post('orders/whatever/force-record-sold', {
        token: admin.token,
        query: { organizationId: partnerOrg },
        body,
      });
      expect([res.status, res.body.error]).toEqual([403, 'ORG_MODE_RESTRICTED']);
    }
  });
});

describe('order lists', () => {
  let listEvent: any;
  const ids: string[] = [];
  beforeAll(async () => {
    listEvent = await createEvent(api, f, { venueCapacity: 50 });
    for (let i = 0; i < 4; i += 1) ids.push((await o.create(i % 2 ? f.member2 : f.member, listEvent, [1, 0])).id);
    await o.approve(ids[3]);
  });
  const list = (query: Record<string, string | number>, token = f.ticketManager.token) =>
    api.get('orders', { token, query: { ...o.q, eventId: listEvent.id, ...query } });

  it('puts the pending queue oldest first, everything else newest first', async () => {
    const pending = await list({ status: 'pending' });
    expect(pending.body.data.items.map((x: any) => x.id)).toEqual(ids.slice(0, 3));
    const all = await list({});
    expect(all.body.data.items.map((x: any) => x.id)).toEqual([...ids].reverse());
    const two = await list({ status: 'pending,approved' });
    expect(two.body.data.items).toHaveLength(4);
  });

  it('breaks creation-time ties by ascending id in the pending queue (descending elsewhere), across pages', async () => {
    const tieEvent = await createEvent(api, f, { venueCapacity: 50 });
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) made.push((await o.create(f.member, tieEvent, [1, 0])).id);
    // Equal instants from the seed module: the API cannot create orders in one millisecond on purpose.
    // Three spellings of 10:00:00.000 (legacy forms without milliseconds or with an offset) and two later ones.
    const stamps = [
      '2026-01-01T10:00:00.000Z',
      '2026-01-01T10:00:00Z',
      '2026-01-01T11:00:00.000+01:00',
      '2026-01-01T10:00:00.400Z',
      '2026-01-01T10:00:00.400Z',
    ];
    for (const [i, id] of made.entries()) await seedOrderCreatedAt(f.orgId, id, stamps[i]);
    const expected = [...made.slice(0, 3).sort(), ...made.slice(3).sort()];
    const query = { ...o.q, eventId: tieEvent.id };
    const ids = (res: any) => res.body.data.items.map((x: any) => x.id);
    const pending = await api.get('orders', { token: f.ticketManager.token, query: { ...query, status: 'pending' } });
    expect(ids(pending)).toEqual(expected);
    expect(ids(await api.get('orders', { token: f.ticketManager.token, query }))).toEqual([...expected].reverse());
    const paged: string[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await api.get('orders', {
        token: f.ticketManager.token,
        query: { ...query, status: 'pending', limit: 2, continuationToken },
      });
      paged.push(...ids(page));
      continuationToken = page.body.data.continuationToken;
    } while (continuationToken);
    expect(paged).toEqual(expected);
  });

  it('filters by requestedBy, showtimeId and archived, pages with continuation tokens', async () => {
    const mine = await list({ requestedBy: f.member2.id });
    expect(mine.body.data.items.map((x: any) => x.id)).toEqual([ids[3], ids[1]]);
    expect((await list({ showtimeId: 'other' })).body.data.items).toEqual([]);
    expect((await list({ archived: 'true' })).body.data.items).toEqual([]);
    expect((await list({ archived: 'all' })).body.data.items).toHaveLength(4);
    const first = await list({ limit: 3 });
    expect(first.body.data.items).toHaveLength(3);
    const second = await list({ limit: 3, continuationToken: first.body.data.continuationToken });
    expect(second.body.data.items.map((x: any) => x.id)).toEqual([ids[0]]);
    expect((await list({ continuationToken: 'garbage' })).status).toBe(400);
    expect((await list({ status: 'bogus' })).status).toBe(400);
    expect((await list({ archived: 'maybe' })).status).toBe(400);
  });

  it('is Ticket Manager+; members use me/orders and see only their own', async () => {
    expect((await list({}, f.member.token)).status).toBe(403);
    expect((await api.get(`orders/${ids[0]}`, { token: f.member.token, query: o.q })).status).toBe(403);
    expect((await api.get(`orders/${ids[0]}`, { token: f.outsider.token, query: o.q })).status).toBe(403);
    const mine = await api.get('me/orders', { token: f.member2.token, query: { ...o.q, eventId: listEvent.id } });
    expect(mine.body.data.items.map((x: any) => x.id)).toEqual([ids[3], ids[1]]);
    const cross = await api.get('me/orders', {
      token: f.member2.token,
      query: { ...o.q, eventId: listEvent.id, requestedBy: f.member.id },
    });
    expect(cross.status).toBe(400);
  });

  it('hides buyer and seller identities from ordinary members, not from managers', async () => {
    const id = ids[0];
    // Delegated attribution from the seed module: delegated sales are another issue.
    await seedDelegatedAttribution(f.orgId, id, {
      soldByOrganizationId: 'p-org',
      soldByUserId: 'seller',
      soldByUserName: 'Sam',
      buyerUserId: 'buyer',
      buyerUserName: 'Bea',
      buyerUserEmail: 'b@x.org',
      delegationId: 'd1',
    });
    const asMember = (
      await api.get('me/orders', { token: f.member.token, query: { ...o.q, eventId: listEvent.id } })
    ).body.data.items.find((x: any) => x.id === id);
    expect(asMember).toMatchObject({ soldByOrganizationId: 'p-org', delegationId: 'd1' });
    for (const hidden of ['soldByUserId', 'soldByUserName', 'buyerUserId', 'buyerUserName', 'buyerUserEmail'])
      expect(asMember).not.toHaveProperty(hidden);
    const asManager = (await api.get(`orders/${id}`, { token: f.ticketManager.token, query: o.q })).body.data;
    expect(asManager).toMatchObject({ soldByUserId: 'seller', buyerUserEmail: 'b@x.org' });
  });
});
