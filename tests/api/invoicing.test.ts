import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import {
  injectStoreFault,
  partitionFingerprint,
  seedDelegatedAttribution,
  seedInvoiceBasisGrandTotal,
  seedInvoicedOrder,
  seedLegacyArchivedOrder,
  seedRegistration,
  storedDocument,
} from '../helpers/seed';

/** PUT management/members/{userId}/invoice/{eventId}: issue, clear, the legacy toggle, counters, 207, races. */
let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
});
afterEach(() => injectStoreFault(undefined));
afterAll(() => api.close());

const storeOps = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const ZERO = { updated: 0, unchanged: 0, conflict: 0, unresolved: 0, invalid: 0, failed: 0 };

function invoice(
  userId: string,
  eventId: string,
  body?: unknown,
  who: Person | { token: string } = f.ticketManager,
  query: Record<string, string> = o.q,
) {
  return api.put(`management/members/${userId}/invoice/${eventId}`, { token: who.token, query, body });
}

const newEvent = () => createEvent(api, f, { venueCapacity: 1000 });

/** A settled order of `who`: everything sold, so the frozen basis is the ordered lines (Adult 25, Child 10). */
async function settled(event: any, who: Person = f.member, quantities = [1, 0]) {
  const order = await o.delivered(who, event, quantities);
  const sold = quantities.reduce((a, b) => a + b, 0);
  o.expectStatus(await o.reportSold(who, order.id, { soldQuantity: sold }), 200, 'report-sold');
  return o.expectStatus(await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager), 200, 'settle');
}

async function invalidSettled(event: any, who: Person = f.member) {
  const order = await settled(event, who);
  await seedInvoiceBasisGrandTotal(f.orgId, order.id, 999);
  return order;
}

const registration = (event: any, who: Person = f.member, quantity = 2) =>
  seedRegistration(f.orgId, {
    eventId: event.id,
    eventName: event.name,
    showtimeId: event.showtimes[0].showtimeId,
    sellerId: who.id,
    sellerName: who.name,
    tickets: [{ ticketTypeId: event.ticketTypes[0].id, ticketTypeName: 'Adult', quantity, unitPrice: 25, fee: 1.5 }],
  });

const stored = (id: string) => storedDocument(f.orgId, id);

