import { randomUUID } from 'node:crypto';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { seedDelegatedAttribution, seedLegacyDeliveredOrderWithoutSoldQuantity } from '../helpers/seed';
import { seedLegacyUserWithoutRoleMap, seedRoleMapEntry, storedRoleMap } from '../helpers/role-map';

let api: TestHost;
let f: OrgFixture;
let orders: ReturnType<typeof orderApi>;
let event: any;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  orders = orderApi(api, f);
  event = await createEvent(api, f, { date: '2020-01-01T18:00:00.000Z' });
});
afterAll(() => api.close());

const [adult, child] = [0, 1];
const transfer = (orderId: string, body: Record<string, unknown>, token = f.ticketManager.token) =>
  api.post(`orders/${orderId}/transfer`, { token, query: orders.q, body });
const notificationsOf = async (token: string) =>
  (await api.get('notifications', { token, query: orders.q })).body.data.items as any[];

describe('full transfer', () => {
  it('reassigns the order in place, keeps its status and notifies both members with the deep links', async () => {
    const order = await orders.create(f.member, event, [2, 1]);
    await orders.approve(order.id);
    const res = await transfer(order.id, {
      toUserId: f.member2.id,
      transferRequestId: randomUUID(),
      quantity: 3,
      reason: 'swap',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      transferType: 'full',
      quantity: 3,
      recipientUserId: f.member2.id,
      recipientName: f.member2.name,
      sourceOrderId: order.id,
      sourceOrderStatus: 'approved',
      sourceRemainingQuantity: 0,
      sourceHistoryTab: 'active',
      sourceActionUrl: '/history',
      resultOrderId: order.id,
      resultOrderStatus: 'approved',
      resultQuantity: 3,
      resultHistoryTab: 'active',
      resultActionUrl: `/history?tab=active&orderId=${encodeURIComponent(order.id)}`,
    });
    const after = await orders.get(order.id);
    expect(after).toMatchObject({
      requestedBy: f.member2.id,
      requestedByName: f.member2.name,
      status: 'approved',
      totalQuantity: 3,
    });
    expect(after.transferHistory[0]).toMatchObject({
      fromUserId: f.member.id,
      toUserId: f.member2.id,
      transferredBy: f.ticketManager.id,
      transferType: 'full',
      reason: 'swap',
      quantity: 3,
    });
    const sender = (await notificationsOf(f.member.token)).find((n) => n.meta.sourceOrderId === order.id);
    const recipient = (await notificationsOf(f.member2.token)).find((n) => n.meta.resultOrderId === order.id);
    expect(sender.actionUrl).toBe('/history');
    expect(recipient.actionUrl).toBe(res.body.data.resultActionUrl);
  });
});

/**
 * A partial transfer writes the reduced source and the new destination in ONE transactional batch of the
 * organization's partition, so on Cosmos DB a crash between "the two writes" cannot happen: there is one
 * write. The embedded store's batch is all-or-nothing too (shared/store/embedded-patches.ts), so here as well
 * both documents appear together, the ETag guard on the source makes concurrent duplicates collapse into one
 * destination, a replay finds the stored entry, and a request id reused on another order fails the batch on the
 * destination create after the source replace, leaving that source exactly as it was.
 */
