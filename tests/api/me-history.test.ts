import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { q, TWO_SHOWTIMES } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { seedOrderCreatedAt, seedRegistrationAge } from '../helpers/seed';

/** GET /api/me/history: the caller's own orders and registrations, newest first, paged (one partition query). */
let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
let eventA: any;
let eventB: any;
const ids: Record<string, string> = {};
const HOUR = 60 * 60 * 1000;
const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));

async function register(who: Person, event: any, quantities: number[], extra: Record<string, unknown> = {}) {
  const tickets = quantities
    .map((quantity, i) => ({ ticketTypeId: event.ticketTypes[i].id, quantity }))
    .filter((t) => t.quantity > 0);
  const res = await api.post('registrations', {
    token: who.token,
    query: q(f),
    body: { eventId: event.id, tickets, ...extra },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return res.body.data;
}
const history = (who: Person, query: Record<string, unknown> = {}) =>
  api.get('me/history', { token: who.token, query: { ...q(f), ...query } });
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
  eventA = await createEvent(api, f, { name: 'Autumn Gala', ...TWO_SHOWTIMES });
  eventB = await createEvent(api, f, { name: 'Winter Songs' });
  const s2 = eventA.showtimes[1].showtimeId;
  ids.o1 = (await o.create(f.member, eventA, [1, 0], { showtimeId: s2 })).id;
  ids.r1 = (await register(f.member, eventA, [2, 1], { showtimeId: s2, buyerName: 'Bea' })).id;
  ids.o2 = (await o.create(f.member, eventB, [0, 3], { note: 'for school' })).id;
  ids.r2 = (await register(f.member, eventB, [1])).id;
  ids.r3 = (await register(f.member, eventB, [4])).id;
  ids.r4 = (await register(f.member2, eventB, [1])).id;
  ids.o3 = (await o.create(f.member2, eventB, [1])).id;
  expect((await o.post(`orders/${ids.o2}/cancel`, f.ticketManager, { reason: 'no' })).status).toBe(200);
  expect((await api.del(`registrations/${ids.r3}`, { token: f.admin.token, query: q(f) })).status).toBe(200);
  // Distinct, known creation instants (the API stamps "now"), oldest first: o1, r1, o2, r2, r3.
  await seedOrderCreatedAt(f.orgId, ids.o1, ago(5 * HOUR));
  await seedRegistrationAge(f.orgId, ids.r1, 4 * HOUR);
  await seedOrderCreatedAt(f.orgId, ids.o2, ago(3 * HOUR));
  await seedRegistrationAge(f.orgId, ids.r2, 2 * HOUR);
  await seedRegistrationAge(f.orgId, ids.r3, 1 * HOUR);
});
afterAll(() => api.close());

describe('GET me/history', () => {
  it("lists the caller's own orders and registrations, newest first, without deleted ones, in one query", async () => {
    const res = await history(f.member);
    expect(res.status).toBe(200);
    const items = res.body.data.items;
    expect(items.map((i: any) => [i.kind, i.id])).toEqual([
      ['registration', ids.r2],
      ['order', ids.o2],
      ['registration', ids.r1],
      ['order', ids.o1],
    ]);
    expect(res.body.data).not.toHaveProperty('continuationToken');
    // user with its role map (auth), one query page
    expect(ops(res)).toBe(2);
  });

  it('gives each kind its documented item shape, absent fields absent', async () => {
    const items = (await history(f.member)).body.data.items;
    const byId = Object.fromEntries(items.map((i: any) => [i.id, i]));
    const [adult, child] = eventA.ticketTypes.map((t: { id: string }) => t.id);
    expect(byId[ids.r1]).toEqual({
      kind: 'registration',
      id: ids.r1,
      eventId: eventA.id,
      eventName: 'Autumn Gala',
      showtimeId: eventA.showtimes[1].showtimeId,
      showtimeDateTime: '2027-05-01T19:00:00.000Z',
      showtimeLabel: 'Evening',
      tickets: [
        { ticketTypeId: adult, ticketTypeName: 'Adult', quantity: 2, unitPrice: 25, fee: 1.5 },
        { ticketTypeId: child, ticketTypeName: 'Child', quantity: 1, unitPrice: 10, fee: 0.5 },
      ],
      totalQuantity: 3,
      totalAmount: 60,
      totalFees: 3.5,
      lockedAt: expect.any(String),
      buyerName: 'Bea',
      createdAt: expect.any(String),
    });
    expect(Date.parse(byId[ids.r1].lockedAt) - Date.parse(byId[ids.r1].createdAt)).toBe(HOUR);
    expect(byId[ids.o2]).toEqual({
      kind: 'order',
      id: ids.o2,
      eventId: eventB.id,
      eventName: 'Winter Songs',
      showtimeId: eventB.showtimes[0].showtimeId,
      showtimeDateTime: eventB.showtimes[0].dateTime,
      tickets: [
        { ticketTypeId: eventB.ticketTypes[1].id, ticketTypeName: 'Child', quantity: 3, unitPrice: 10, fee: 0.5 },
      ],
      totalQuantity: 3,
      totalAmount: 30,
      totalFees: 1.5,
      status: 'cancelled',
      createdAt: expect.any(String),
    });
    expect(byId[ids.o1]).toMatchObject({ kind: 'order', status: 'pending', totalAmount: 25 });
    for (const item of items) {
      for (const hidden of ['_etag', 'docType', 'sortKey', 'capacityQuantity', 'requestedBy', 'sellerId'])
        expect(item).not.toHaveProperty(hidden);
    }
  });

  it('pages with limit and continuationToken through exactly the same list; each page is one query', async () => {
    const all = (await history(f.member)).body.data.items;
    const seen: any[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const res = await history(f.member, { limit: 1, ...(token ? { continuationToken: token } : {}) });
      expect(res.status).toBe(200);
      expect(ops(res)).toBe(2);
      seen.push(...res.body.data.items);
      token = res.body.data.continuationToken;
      pages += 1;
    } while (token && pages < 10);
    expect(seen).toEqual(all);
    expect(pages).toBeGreaterThanOrEqual(4);
  });

  it('filters by eventId', async () => {
    const res = await history(f.member, { eventId: eventB.id });
    expect(res.body.data.items.map((i: any) => i.id)).toEqual([ids.r2, ids.o2]);
  });

  it('shows another member only their own, and a caller with nothing an empty page', async () => {
    const other = await history(f.member2);
    expect(other.body.data.items.map((i: any) => i.id).sort()).toEqual([ids.r4, ids.o3].sort());
    const none = await history(f.treasurer);
    expect(none.body.data).toEqual({ items: [] });
  });

  it('refuses a malformed token, a bad limit or an unknown parameter with 400', async () => {
    for (const query of [
      { continuationToken: 'not-a-token' },
      { limit: 0 },
      { limit: 201 },
      { limit: 'ten' },
      { requestedBy: f.member2.id },
    ]) {
      const res = await history(f.member, query);
      expect([JSON.stringify(query), res.status]).toEqual([JSON.stringify(query), 400]);
      expect(res.body.success).toBe(false);
    }
    expect((await history(f.member, { limit: 200 })).status).toBe(200);
  });

  it('refuses an outsider admin with 403 and names nothing; in their own organization they see only theirs', async () => {
    const res = await history(f.outsider);
    expect([res.status, res.body.error]).toEqual([403, 'FORBIDDEN']);
    expect(JSON.stringify(res.body)).not.toContain('Autumn');
    const own = await api.get('me/history', { token: f.outsider.token, query: { organizationId: f.outsider.orgId } });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ items: [] });
  });
});