describe('explicit issue and clear', () => {
  it('issues every eligible record, leaves unresolved, invalid and pending orders alone, and converges on repeat', async () => {
    const event = await newEvent();
    const a = await settled(event, f.member, [2, 1]); // 60
    const b = await settled(event); // 25
    const reg = await registration(event); // 50
    const unresolved = await o.delivered(f.member, event, [1, 0]);
    const invalid = await invalidSettled(event);
    const pending = await o.create(f.member, event, [1, 0]);
    const before = await Promise.all([unresolved, invalid, pending].map((x) => stored(x.id)));

    const res = await invoice(f.member.id, event.id, { invoiced: true });
    expect(res.status).toBe(200);
    expect(res.body.completed).toBe(true);
    expect(res.body.data).toEqual({
      userId: f.member.id,
      eventId: event.id,
      action: 'issue',
      ...ZERO,
      updated: 3,
      unresolved: 1,
      invalid: 1,
      byKind: {
        orders: { ...ZERO, updated: 2, unresolved: 1, invalid: 1 },
        registrations: { ...ZERO, updated: 1 },
      },
      completed: true,
      invoiceSummary: {
        state: 'invalidBasis',
        eligibleCount: 3,
        invoicedCount: 3,
        unresolvedOrderCount: 1,
        invalidBasisOrderCount: 1,
        invoiceAmount: 135,
        allEligibleInvoiced: true,
      },
      invoiceEmailed: true,
    });
    // auth (the user with its role map) + event, member's membership, one query + one write per updated record,
    // then the organization and the member's user for the e-mail carrying the invoice PDF
    expect(storeOps(res)).toBe(4 + 3 + 2);

    for (const id of [a.id, b.id]) {
      const order = await o.get(id);
      expect(order).toMatchObject({ invoicedBy: f.ticketManager.id, invoicedByName: 'Tina Manager' });
      expect(Date.parse(order.invoicedAt)).toBeGreaterThan(0);
    }
    const regDoc = await stored(reg.id);
    expect(regDoc).toMatchObject({ invoicedById: f.ticketManager.id, invoicedByName: 'Tina Manager' });
    expect(regDoc).not.toHaveProperty('invoicedBy');
    const after = await Promise.all([unresolved, invalid, pending].map((x) => stored(x.id)));
    expect(after.map((d) => d._etag)).toEqual(before.map((d) => d!._etag));

    const firstStamp = (await o.get(a.id)).invoicedAt;
    const again = await invoice(f.member.id, event.id, { invoiced: true });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ ...ZERO, unchanged: 3, unresolved: 1, invalid: 1, completed: true });
    expect(storeOps(again)).toBe(4);
    expect((await o.get(a.id)).invoicedAt).toBe(firstStamp);

    const cleared = await invoice(f.member.id, event.id, { invoiced: false });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      action: 'clear',
      ...ZERO,
      updated: 3,
      unresolved: 1,
      invalid: 1,
      byKind: { orders: { ...ZERO, updated: 2, unresolved: 1, invalid: 1 }, registrations: { ...ZERO, updated: 1 } },
    });
    expect(cleared.body.data.invoiceSummary).toMatchObject({ invoicedCount: 0, allEligibleInvoiced: false });
    for (const id of [a.id, b.id]) {
      const order = await o.get(id);
      for (const field of ['invoicedAt', 'invoicedBy', 'invoicedByName']) expect(order).not.toHaveProperty(field);
    }
    const clearedReg = await stored(reg.id);
    for (const field of ['invoicedAt', 'invoicedById', 'invoicedByName']) expect(clearedReg).not.toHaveProperty(field);

    const clearAgain = await invoice(f.member.id, event.id, { invoiced: false });
    expect(clearAgain.body.data).toMatchObject({ ...ZERO, unchanged: 3, unresolved: 1, invalid: 1 });
  });

  it('never touches an invoiced invalid-basis order when clearing', async () => {
    const event = await newEvent();
    const order = await settled(event);
    await seedInvoicedOrder(f.orgId, order.id, { invoicedAt: '2026-01-05T00:00:00.000Z', invoicedBy: 'someone' });
    await seedInvoiceBasisGrandTotal(f.orgId, order.id, 1);
    const before = await stored(order.id);
    const res = await invoice(f.member.id, event.id, { invoiced: false });
    expect(res.body.data).toMatchObject({ ...ZERO, invalid: 1, completed: true });
    expect((await stored(order.id))!._etag).toBe(before!._etag);
  });

  it('answers a member with nothing for the event with zero counters and an awaitingSettlement summary', async () => {
    const event = await newEvent();
    await o.create(f.member2, event, [1, 0]); // pending: plays no part
    const res = await invoice(f.member2.id, event.id, { invoiced: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...ZERO, action: 'issue', completed: true });
    expect(res.body.data.invoiceSummary).toEqual({
      state: 'awaitingSettlement',
      eligibleCount: 0,
      invoicedCount: 0,
      unresolvedOrderCount: 0,
      invalidBasisOrderCount: 0,
      invoiceAmount: 0,
      allEligibleInvoiced: false,
    });
  });
});

describe('the legacy empty-body toggle', () => {
  it('issues unless everything eligible is invoiced, then clears even with an unresolved order; no body is the same', async () => {
    const event = await newEvent();
    const order = await settled(event);
    const reg = await registration(event);
    await o.delivered(f.member, event, [1, 0]); // unresolved

    // partially invoiced: the toggle issues the rest
    await seedInvoicedOrder(f.orgId, order.id, { invoicedAt: '2026-01-05T00:00:00.000Z', invoicedBy: f.admin.id });
    const first = await invoice(f.member.id, event.id, {});
    expect(first.body.data).toMatchObject({ action: 'issue', ...ZERO, updated: 1, unchanged: 1, unresolved: 1 });
    expect((await stored(order.id))!.invoicedAt).toBe('2026-01-05T00:00:00.000Z');

    const second = await invoice(f.member.id, event.id, {});
    expect(second.body.data).toMatchObject({ action: 'clear', ...ZERO, updated: 2, unresolved: 1 });
    expect(await stored(reg.id)).not.toHaveProperty('invoicedAt');

    const third = await invoice(f.member.id, event.id); // no body at all
    expect([third.status, third.body.data.action, third.body.data.updated]).toEqual([200, 'issue', 2]);
  });
});