describe('partial transfer', () => {
  it('moves only outstanding tickets into a new order with a deterministic id; sold units stay', async () => {
    const order = await orders.delivered(f.member, event, [4, 2]);
    await orders.reportSold(f.member, order.id, {
      soldQuantity: 2,
      soldTypeQuantities: [{ ticketTypeId: event.ticketTypes[adult].id, soldQuantity: 2 }],
    });
    const res = await transfer(order.id, {
      toUserId: f.member2.id,
      transferRequestId: randomUUID(),
      tickets: [
        { ticketTypeId: event.ticketTypes[child].id, quantity: 1 },
        { ticketTypeId: event.ticketTypes[adult].id, quantity: 1 },
      ],
      quantity: 99, // ignored: tickets win
    });
    expect(res.status).toBe(200);
    const result = res.body.data;
    expect(result).toMatchObject({
      transferType: 'partial',
      quantity: 2,
      sourceOrderStatus: 'delivered',
      sourceRemainingQuantity: 4,
      sourceActionUrl: `/history?tab=delivered&orderId=${order.id}`,
      resultOrderStatus: 'delivered',
      resultQuantity: 2,
    });
    expect(result.resultOrderId).not.toBe(order.id);
    const source = await orders.get(order.id);
    expect(source).toMatchObject({ totalQuantity: 4, soldQuantity: 2, status: 'delivered', totalAmount: 85 });
    expect(source.tickets.map((t: any) => t.quantity)).toEqual([3, 1]);
    const destination = await orders.get(result.resultOrderId);
    expect(destination).toMatchObject({
      requestedBy: f.member2.id,
      totalQuantity: 2,
      soldQuantity: 0,
      returnedQuantity: 0,
      status: 'delivered',
      totalAmount: 35,
    });
    expect(destination.tickets.map((t: any) => [t.ticketTypeName, t.quantity, t.unitPrice])).toEqual([
      ['Adult', 1, 25],
      ['Child', 1, 10],
    ]);
  });

  it('moves a delivered source to awaitingReconciliation when its whole remaining balance moves', async () => {
    const order = await orders.delivered(f.member, event, [3, 0]);
    await orders.reportSold(f.member, order.id, { soldQuantity: 1 });
    const res = await transfer(order.id, { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 2 });
    expect(res.body.data).toMatchObject({
      transferType: 'partial',
      sourceOrderStatus: 'awaitingReconciliation',
      sourceHistoryTab: 'delivered',
    });
    expect((await orders.get(order.id)).status).toBe('awaitingReconciliation');
    const settled = await api.post(`orders/${order.id}/approve-reconciliation`, {
      token: f.ticketManager.token,
      query: orders.q,
    });
    expect(settled.status).toBe(200);
    expect(settled.body.data.invoiceBasis.grandTotal).toBe(25);
  });

  it('splits an aggregate quantity proportionally over the ticket types', async () => {
    const order = await orders.create(f.member, event, [4, 2]);
    await orders.approve(order.id);
    const res = await transfer(order.id, { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 3 });
    const destination = await orders.get(res.body.data.resultOrderId);
    expect(destination.tickets.map((t: any) => [t.ticketTypeName, t.quantity])).toEqual([
      ['Adult', 2],
      ['Child', 1],
    ]);
  });
});

