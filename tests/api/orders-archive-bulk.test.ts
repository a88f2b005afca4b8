import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import {
  injectStoreFault,
  seedInvoiceBasisGrandTotal,
  seedDelegatedAttribution,
  seedInvoicedOrder,
  seedLegacyArchivedOrder,
  seedLegacyCopiesOfOrder,
  type StoreOperation,
} from '../helpers/seed';

/** POST orders/archive/preview and POST orders/archive (archive rules 1 to 5). */
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

const preview = (eventId: unknown, who: Person | { token: string } = f.ticketManager) =>
  api.post('orders/archive/preview', { token: who.token, query: o.q, body: { eventId } });
const bulk = (eventId: unknown, who: Person | { token: string } = f.ticketManager) =>
  api.post('orders/archive', { token: who.token, query: o.q, body: { eventId } });
const storeOps = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));

/** Runs `count` tasks with at most `width` in flight, so setup stays quick without flooding the host. */
async function inParallel<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += width) {
    const size = Math.min(width, count - start);
    results.push(...(await Promise.all(Array.from({ length: size }, (_, k) => task(start + k)))));
  }
  return results;
}

async function cancelled(event: any) {
  const order = await o.create(f.member, event, [1, 0]);
  return o.expectStatus(await o.post(`orders/${order.id}/cancel`, f.ticketManager, {}), 200, 'cancel');
}

async function settled(event: any) {
  const order = await o.delivered(f.member, event, [1, 0]);
  o.expectStatus(await o.reportSold(f.member, order.id, { soldQuantity: 1 }), 200, 'report-sold');
  return o.expectStatus(await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager), 200, 'settle');
}

/** Invoicing and delegated attribution have no route on this branch yet; legacy states are old data. */
const invoice = (id: string) => seedInvoicedOrder(f.orgId, id, { invoicedAt: '2026-01-05T00:00:00.000Z' });
const invoiceWithBrokenBasis = async (id: string) => {
  await invoice(id);
  await seedInvoiceBasisGrandTotal(f.orgId, id, 999);
};

/** The ids of the event's archived orders, paged through the order list. */
async function archivedIds(eventId: string): Promise<string[]> {
  const ids: string[] = [];
  let continuationToken: string | undefined;
  do {
    const res = await api.get('orders', {
      token: f.ticketManager.token,
      query: { ...o.q, eventId, archived: 'true', limit: 200, continuationToken },
    });
    ids.push(...o.expectStatus(res, 200, 'list archived').items.map((x: { id: string }) => x.id));
    continuationToken = res.body.data.continuationToken;
  } while (continuationToken);
  return ids;
}

/** Fails (or holds) the n-th store call that matches, and lets every other call through. */
function onNth(n: number, matches: (op: StoreOperation) => boolean, verdict: () => boolean | Promise<boolean>) {
  let seen = 0;
  injectStoreFault((op) => {
    if (!matches(op)) return false;
    seen += 1;
    return seen === n ? verdict() : false;
  });
}
const orderPatch = (op: StoreOperation) => op.kind === 'patch' && op.container === 'orgs';
const orgQuery = (op: StoreOperation) => op.kind === 'query' && op.container === 'orgs';

describe('routes', () => {
  it('reaches the archive routes, not orders/{id}, for the literal paths', async () => {
    const event = await createEvent(api, f);
    const p = await preview(event.id);
    expect(p.status).toBe(200);
    expect(p.body.data).toEqual({
      eventId: event.id,
      eligibleCount: 0,
      statusBreakdown: { cancelled: 0, settled: 0 },
      blockedSettledUninvoiced: 0,
      blockedInvalidInvoiceBasis: 0,
    });
    const b = await bulk(event.id);
    expect(b.status).toBe(200);
    expect(b.body.data).toMatchObject({ processed: 0, remaining: 0, hasMore: false, completed: true });
    const asId = await api.get('orders/archive', { token: f.ticketManager.token, query: o.q });
    expect([asId.status, asId.body.message]).toEqual([404, 'Order not found']);
  });
});