describe('archived settled orders', () => {
  it('count when issuing; clearing refuses them per record (conflict, reason archived) and answers 207', async () => {
    const event = await newEvent();
    const legacy = await settled(event);
    await seedLegacyArchivedOrder(f.orgId, legacy.id, { archivedAt: '2026-01-01T00:00:00.000Z' });
    const reg = await registration(event);

    const issued = await invoice(f.member.id, event.id, { invoiced: true });
    expect(issued.body.data).toMatchObject({ ...ZERO, updated: 2, completed: true });
    expect((await o.get(legacy.id)).invoicedAt).toBeDefined();

    const cleared = await invoice(f.member.id, event.id, { invoiced: false });
    expect(cleared.status).toBe(207);
    expect(cleared.body).toMatchObject({ success: true, completed: false });
    expect(cleared.body.data).toEqual({
      userId: f.member.id,
      eventId: event.id,
      action: 'clear',
      ...ZERO,
      updated: 1,
      conflict: 1,
      byKind: { orders: { ...ZERO, conflict: 1 }, registrations: { ...ZERO, updated: 1 } },
      completed: false,
      incomplete: [{ recordKind: 'order', id: legacy.id, outcome: 'conflict', reason: 'archived' }],
    });
    expect((await o.get(legacy.id)).invoicedAt).toBeDefined();
    expect(await stored(reg.id)).not.toHaveProperty('invoicedAt');

    // once unarchived, the clear goes through
    expect(
      (
        await api.patch(`orders/${legacy.id}/archive`, {
          token: f.ticketManager.token,
          query: o.q,
          body: { archived: false },
        })
      ).status,
    ).toBe(200);
    const retry = await invoice(f.member.id, event.id, { invoiced: false });
    expect([retry.status, retry.body.data.updated, retry.body.data.unchanged]).toEqual([200, 1, 1]);
    expect(await o.get(legacy.id)).not.toHaveProperty('invoicedAt');
  });

  it('an order invoiced by this route can then be archived (the archive invoice prerequisite)', async () => {
    const event = await newEvent();
    const order = await settled(event);
    await invoice(f.member.id, event.id, { invoiced: true });
    const res = await api.patch(`orders/${order.id}/archive`, {
      token: f.ticketManager.token,
      query: o.q,
      body: { archived: true },
    });
    expect([res.status, res.body.data.archived]).toEqual([200, true]);
  });
});

describe('ETag conditions, write failures and races', () => {
  it('a 412 on one record gives 207 with exact counters and keeps the other updates; a repeat converges', async () => {
    const event = await newEvent();
    const [a, b] = [await settled(event), await settled(event)];
    const reg = await registration(event);
    injectStoreFault((op) => (op.kind === 'replace' && op.id === b.id ? 412 : false));

    const res = await invoice(f.member.id, event.id, { invoiced: true });
    expect(res.status).toBe(207);
    expect(res.body).toMatchObject({ success: true, completed: false });
    expect(res.body.data).toEqual({
      userId: f.member.id,
      eventId: event.id,
      action: 'issue',
      ...ZERO,
      updated: 2,
      conflict: 1,
      byKind: { orders: { ...ZERO, updated: 1, conflict: 1 }, registrations: { ...ZERO, updated: 1 } },
      completed: false,
      incomplete: [{ recordKind: 'order', id: b.id, outcome: 'conflict', reason: 'changed' }],
    });
    expect((await o.get(a.id)).invoicedAt).toBeDefined();
    expect((await stored(reg.id))!.invoicedAt).toBeDefined();
    expect(await o.get(b.id)).not.toHaveProperty('invoicedAt');

    injectStoreFault(undefined);
    const firstStamp = (await o.get(a.id)).invoicedAt;
    const again = await invoice(f.member.id, event.id, { invoiced: true });
    expect([again.status, again.body.data.updated, again.body.data.unchanged]).toEqual([200, 1, 2]);
    expect((await o.get(a.id)).invoicedAt).toBe(firstStamp);
  });

  it('any other write failure is counted failed (207), the rest still lands', async () => {
    const event = await newEvent();
    const order = await settled(event);
    const reg = await registration(event);
    injectStoreFault((op) => (op.kind === 'replace' && op.id === reg.id ? 500 : false));
    const res = await invoice(f.member.id, event.id, { invoiced: true });
    expect(res.status).toBe(207);
    expect(res.body.data).toMatchObject({
      ...ZERO,
      updated: 1,
      failed: 1,
      byKind: { orders: { ...ZERO, updated: 1 }, registrations: { ...ZERO, failed: 1 } },
      completed: false,
      incomplete: [{ recordKind: 'registration', id: reg.id, outcome: 'failed', reason: 'writeFailed' }],
    });
    expect(res.body.data).not.toHaveProperty('invoiceSummary');
    expect((await o.get(order.id)).invoicedAt).toBeDefined();
  });

  it('two identical requests in parallel write every record exactly once between them', async () => {
    const event = await newEvent();
    const orders = await Promise.all([0, 1, 2, 3].map(() => settled(event)));
    const regs = await Promise.all([0, 1].map(() => registration(event)));
    const results = await Promise.all([0, 1].map(() => invoice(f.member.id, event.id, { invoiced: true })));
    for (const res of results) {
      expect([200, 207]).toContain(res.status);
      const d = res.body.data;
      expect(d.updated + d.unchanged + d.conflict).toBe(6);
      expect(d.failed).toBe(0);
    }
    expect(results[0].body.data.updated + results[1].body.data.updated).toBe(6);
    for (const order of orders) expect((await o.get(order.id)).invoicedBy).toBe(f.ticketManager.id);
    for (const reg of regs) expect((await stored(reg.id))!.invoicedById).toBe(f.ticketManager.id);
    const settle = await invoice(f.member.id, event.id, { invoiced: true });
    expect(settle.body.data).toMatchObject({ ...ZERO, unchanged: 6, completed: true });
  });
});