describe('idempotency', () => {
  it('10 parallel identical requests create exactly one destination and answer ten identical results', async () => {
    const order = await orders.delivered(f.member, event, [5, 5]);
    const body = { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 4 };
    const results = await Promise.all(Array.from({ length: 10 }, () => transfer(order.id, body)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const r of results) expect(r.body.data).toEqual(results[0].body.data);
    const source = await orders.get(order.id);
    expect(source.totalQuantity).toBe(6);
    expect(source.transferHistory).toHaveLength(1);
    const mine = await api.get('orders', {
      token: f.admin.token,
      query: { ...orders.q, requestedBy: f.member2.id, eventId: event.id, limit: 200 },
    });
    expect(mine.body.data.items.filter((o: any) => o.id === results[0].body.data.resultOrderId)).toHaveLength(1);
    const fromThisSource = mine.body.data.items.filter((o: any) => o.transferHistory?.[0]?.sourceOrderId === order.id);
    expect(fromThisSource).toHaveLength(1);
    // Only the winning batch wrote notifications: one for each side, whose links are the result's deep links.
    const result = results[0].body.data;
    const sent = (await notificationsOf(f.member.token)).filter((n) => n.meta.sourceOrderId === order.id);
    const received = (await notificationsOf(f.member2.token)).filter((n) => n.meta.sourceOrderId === order.id);
    expect(sent.map((n) => [n.type, n.actionUrl])).toEqual([['order_transferred_out', result.sourceActionUrl]]);
    expect(received.map((n) => [n.type, n.actionUrl])).toEqual([['order_transferred_in', result.resultActionUrl]]);
    expect(result.sourceActionUrl).toBe(`/history?tab=delivered&orderId=${encodeURIComponent(order.id)}`);
    expect(result.resultActionUrl).toBe(`/history?tab=delivered&orderId=${encodeURIComponent(result.resultOrderId)}`);
  });

  it('10 parallel identical full transfers reassign once', async () => {
    const order = await orders.create(f.member, event, [1, 1]);
    await orders.approve(order.id);
    const body = { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 2 };
    const results = await Promise.all(Array.from({ length: 10 }, () => transfer(order.id, body)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const r of results) expect(r.body.data).toEqual(results[0].body.data);
    expect((await orders.get(order.id)).transferHistory).toHaveLength(1);
  });

  it('a replay after the source was later settled still returns the original result', async () => {
    const order = await orders.delivered(f.member, event, [2, 0]);
    const body = { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 };
    const first = await transfer(order.id, body);
    await orders.reportSold(f.member, order.id, { soldQuantity: 1 });
    await api.post(`orders/${order.id}/approve-reconciliation`, { token: f.ticketManager.token, query: orders.q });
    expect((await orders.get(order.id)).status).toBe('settled');
    const replay = await transfer(order.id, body);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(first.body.data);
    // A new request on the settled order is refused for its state (rule 6), and writes nothing.
    const fresh = await transfer(order.id, { ...body, transferRequestId: randomUUID() });
    expect(fresh.status).toBe(400);
    expect((await orders.get(order.id)).transferHistory).toHaveLength(1);
  });

  it('refuses the same request id with other contents with 409 and changes nothing', async () => {
    const order = await orders.delivered(f.member, event, [3, 0]);
    const body = { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 };
    await transfer(order.id, body);
    const before = await orders.get(order.id);
    for (const changed of [
      { ...body, quantity: 2 },
      { ...body, toUserId: f.admin.id },
      { ...body, quantity: undefined, tickets: [{ ticketTypeId: event.ticketTypes[adult].id, quantity: 1 }] },
    ]) {
      const res = await transfer(order.id, changed);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'TRANSFER_REQUEST_ID_REUSED', errorCode: 'TRANSFER_REQUEST_ID_REUSED' });
    }
    expect(await orders.get(order.id)).toEqual(before);
  });

  it('the same request id or Idempotency-Key with other serials is another transfer: 409, nothing moves twice', async () => {
    const order = await orders.delivered(f.member, event, [3, 0]);
    const listed = await api.get(`orders/${order.id}/tickets`, { token: f.ticketManager.token, query: orders.q });
    const [first, second] = (listed.body.data.items as { serial: string }[]).map((t) => t.serial);
    const body = { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1, serials: [first] };
    const headers = { 'Idempotency-Key': randomUUID() };
    const send = (b: Record<string, unknown>, h?: Record<string, string>) =>
      api.post(`orders/${order.id}/transfer`, { token: f.ticketManager.token, query: orders.q, body: b, headers: h });
    const done = await send(body, headers);
    expect(done.status).toBe(200);
    const before = await orders.get(order.id);

    const sameKey = await send({ ...body, serials: [second] }, headers);
    expect(sameKey.status).toBe(409);
    expect(sameKey.body).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    const sameId = await send({ ...body, serials: [second] });
    expect(sameId.status).toBe(409);
    expect(sameId.body).toMatchObject({ errorCode: 'TRANSFER_REQUEST_ID_REUSED' });
    // The same serials in the same request are the same transfer: its answer again.
    const replay = await send(body);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(done.body.data);
    expect(await orders.get(order.id)).toEqual(before);
  });

  it('refuses a request id already used for another order’s partial transfer', async () => {
    const a = await orders.delivered(f.member, event, [2, 0]);
    const b = await orders.delivered(f.member, event, [2, 0]);
    const transferRequestId = randomUUID();
    expect((await transfer(a.id, { toUserId: f.member2.id, transferRequestId, quantity: 1 })).status).toBe(200);
    const before = await orders.get(b.id);
    const res = await transfer(b.id, { toUserId: f.member2.id, transferRequestId, quantity: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('TRANSFER_REQUEST_ID_REUSED');
    // The batch replaced b before its destination create collided: the rollback left b as it was, and no
    // notification of the refused transfer was written.
    expect(await orders.get(b.id)).toEqual(before);
    const mentioning = (await notificationsOf(f.member.token)).filter((n) => n.meta.sourceOrderId === b.id);
    expect(mentioning).toEqual([]);
  });
});

describe('delegated provenance', () => {
  it('moves partner attribution into delegatedOrigin, shown to managers only', async () => {
    // Partner-sold orders come from the delegated-sales routes (document 02, not built yet): seeded here.
    const order = await orders.delivered(f.member, event, [3, 0]);
    await seedDelegatedAttribution(f.orgId, order.id, {
      soldByOrganizationId: 'partner-org',
      soldByUserId: 'seller',
      buyerUserEmail: 'buyer@example.org',
    });
    const res = await transfer(order.id, { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 });
    const asManager = await orders.get(res.body.data.resultOrderId);
    expect(asManager.soldByOrganizationId).toBeUndefined();
    expect(asManager.delegatedOrigin).toMatchObject({
      originSoldByOrganizationId: 'partner-org',
      originBuyerUserEmail: 'buyer@example.org',
    });
    const mine = await api.get('me/orders', { token: f.member2.token, query: orders.q });
    const own = mine.body.data.items.find((o: any) => o.id === res.body.data.resultOrderId);
    expect(own).toBeDefined();
    expect(JSON.stringify(own)).not.toContain('buyer@example.org');
    expect(JSON.stringify(own)).not.toContain('delegatedOrigin');
  });
});

describe('transfers racing sales reports', () => {
  it('keeps every order consistent and the capacity counter equal to reported sales', async () => {
    const raceEvent = await createEvent(api, f, { date: '2020-01-01T18:00:00.000Z', venueCapacity: 1000 });
    const sources = await Promise.all(Array.from({ length: 6 }, () => orders.delivered(f.member, raceEvent, [4, 0])));
    // On each order: one partial transfer of 2 and one report of 3 sold, fired together. Both cannot fit
    // (4 tickets): whichever lands second must be refused or re-evaluated on the fresh order.
    await Promise.all(
      sources.flatMap((o) => [
        transfer(o.id, { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 2 }),
        orders.reportSold(f.member, o.id, { soldQuantity: 3 }),
      ]),
    );
    let reported = 0;
    for (const o of sources) {
      const now = await orders.get(o.id);
      expect(now.soldQuantity + now.returnedQuantity).toBeLessThanOrEqual(now.totalQuantity);
      expect([4, 2]).toContain(now.totalQuantity);
      reported += now.soldQuantity;
    }
    const summary = await api.get(`events/${raceEvent.id}/capacity-summary`, { token: f.admin.token, query: orders.q });
    expect(summary.body.data.aggregate.orders).toBe(reported);
  });
});

describe('errors', () => {
  let order: any;
  beforeAll(async () => {
    order = await orders.delivered(f.member, event, [2, 2]);
    await orders.reportSold(f.member, order.id, {
      soldQuantity: 2,
      soldTypeQuantities: [{ ticketTypeId: event.ticketTypes[adult].id, soldQuantity: 2 }],
    });
  });

  it.each([
    ['missing toUserId', { transferRequestId: randomUUID(), quantity: 1 }],
    ['missing transferRequestId', { toUserId: 'x', quantity: 1 }],
    ['request id not a UUID', { toUserId: 'x', transferRequestId: 'abc', quantity: 1 }],
    ['neither quantity nor tickets', { toUserId: 'x', transferRequestId: randomUUID() }],
    [
      'per-type quantity below 1',
      { toUserId: 'x', transferRequestId: randomUUID(), tickets: [{ ticketTypeId: 't', quantity: 0 }] },
    ],
    ['fractional quantity', { toUserId: 'x', transferRequestId: randomUUID(), quantity: 1.5 }],
    ['negative quantity', { toUserId: 'x', transferRequestId: randomUUID(), quantity: -2 }],
    ['unknown field', { toUserId: 'x', transferRequestId: randomUUID(), quantity: 1, organizationId: 'o' }],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const before = await orders.get(order.id);
    const res = await transfer(order.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(await orders.get(order.id)).toEqual(before);
  });

  it('refuses a recipient outside the organization, an unapproved one, and the current owner with 400', async () => {
    const outsider = await transfer(order.id, {
      toUserId: f.outsider.id,
      transferRequestId: randomUUID(),
      quantity: 1,
    });
    expect(outsider.status).toBe(400);
    const owner = await transfer(order.id, { toUserId: f.member.id, transferRequestId: randomUUID(), quantity: 1 });
    expect(owner.status).toBe(400);
    await api.put(`organizations/${f.orgId}/members/${f.treasurer.id}`, {
      token: f.superToken,
      body: { approved: false },
    });
    const unapproved = await transfer(order.id, {
      toUserId: f.treasurer.id,
      transferRequestId: randomUUID(),
      quantity: 1,
    });
    await api.put(`organizations/${f.orgId}/members/${f.treasurer.id}`, {
      token: f.superToken,
      body: { approved: true },
    });
    expect(unapproved.status).toBe(400);
  });

  it('refuses orders that are pending, settled or cancelled with 400', async () => {
    const pending = await orders.create(f.member, event, [1, 0]);
    expect(
      (await transfer(pending.id, { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 })).status,
    ).toBe(400);
    await api.post(`orders/${pending.id}/cancel`, { token: f.ticketManager.token, query: orders.q, body: {} });
    expect(
      (await transfer(pending.id, { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 })).status,
    ).toBe(400);
  });

  it('answers TRANSFER_EXCEEDS_OUTSTANDING with requested and available quantities only', async () => {
    const aggregate = await transfer(order.id, {
      toUserId: f.member2.id,
      transferRequestId: randomUUID(),
      quantity: 3,
    });
    expect(aggregate.status).toBe(400);
    expect(aggregate.body).toEqual({
      success: false,
      error: 'TRANSFER_EXCEEDS_OUTSTANDING',
      errorCode: 'TRANSFER_EXCEEDS_OUTSTANDING',
      message: expect.any(String),
      data: { requestedQuantity: 3, availableQuantity: 2 },
    });
    const perType = await transfer(order.id, {
      toUserId: f.member2.id,
      transferRequestId: randomUUID(),
      tickets: [{ ticketTypeId: event.ticketTypes[adult].id, quantity: 1 }],
    });
    expect(perType.body.data).toEqual({
      requestedQuantity: 1,
      availableQuantity: 0,
      ticketTypeId: event.ticketTypes[adult].id,
    });
  });

  it('refuses a full transfer once sales are reported (only the remaining balance can move)', async () => {
    const res = await transfer(order.id, { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 4 });
    expect(res.body.error).toBe('TRANSFER_EXCEEDS_OUTSTANDING');
  });

  it('answers 409 TRANSFER_BLOCKED_NO_OUTSTANDING when nothing is outstanding', async () => {
    // A delivered order with no recorded soldQuantity counts as fully sold: only records written before
    // deliver started recording 0 look like this, so the legacy record is written directly.
    const legacy = await orders.delivered(f.member, event, [2, 0]);
    await seedLegacyDeliveredOrderWithoutSoldQuantity(f.orgId, legacy.id);
    const res = await transfer(legacy.id, { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'TRANSFER_BLOCKED_NO_OUTSTANDING',
      errorCode: 'TRANSFER_BLOCKED_NO_OUTSTANDING',
    });
    // Fully reported orders have left `delivered`, so they are refused for their state.
    const sold = await orders.delivered(f.member, event, [1, 0]);
    await orders.reportSold(f.member, sold.id, { soldQuantity: 1 });
    expect(
      (await transfer(sold.id, { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 })).status,
    ).toBe(400);
  });

  it('answers 404 for a missing order, 403 for a member and an outsider, 401 without a token', async () => {
    const body = { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 };
    expect((await transfer('no-such-order', body)).status).toBe(404);
    expect((await transfer(order.id, body, f.member.token)).status).toBe(403);
    expect((await transfer(order.id, body, f.outsider.token)).status).toBe(403);
    expect((await api.post(`orders/${order.id}/transfer`, { query: orders.q, body })).status).toBe(401);
  });

  it('uses a small fixed number of store calls', async () => {
    const o = await orders.create(f.member, event, [1, 1]);
    await orders.approve(o.id);
    const res = await transfer(o.id, { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 });
    // user with its role map (auth), order, recipient user (its role map grants), one batch
    expect(res.headers.get('x-store-ops')).toBe('4');
  });

  it('reads the recipient membership only when the recipient role map cannot grant; the membership decides', async () => {
    const body = () => ({ toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 });
    const granting = (await storedRoleMap(f.member2.id))![f.orgId]!;
    const legacy = await orders.delivered(f.member, event, [2, 0]);
    await seedLegacyUserWithoutRoleMap(f.member2.id);
    const noEntry = await transfer(legacy.id, body());
    expect(noEntry.status).toBe(200);
    // user (auth), order, recipient user (no entry), recipient membership (approved), the delivered order's
    // ticket book (its tickets move), one batch
    expect(noEntry.headers.get('x-store-ops')).toBe('6');
    const denied = await orders.delivered(f.member, event, [2, 0]);
    await seedRoleMapEntry(f.member2.id, f.orgId, { role: 'member', approved: false });
    const denying = await transfer(denied.id, body());
    expect(denying.status).toBe(200);
    expect(denying.headers.get('x-store-ops')).toBe('6');
    await seedRoleMapEntry(f.member2.id, f.orgId, granting);
  });
});

describe('order ids no document can have', () => {
  it.each(['a%2Fb', 'a%5Cb', 'a%23b', '%20'])('answers 400, not 500, for %s on transfer and archive', async (id) => {
    const body = { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 };
    expect((await transfer(id, body)).status).toBe(400);
    const archive = await api.patch(`orders/${id}/archive`, {
      token: f.ticketManager.token,
      query: orders.q,
      body: { archived: true },
    });
    expect(archive.status).toBe(400);
  });
});