describe('preview and one batch on a mixed event', () => {
  let event: any;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    event = await createEvent(api, f, { venueCapacity: 1000 });
    const other = await createEvent(api, f, { name: 'Other concert' });
    ids.cancelled1 = (await cancelled(event)).id;
    ids.cancelled2 = (await cancelled(event)).id;
    ids.invoiced = (await settled(event)).id;
    await invoice(ids.invoiced);
    ids.delegated = (await settled(event)).id;
    await seedDelegatedAttribution(f.orgId, ids.delegated, { soldByOrganizationId: 'partner-org' });
    ids.uninvoiced = (await settled(event)).id;
    ids.badBasis = (await settled(event)).id;
    await invoiceWithBrokenBasis(ids.badBasis);
    ids.pending = (await o.create(f.member, event, [1, 0])).id;
    ids.archived = (await cancelled(event)).id;
    await seedLegacyArchivedOrder(f.orgId, ids.archived, { archivedAt: '2024-01-01T00:00:00.000Z' });
    ids.deleted = (await cancelled(event)).id;
    await api.del(`orders/${ids.deleted}`, { token: f.ticketManager.token, query: o.q });
    ids.otherEvent = (await cancelled(other)).id;
  });

  it('previews eligible orders by status and the blocked counts, reading one query and writing nothing', async () => {
    const res = await preview(event.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      eventId: event.id,
      eligibleCount: 4,
      statusBreakdown: { cancelled: 2, settled: 2 },
      blockedSettledUninvoiced: 1,
      blockedInvalidInvoiceBasis: 1,
    });
    expect(storeOps(res)).toBe(3); // user (with its role map), event, one query
    expect(await archivedIds(event.id)).toEqual([ids.archived]);
  });

  it('archives exactly the eligible orders and never overrides a blocker', async () => {
    const res = await bulk(event.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    // Both multi-status routes say in the envelope whether the call ran to the end (bulk archive, member invoice).
    expect(res.body.completed).toBe(true);
    expect(res.body.data).toEqual({
      eventId: event.id,
      processed: 4,
      conflicts: 0,
      skipped: 1, // the invalid basis is only found out in code, after the query
      remaining: 0,
      hasMore: false,
      completed: true,
      blockedSettledUninvoiced: 1,
      blockedInvalidInvoiceBasis: 1,
    });
    expect(storeOps(res)).toBe(1 + 1 + 1 + 4 + 1);
    expect((await archivedIds(event.id)).sort()).toEqual(
      [ids.cancelled1, ids.cancelled2, ids.invoiced, ids.delegated, ids.archived].sort(),
    );
    const one = await o.get(ids.invoiced);
    expect(one).toMatchObject({ archived: true, archivedBy: f.ticketManager.id });
    expect(one).not.toHaveProperty('archiveOverride');
    expect((await o.get(ids.otherEvent)).archived).toBeUndefined();
    expect((await o.get(ids.uninvoiced)).archived).toBeUndefined();

    const again = await bulk(event.id);
    expect(again.body.data).toMatchObject({ processed: 0, skipped: 1, remaining: 0, hasMore: false });
  });
});

describe('large events', () => {
  it('archives 250 eligible orders in three calls of 100, 100 and 50', async () => {
    const event = await createEvent(api, f, { venueCapacity: 1000 });
    await inParallel(250, 10, () => cancelled(event));
    expect((await preview(event.id)).body.data.eligibleCount).toBe(250);
    const expected = [
      { processed: 100, remaining: 150, hasMore: true },
      { processed: 100, remaining: 50, hasMore: true },
      { processed: 50, remaining: 0, hasMore: false },
    ];
    for (const step of expected) {
      const res = await bulk(event.id);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ ...step, conflicts: 0, skipped: 0, completed: true });
      expect(storeOps(res)).toBe(1 + 1 + 1 + step.processed + 1);
    }
    expect(await archivedIds(event.id)).toHaveLength(250);
    expect((await bulk(event.id)).body.data).toMatchObject({ processed: 0, remaining: 0, hasMore: false });
  }, 120_000);

  it('is not starved by more than a page of orders whose invalid basis only code can see', async () => {
    const event = await createEvent(api, f, { venueCapacity: 1000 });
    const template = await settled(event);
    await invoiceWithBrokenBasis(template.id);
    // Old data written straight to the store, ahead of the good orders.
    await seedLegacyCopiesOfOrder(f.orgId, template.id, 120);
    const good = [await cancelled(event), await cancelled(event), await cancelled(event)];
    const res = await bulk(event.id);
    expect(res.body.data).toMatchObject({ processed: 3, skipped: 121, remaining: 0, hasMore: false });
    expect(res.body.data.blockedInvalidInvoiceBasis).toBe(121);
    expect((await archivedIds(event.id)).sort()).toEqual(good.map((g) => g.id).sort());
  }, 60_000);
});

