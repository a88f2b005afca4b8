import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { capacitySummary, giveFree, q, sellExternal, TWO_SHOWTIMES } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { seedBulkSettledOrders, seedDelegatedAttribution, seedRegistrationWithSeats } from '../helpers/seed';

/** GET management/dashboard/{eventId}: DashboardStats black-box, against hand-computed figures. */
let api: TestHost;
let f: OrgFixture;
let o: ReturnType<typeof orderApi>;
const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  o = orderApi(api, f);
});
afterAll(() => api.close());

const dashboard = (eventId: string, token = f.ticketManager.token, query: Record<string, string> = q(f)) =>
  api.get(`management/dashboard/${eventId}`, { token, query });

/** Adult 25 + 1.5 (box office 22 + 1), Child 10 + 0.5, on a matinee and an evening of 100 seats each. */
const eventWithBoxOffice = () =>
  createEvent(api, f, {
    ...TWO_SHOWTIMES,
    ticketTypes: [
      { name: 'Adult', price: 25, fee: 1.5, boxofficePrice: 22, boxofficeFee: 1, sortOrder: 1 },
      { name: 'Child', price: 10, fee: 0.5, sortOrder: 2 },
    ],
  });

describe('dashboard', () => {
  it('gives every DashboardStats field from every channel and state, agreeing with the capacity summary', async () => {
    const event = await eventWithBoxOffice();
    const [S1, S2] = event.showtimes.map((s: { showtimeId: string }) => s.showtimeId);
    const [A, C] = event.ticketTypes.map((t: { id: string }) => t.id);
    const mia = { id: f.member.id, name: f.member.name };
    const max = { id: f.member2.id, name: f.member2.name };

    // Mia: a settled order on the matinee (2 adult + 1 child, all sold).
    const settled = await o.delivered(f.member, event, [2, 1], { showtimeId: S1 });
    await o.reportSold(f.member, settled.id, { soldQuantity: 3 });
    await o.post(`orders/${settled.id}/approve-reconciliation`, f.ticketManager);
    // Mia: an evening order partly reported (1 adult of 2): delivered, unresolved.
    const partly = await o.delivered(f.member, event, [2, 0], { showtimeId: S2 });
    await o.reportSold(f.member, partly.id, {
      soldQuantity: 1,
      soldTypeQuantities: [{ ticketTypeId: A, soldQuantity: 1 }],
    });
    // Max: awaiting reconciliation with a return (2 adult + 1 child sold, 1 child returned).
    const returned = await o.delivered(f.member2, event, [2, 2], { showtimeId: S1 });
    await o.reportSold(f.member2, returned.id, {
      soldQuantity: 3,
      soldTypeQuantities: [
        { ticketTypeId: A, soldQuantity: 2 },
        { ticketTypeId: C, soldQuantity: 1 },
      ],
    });
    const back = await o.ret(f.ticketManager, returned.id, {
      returnQuantity: 1,
      returnTypeQuantities: [{ ticketTypeId: C, returnQuantity: 1 }],
    });
    expect(back.body?.data?.status).toBe('awaitingReconciliation');
    // Max: pending, approved and cancelled orders add nothing.
    await o.create(f.member2, event, [5, 5], { showtimeId: S1 });
    await o.approve((await o.create(f.member2, event, [4, 0], { showtimeId: S1 })).id);
    const cancelled = await o.create(f.member2, event, [3, 0], { showtimeId: S2 });
    await o.post(`orders/${cancelled.id}/cancel`, f.ticketManager, {});
    // Registrations: Mia 2 child in the evening, Max 1 adult at the matinee (invoiced).
    await seedRegistrationWithSeats(f.orgId, event, mia, [{ ticketTypeId: C, quantity: 2 }], { showtimeId: S2 });
    await seedRegistrationWithSeats(f.orgId, event, max, [{ ticketTypeId: A, quantity: 1 }], {
      showtimeId: S1,
      invoicedAt: '2027-01-01T00:00:00.000Z',
    });
    // Free tickets, the box office ledger (3 adults at 22 + 1), the evening's manual external count.
    expect((await giveFree(api, f, event, 4, 0)).status).toBe(201);
    expect((await sellExternal(api, f, event, 3, 0)).status).toBe(201);
    const manual = await api.put(`management/events/${event.id}/showtimes/${S2}/external`, {
      token: f.admin.token,
      query: q(f),
      body: { externalSold: 5 },
    });
    expect(manual.status).toBe(200);
    // A partner-sold order (document 02 attribution): 2 adults at the matinee, settled.
    const delegated = await o.delivered(f.treasurer, event, [2, 0], { showtimeId: S1 });
    await o.reportSold(f.treasurer, delegated.id, { soldQuantity: 2 });
    await o.post(`orders/${delegated.id}/approve-reconciliation`, f.ticketManager);
    await seedDelegatedAttribution(f.orgId, delegated.id, {
      soldByOrganizationId: 'partner-org-1',
      soldByOrganizationName: 'Partner Choir',
    });

    const res = await dashboard(event.id);
    expect(res.status).toBe(200);
    const invoiceSummary = (over: Record<string, unknown>) => ({
      state: 'awaitingSettlement',
      eligibleCount: 0,
      invoicedCount: 0,
      unresolvedOrderCount: 0,
      invalidBasisOrderCount: 0,
      invoiceAmount: 0,
      allEligibleInvoiced: false,
      ...over,
    });
    expect(res.body.data).toEqual({
      organizationId: f.orgId,
      currency: 'EUR',
      eventId: event.id,
      eventName: 'Spring Concert',
      venueCapacity: 100,
      totalTicketsSold: 20,
      totalRevenue: 306,
      totalFee: 17,
      ticketsRemaining: 176,
      activeSellers: 2,
      salesByMember: [
        {
          userId: f.member.id,
          userName: 'Mia Member',
          ticketsSold: 6,
          totalRevenue: 105,
          invoiced: false,
          invoiceSummary: invoiceSummary({ eligibleCount: 2, unresolvedOrderCount: 1, invoiceAmount: 80 }),
          breakdown: [
            { ticketType: 'Adult', quantity: 3, revenue: 75 },
            { ticketType: 'Child', quantity: 3, revenue: 30 },
          ],
        },
        {
          userId: f.member2.id,
          userName: 'Max Member',
          ticketsSold: 4,
          totalRevenue: 85,
          invoiced: true,
          invoiceSummary: invoiceSummary({
            eligibleCount: 1,
            invoicedCount: 1,
            unresolvedOrderCount: 1,
            invoiceAmount: 25,
            allEligibleInvoiced: true,
          }),
          breakdown: [
            { ticketType: 'Adult', quantity: 3, revenue: 75 },
            { ticketType: 'Child', quantity: 1, revenue: 10 },
          ],
        },
      ],
      salesByTicketType: [
        { ticketTypeId: A, name: 'Adult', price: 25, sold: 11, revenue: 266 },
        { ticketTypeId: C, name: 'Child', price: 10, sold: 4, revenue: 40 },
      ],
      salesByShowtime: [
        {
          showtimeId: S1,
          dateTime: '2027-05-01T14:00:00.000Z',
          label: 'Matinee',
          sold: 7,
          partnerSold: 2,
          externalSold: 3,
          totalSold: 12,
          remaining: 84,
          revenue: 261,
          partnerRevenue: 50,
          externalBySource: [{ source: 'box office', quantity: 3 }],
        },
        {
          showtimeId: S2,
          dateTime: '2027-05-01T19:00:00.000Z',
          label: 'Evening',
          sold: 3,
          externalSold: 5,
          totalSold: 8,
          remaining: 92,
          revenue: 45,
          externalBySource: [{ source: 'manual', quantity: 5 }],
        },
      ],
      salesByPartnerOrganization: [
        { organizationId: 'partner-org-1', organizationName: 'Partner Choir', ticketsSold: 2, revenue: 50, fee: 3 },
      ],
    });
    // The capacity summary (from the counters) holds the same seats: sold there = sold here + free tickets.
    const summary = await capacitySummary(api, f, event.id);
    const free = { [S1]: 4, [S2]: 0 };
    for (const s of res.body.data.salesByShowtime) {
      const c = summary.showtimes.find((x) => x.showtimeId === s.showtimeId)!;
      expect(c.sold).toBe(s.totalSold + free[s.showtimeId]);
      expect(c.remaining).toBe(s.remaining);
    }
    expect(summary.aggregate.remaining).toBe(res.body.data.ticketsRemaining);
    // Auth (the user with its role map), the event and the organization (its currency, in parallel), one page of sales
    // documents.
    expect(ops(res)).toBe(4);
    expect(res.body.data.currency).toBe('EUR');
  });

  it('an event with no sales: every ticket type listed with 0, no members, no partners, label absent', async () => {
    const event = await createEvent(api, f, { venueCapacity: 30 });
    const res = await dashboard(event.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      totalTicketsSold: 0,
      totalRevenue: 0,
      totalFee: 0,
      ticketsRemaining: 30,
      activeSellers: 0,
      salesByMember: [],
      salesByPartnerOrganization: [],
    });
    expect(res.body.data.salesByTicketType.map((t: { name: string; sold: number }) => [t.name, t.sold])).toEqual([
      ['Adult', 0],
      ['Child', 0],
    ]);
    const [showtime] = res.body.data.salesByShowtime;
    expect(showtime).not.toHaveProperty('label');
    expect(showtime).not.toHaveProperty('partnerSold');
    expect(showtime).not.toHaveProperty('partnerRevenue');
    expect(showtime.externalBySource).toEqual([]);
  });

  it('sums money in cents: a 0.10 ticket sold three times is 0.30 everywhere', async () => {
    const event = await createEvent(api, f, { ticketTypes: [{ name: 'Dime', price: 0.1, fee: 0.1, sortOrder: 1 }] });
    const type = event.ticketTypes[0].id;
    for (let i = 0; i < 3; i += 1) {
      await seedRegistrationWithSeats(f.orgId, event, { id: f.member.id, name: f.member.name }, [
        { ticketTypeId: type, quantity: 1 },
      ]);
    }
    const data = (await dashboard(event.id)).body.data;
    expect(data.totalRevenue).toBe(0.3);
    expect(data.totalFee).toBe(0.3);
    expect(data.salesByShowtime[0].revenue).toBe(0.3);
    expect(data.salesByTicketType[0]).toMatchObject({ sold: 3, revenue: 0.3 });
    expect(data.salesByMember[0]).toMatchObject({
      totalRevenue: 0.3,
      breakdown: [{ ticketType: 'Dime', quantity: 3, revenue: 0.3 }],
      invoiceSummary: { invoiceAmount: 0.3, state: 'readyToInvoice' },
    });
  });

  it('is Ticket Manager+: a member gets 403, an outsider learns nothing, unknown and deleted events are 404', async () => {
    const event = await createEvent(api, f);
    for (const who of [f.ticketManager, f.treasurer, f.admin])
      expect((await dashboard(event.id, who.token)).status).toBe(200);
    const member = await dashboard(event.id, f.member.token);
    expect(member.status).toBe(403);
    expect(member.body).toMatchObject({ success: false, error: 'FORBIDDEN' });
    // The outsider, as admin of their own organization, asking for this event: 404, nothing named.
    const outsider = await dashboard(event.id, f.outsider.token, { organizationId: f.outsider.orgId });
    expect(outsider.status).toBe(404);
    expect(outsider.text).not.toContain('Spring Concert');
    // ... and in this organization, where they have no role: 403.
    expect((await dashboard(event.id, f.outsider.token)).status).toBe(403);
    const unknown = await dashboard('no-such-event');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: 'NOT_FOUND' });
    expect((await api.del(`management/events/${event.id}`, { token: f.admin.token, query: q(f) })).status).toBe(200);
    expect((await dashboard(event.id)).status).toBe(404);
    expect((await api.get(`management/dashboard/bad id!`, { token: f.ticketManager.token, query: q(f) })).status).toBe(
      400,
    );
    expect((await api.get(`management/dashboard/${event.id}`, { token: f.ticketManager.token })).status).toBe(400);
  });

  it('makes a fixed number of store calls: 1,500 orders cost what an empty event costs, not one call per order', async () => {
    const small = await createEvent(api, f);
    const smallOps = ops(await dashboard(small.id));
    const big = await createEvent(api, f, { name: 'Big Night', ...TWO_SHOWTIMES });
    const sellers = [f.member, f.member2, f.treasurer].map((p) => ({ id: p.id, name: p.name }));
    await seedBulkSettledOrders(f.orgId, big, 1500, sellers);
    // Counted, not timed: the store calls prove the cost does not grow per order; the time is the bench's.
    const res = await dashboard(big.id);
    expect(res.status).toBe(200);
    expect(ops(res)).toBe(smallOps);
    expect(res.body.data).toMatchObject({
      totalTicketsSold: 1500,
      totalRevenue: 37500,
      totalFee: 2250,
      activeSellers: 3,
    });
    expect(res.body.data.salesByMember.map((m: { ticketsSold: number }) => m.ticketsSold)).toEqual([500, 500, 500]);
    expect(res.body.data.salesByMember[0].invoiceSummary).toMatchObject({
      state: 'readyToInvoice',
      eligibleCount: 500,
      invoiceAmount: 12500,
    });
  });
});
