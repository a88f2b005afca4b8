import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { q, TWO_SHOWTIMES } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { seedDelegatedAttribution } from '../helpers/seed';

/**
 * GET /api/me/stats: MyStats from the caller's own member-channel SalesRecords, money in exact cents, revenue
 * prices only (never fees), printed orders by their validated sold lines (never totalAmount).
 */
let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
let gala: any;
let songs: any;
let dime: string;
let adult: string;
const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));

async function register(who: Person, event: any, tickets: { ticketTypeId: string; quantity: number }[], extra = {}) {
  const res = await api.post('registrations', {
    token: who.token,
    query: q(f),
    body: { eventId: event.id, tickets, ...extra },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return res.body.data;
}
const stats = (who: Person, query: Record<string, unknown> = {}) =>
  api.get('me/stats', { token: who.token, query: { ...q(f), ...query } });

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
  gala = await createEvent(api, f, {
    name: 'Autumn Gala',
    ...TWO_SHOWTIMES,
    ticketTypes: [
      { name: 'Dime', price: 0.1, fee: 0.05, sortOrder: 1 },
      { name: 'Adult', price: 19.99, fee: 1, sortOrder: 2 },
    ],
  });
  songs = await createEvent(api, f, { name: 'Winter Songs' });
  [dime, adult] = gala.ticketTypes.map((t: { id: string }) => t.id);
  const [s1, s2] = gala.showtimes.map((s: { showtimeId: string }) => s.showtimeId);

  // The member's own sales: three 0.10 registrations, two adults on the evening, a settled printed order.
  for (let i = 0; i < 3; i += 1)
    await register(f.member, gala, [{ ticketTypeId: dime, quantity: 1 }], { showtimeId: s1 });
  await register(f.member, gala, [{ ticketTypeId: adult, quantity: 2 }], { showtimeId: s2 });
  const settled = await o.delivered(f.member, gala, [0, 3], { showtimeId: s1 });
  await o.reportSold(f.member, settled.id, {
    soldQuantity: 2,
    soldTypeQuantities: [{ ticketTypeId: adult, soldQuantity: 2 }],
  });
  await o.ret(f.ticketManager, settled.id, {
    returnQuantity: 1,
    returnTypeQuantities: [{ ticketTypeId: adult, returnQuantity: 1 }],
  });
  const reconciled = await o.post(`orders/${settled.id}/approve-reconciliation`, f.ticketManager);
  expect(reconciled.body.data.status).toBe('settled');
  await register(f.member, songs, [{ ticketTypeId: songs.ticketTypes[0].id, quantity: 1 }]);

  // Not the member's sales: a pending order, a partner-sold order, a deleted registration, another member's sale.
  await o.create(f.member, gala, [5, 0], { showtimeId: s2 });
  const partner = await o.delivered(f.member, gala, [0, 2], { showtimeId: s2 });
  await o.reportSold(f.member, partner.id, {
    soldQuantity: 1,
    soldTypeQuantities: [{ ticketTypeId: adult, soldQuantity: 1 }],
  });
  await seedDelegatedAttribution(f.orgId, partner.id, { soldByOrganizationId: 'partner-org' });
  const gone = await register(f.member, gala, [{ ticketTypeId: adult, quantity: 4 }], { showtimeId: s2 });
  expect((await api.del(`registrations/${gone.id}`, { token: f.admin.token, query: q(f) })).status).toBe(200);
  await register(f.member2, gala, [{ ticketTypeId: dime, quantity: 7 }], { showtimeId: s1 });
});
afterAll(() => api.close());

describe('GET me/stats', () => {
  it('is exactly MyStats of the caller’s own member-channel sales, in exact cents, in one streamed query', async () => {
    const res = await stats(f.member);
    expect(res.status).toBe(200);
    const [s1, s2] = gala.showtimes;
    expect(res.body.data).toEqual({
      totalTicketsSold: 8,
      totalRevenue: 105.26, // 0.30 + 39.98 (registrations) + 39.98 (settled basis) + 25 (other event)
      byShowtime: [
        {
          eventId: gala.id,
          eventName: 'Autumn Gala',
          showtimeId: s1.showtimeId,
          showtimeDateTime: s1.dateTime,
          showtimeLabel: 'Matinee',
          ticketsSold: 5,
          revenue: 40.28,
        },
        {
          eventId: gala.id,
          eventName: 'Autumn Gala',
          showtimeId: s2.showtimeId,
          showtimeDateTime: s2.dateTime,
          showtimeLabel: 'Evening',
          ticketsSold: 2,
          revenue: 39.98,
        },
        {
          eventId: songs.id,
          eventName: 'Winter Songs',
          showtimeId: songs.showtimes[0].showtimeId,
          showtimeDateTime: songs.showtimes[0].dateTime,
          ticketsSold: 1,
          revenue: 25,
        },
      ],
      // Sorted by name, then id: the two events' "Adult" types are separate rows.
      byTicketType: [
        ...[
          { ticketTypeId: songs.ticketTypes[0].id, ticketTypeName: 'Adult', quantity: 1, revenue: 25 },
          { ticketTypeId: adult, ticketTypeName: 'Adult', quantity: 4, revenue: 79.96 },
        ].sort((a, b) => (a.ticketTypeId < b.ticketTypeId ? -1 : 1)),
        { ticketTypeId: dime, ticketTypeName: 'Dime', quantity: 3, revenue: 0.3 },
      ],
      eventBreakdown: [
        { eventId: gala.id, eventName: 'Autumn Gala', ticketsSold: 7, revenue: 80.26 },
        { eventId: songs.id, eventName: 'Winter Songs', ticketsSold: 1, revenue: 25 },
      ],
    });
    // user with its role map (auth), one query page
    expect(ops(res)).toBe(2);
  });

  it('a 0.10 ticket sold three times is 0.30 exactly', async () => {
    const res = await stats(f.member, { eventId: gala.id });
    const dimes = res.body.data.byTicketType.find((t: { ticketTypeId: string }) => t.ticketTypeId === dime);
    expect(dimes).toEqual({ ticketTypeId: dime, ticketTypeName: 'Dime', quantity: 3, revenue: 0.3 });
    expect(res.body.data.byShowtime[0].revenue).toBe(40.28);
  });

  it('filters by eventId', async () => {
    const res = await stats(f.member, { eventId: gala.id });
    expect(res.body.data).toMatchObject({ totalTicketsSold: 7, totalRevenue: 80.26 });
    expect(res.body.data.eventBreakdown).toEqual([
      { eventId: gala.id, eventName: 'Autumn Gala', ticketsSold: 7, revenue: 80.26 },
    ]);
    expect(res.body.data.byShowtime).toHaveLength(2);
  });

  it('counts another member only their own sale, and a caller with none gets zeros and empty lists', async () => {
    const other = await stats(f.member2);
    expect(other.body.data).toMatchObject({ totalTicketsSold: 7, totalRevenue: 0.7 });
    expect((await stats(f.treasurer)).body.data).toEqual({
      totalTicketsSold: 0,
      totalRevenue: 0,
      byShowtime: [],
      byTicketType: [],
      eventBreakdown: [],
    });
  });

  it('refuses bad input with 400 and an outsider admin with 403', async () => {
    for (const query of [{ eventId: 'bad id!' }, { limit: 5 }]) {
      expect((await stats(f.member, query)).status).toBe(400);
    }
    const res = await stats(f.outsider);
    expect([res.status, res.body.error]).toEqual([403, 'FORBIDDEN']);
    expect(JSON.stringify(res.body)).not.toContain('Gala');
  });
});