describe('failures and races', () => {
  it('answers 207 with the durable counters when a write fails after the first archive', async () => {
    const event = await createEvent(api, f);
    await inParallel(5, 5, () => cancelled(event));
    onNth(2, orderPatch, () => true);
    const res = await bulk(event.id);
    expect(res.status).toBe(207);
    expect(res.body).toMatchObject({ success: true, completed: false });
    expect(res.body.data).toEqual({
      eventId: event.id,
      processed: 1,
      conflicts: 0,
      skipped: 0,
      remaining: 4,
      hasMore: true,
      completed: false,
      blockedSettledUninvoiced: 0,
      blockedInvalidInvoiceBasis: 0,
      failureCode: 'STORE_UNAVAILABLE',
      failureReason: 'The store was temporarily unavailable; the batch stopped early',
    });
    expect(res.text).not.toMatch(/Injected|orgs\//);
    expect(await archivedIds(event.id)).toHaveLength(1);
    injectStoreFault(undefined);
    expect((await bulk(event.id)).body.data).toMatchObject({ processed: 4, remaining: 0, hasMore: false });
  });

  it('gives remaining null and hasMore true when the follow-up count fails, in a 207 as well', async () => {
    const event = await createEvent(api, f);
    await inParallel(3, 3, () => cancelled(event));
    onNth(2, orgQuery, () => true);
    const res = await bulk(event.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      processed: 3,
      remaining: null,
      hasMore: true,
      completed: true,
      blockedSettledUninvoiced: null,
      blockedInvalidInvoiceBasis: null,
    });

    const second = await createEvent(api, f);
    await inParallel(3, 3, () => cancelled(second));
    let patches = 0;
    injectStoreFault((op) => (orderPatch(op) && ++patches === 3) || (orgQuery(op) && patches >= 3));
    const partial = await bulk(second.id);
    expect(partial.status).toBe(207);
    expect(partial.body.data).toMatchObject({ processed: 2, remaining: null, hasMore: true, completed: false });
  });

  it('answers an ordinary error, with nothing archived, when the failure comes before any archive', async () => {
    const event = await createEvent(api, f);
    await inParallel(3, 3, () => cancelled(event));
    onNth(1, orderPatch, () => true);
    const res = await bulk(event.id);
    expect([res.status, res.body.success, res.body.error]).toEqual([503, false, 'UNAVAILABLE']);
    injectStoreFault(undefined);
    expect(await archivedIds(event.id)).toEqual([]);
    onNth(1, orgQuery, () => true);
    expect((await bulk(event.id)).status).toBe(503);
  });

  it('counts an order changed between the query and its write as a conflict and leaves it for the next call', async () => {
    const event = await createEvent(api, f);
    const orders = await inParallel(3, 3, () => cancelled(event));
    let release!: (fail: boolean) => void;
    let heldId: string | undefined;
    // Hold the first archive write until the test has changed that order through another route.
    injectStoreFault((op) => {
      if (!orderPatch(op) || heldId) return false;
      heldId = op.id;
      return new Promise<boolean>((resolve) => (release = resolve));
    });
    const pending = bulk(event.id);
    while (!heldId) await new Promise((r) => setTimeout(r, 5));
    const note = await api.patch(`orders/${heldId}/admin-note`, {
      token: f.ticketManager.token,
      query: o.q,
      body: { adminNote: 'changed meanwhile' },
    });
    expect(note.status).toBe(200);
    release(false);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ processed: 2, conflicts: 1, skipped: 0, remaining: 1, hasMore: true });
    expect((await o.get(heldId)).archived).toBeUndefined();
    injectStoreFault(undefined);
    expect((await bulk(event.id)).body.data).toMatchObject({ processed: 1, conflicts: 0, remaining: 0 });
    expect((await archivedIds(event.id)).sort()).toEqual(orders.map((x) => x.id).sort());
  });
});

describe('roles and bad input', () => {
  it('refuses members and other organizations with 403; treasurers and admins may run it', async () => {
    const event = await createEvent(api, f);
    await cancelled(event);
    for (const call of [preview, bulk]) {
      expect((await call(event.id, f.member)).status).toBe(403);
      expect((await call(event.id, f.outsider)).status).toBe(403);
    }
    const other = await api.post('orders/archive', {
      token: f.outsider.token,
      query: { organizationId: f.outsider.orgId },
      body: { eventId: event.id },
    });
    expect(other.status).toBe(404); // the event is not in the outsider's organization
    expect(await archivedIds(event.id)).toEqual([]);
    expect((await preview(event.id, f.treasurer)).body.data.eligibleCount).toBe(1);
    expect((await bulk(event.id, f.admin)).body.data.processed).toBe(1);
  });

  it('refuses malformed bodies with 400, unknown and deleted events with 404, and writes nothing', async () => {
    const event = await createEvent(api, f);
    await cancelled(event);
    for (const path of ['orders/archive', 'orders/archive/preview']) {
      for (const body of [{}, { eventId: 7 }, { eventId: '' }, { eventId: event.id, extra: true }, [event.id]]) {
        const res = await api.post(path, { token: f.admin.token, query: o.q, body });
        expect([path, JSON.stringify(body), res.status]).toEqual([path, JSON.stringify(body), 400]);
      }
      expect((await api.post(path, { token: f.admin.token, body: { eventId: event.id } })).status).toBe(400);
      const unknown = await api.post(path, { token: f.admin.token, query: o.q, body: { eventId: 'no-such-event' } });
      expect([unknown.status, unknown.body.message]).toEqual([404, 'Event not found']);
    }
    const gone = await createEvent(api, f);
    await cancelled(gone);
    expect((await api.del(`management/events/${gone.id}`, { token: f.admin.token, query: o.q })).status).toBe(200);
    expect((await bulk(gone.id, f.admin)).status).toBe(404);
    expect((await preview(gone.id, f.admin)).status).toBe(404);
    expect(await archivedIds(event.id)).toEqual([]);
    expect(await archivedIds(gone.id)).toEqual([]);
  });
});