describe('partner-sold orders', () => {
  it('refuses a member whose only orders for the event are partner-sold (409 CONFLICT), writing nothing', async () => {
    const event = await newEvent();
    const order = await settled(event, f.member2);
    await seedDelegatedAttribution(f.orgId, order.id, { soldByOrganizationId: 'partner-org', delegationId: 'd-1' });
    const before = await partitionFingerprint(f.orgId);
    const res = await invoice(f.member2.id, event.id, { invoiced: true });
    expect([res.status, res.body.success, res.body.error]).toEqual([409, false, 'CONFLICT']);
    expect(res.body).not.toHaveProperty('errorCode');
    expect(await partitionFingerprint(f.orgId)).toEqual(before);
  });

  it('leaves partner-sold orders out of a member run (never read into the counters, never written)', async () => {
    const event = await newEvent();
    const own = await settled(event);
    const delegated = await settled(event);
    await seedDelegatedAttribution(f.orgId, delegated.id, { soldByOrganizationId: 'partner-org' });
    const res = await invoice(f.member.id, event.id, { invoiced: true });
    expect(res.body.data).toMatchObject({ ...ZERO, updated: 1, completed: true });
    expect((await o.get(own.id)).invoicedAt).toBeDefined();
    expect(await o.get(delegated.id)).not.toHaveProperty('invoicedAt');
  });
});

describe('who may invoice, and what is not there', () => {
  let event: any;
  beforeAll(async () => {
    event = await newEvent();
    await settled(event);
  });

  it('ticket managers, treasurers and admins may; a member gets 403; an outsider admin 403 naming nothing', async () => {
    for (const who of [f.ticketManager, f.treasurer, f.admin]) {
      expect((await invoice(f.member.id, event.id, { invoiced: true }, who)).status).toBe(200);
    }
    const before = await partitionFingerprint(f.orgId);
    const member = await invoice(f.member.id, event.id, { invoiced: false }, f.member);
    expect([member.status, member.body.error]).toEqual([403, 'FORBIDDEN']);
    const outsider = await invoice(f.member.id, event.id, { invoiced: false }, f.outsider);
    expect([outsider.status, outsider.body.error]).toEqual([403, 'FORBIDDEN']);
    expect(outsider.text).not.toContain(event.id);
    const ownOrg = await invoice(f.member.id, event.id, { invoiced: false }, f.outsider, {
      organizationId: f.outsider.orgId,
    });
    expect(ownOrg.status).toBe(404);
    expect(await partitionFingerprint(f.orgId)).toEqual(before);
    expect(
      (await api.put(`management/members/${f.member.id}/invoice/${event.id}`, { query: o.q, body: {} })).status,
    ).toBe(401);
  });

  it('404 for an unknown or deleted event, an unknown user and a user of another organization', async () => {
    const unknownEvent = await invoice(f.member.id, 'no-such-event', { invoiced: true });
    expect([unknownEvent.status, unknownEvent.body.error]).toEqual([404, 'NOT_FOUND']);
    for (const userId of ['no-such-user', f.outsider.id]) {
      const res = await invoice(userId, event.id, { invoiced: true });
      expect([res.status, res.body.error]).toEqual([404, 'NOT_FOUND']);
    }
    const gone = await newEvent();
    await settled(gone);
    expect((await api.del(`management/events/${gone.id}`, { token: f.admin.token, query: o.q })).status).toBe(200);
    expect((await invoice(f.member.id, gone.id, { invoiced: true })).status).toBe(404);
  });

  it('400 for any other body, and nothing is written', async () => {
    const before = await partitionFingerprint(f.orgId);
    for (const body of [{ invoiced: 'yes' }, { invoiced: null }, { invoiced: 1 }, { other: true }, [], 'x']) {
      const res = await invoice(f.member.id, event.id, body);
      expect([res.status, res.body.error]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const notJson = await api.put(`management/members/${f.member.id}/invoice/${event.id}`, {
      token: f.ticketManager.token,
      query: o.q,
      rawBody: '{invoiced',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(await partitionFingerprint(f.orgId)).toEqual(before);
  });

  it('still invoices a former member who has records for the event', async () => {
    const e = await newEvent();
    const leaver = await (
      await import('../helpers/fixtures')
    ).addPerson(api, f.superToken, f.orgId, 'member', 'Lea Leaver');
    await registration(e, leaver);
    expect((await api.del(`organizations/${f.orgId}/members/${leaver.id}`, { token: f.superToken })).status).toBe(200);
    const res = await invoice(leaver.id, e.id, { invoiced: true });
    expect([res.status, res.body.data.updated]).toEqual([200, 1]);
  });
});
