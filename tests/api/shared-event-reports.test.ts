import type { ApiResponse, TestHost } from '../helpers/harness';
import { addPerson, createOrganization, type OrgFixture } from '../helpers/fixtures';
import {
  countersAgainstLedger,
  jointSharedEvent,
  sellersOf,
  threeOrganizations,
  type Participant,
} from '../helpers/shared-events/capacity';
import { grantCapabilities } from '../helpers/shared-events/grants';
import { seedParticipantQuotas, sharedEventFingerprint } from '../helpers/seed';

/**
 * Combined and participant reports of a Shared Event (docs/shared-events.md "reporting"): sales of every kind on three
 * organizations' projections, at prices where float sums would drift (12.34 + 0.66, 0.10 + 0.05, box office 15 + 1),
 * then combined == Σ participant reports == the counters == each participant's own dashboard, to the ticket and
 * the cent; plus who may read which report.
 */
let api: TestHost;
let f: OrgFixture;
let others: Participant[];

beforeAll(async () => ({ api, f, others } = await threeOrganizations()), 60_000);
afterAll(() => api.close());

const templates = [
  { name: 'Adult', price: 12.34, fee: 0.66, boxofficePrice: 15, boxofficeFee: 1, sortOrder: 1 },
  { name: 'Child', price: 0.1, fee: 0.05, sortOrder: 2 },
];
const ops = (res: ApiResponse) => Number(res.headers.get('x-store-ops'));
type Seller = { orgId: string; token: string };
type Se = Awaited<ReturnType<typeof jointSharedEvent>>;

const sellers = (): Seller[] => sellersOf(f, others);

async function must(res: Promise<ApiResponse>, status: number, what: string) {
  const r = await res;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body?.data;
}

const combined = (token: string, organizationId?: string, se = shared) =>
  api.get(`shared-events/${se.id}/reports/combined`, { token, query: organizationId ? { organizationId } : {} });
const participant = (token: string, query: Record<string, string>, se = shared) =>
  api.get(`shared-events/${se.id}/reports/participant`, { token, query });

/**
 * Every kind of capacity-taking sale on one organization's projection; `k` varies the quantities per organization.
 * Returns what was sold, in cents worked out by hand (Adult 1234 + 66, box office 1500 + 100, Child 10 + 5).
 */
async function sellEverything(se: Se, seller: Seller, k: number) {
  const q = { organizationId: seller.orgId };
  const eventId = `se-${se.id}`;
  const [s1, s2] = se.showtimes.map((s) => s.showtimeId);
  const [adult, child] = se.ticketTypeTemplates.map((t) => t.id);
  const post = (path: string, body: unknown, status = 201, what = path) =>
    must(api.post(path, { token: seller.token, query: q, body }), status, what);
  // Registrations: s1 k adult + 3 child; s2 1 adult.
  await post('registrations', {
    eventId,
    showtimeId: s1,
    tickets: [
      { ticketTypeId: adult, quantity: k },
      { ticketTypeId: child, quantity: 3 },
    ],
  });
  await post('registrations', { eventId, showtimeId: s2, tickets: [{ ticketTypeId: adult, quantity: 1 }] });
  // Free tickets: seats, no sale.
  await post(`events/${eventId}/free-tickets`, {
    showtimeId: s1,
    ticketTypeId: adult,
    quantity: 2,
    recipient: 'Press',
  });
  // External ledger sales at the box-office price (Adult) and the plain price (Child).
  await post(`management/events/${eventId}/showtimes/${s2}/external-sales`, {
    tickets: [{ ticketTypeId: adult, quantity: k }],
    source: 'box office',
  });
  await post(`management/events/${eventId}/showtimes/${s2}/external-sales`, {
    tickets: [{ ticketTypeId: child, quantity: 1 }],
    source: 'web',
  });
  // Printed orders: one approved (holds nothing), one delivered and reported sold 3 of 4 (2 adult, 1 child).
  const order = (tickets: unknown[]) => post('orders', { eventId, showtimeId: s1, tickets });
  const approved = await order([{ ticketTypeId: adult, quantity: 2 }]);
  await post(`orders/${approved.id}/approve`, {}, 200);
  const delivered = await order([
    { ticketTypeId: adult, quantity: 2 },
    { ticketTypeId: child, quantity: 2 },
  ]);
  await post(`orders/${delivered.id}/approve`, {}, 200);
  await post(`orders/${delivered.id}/deliver`, {}, 200);
  await post(
    `orders/${delivered.id}/report-sold`,
    {
      soldQuantity: 3,
      soldTypeQuantities: [
        { ticketTypeId: adult, soldQuantity: 2 },
        { ticketTypeId: child, soldQuantity: 1 },
      ],
    },
    200,
  );
  // The organizer also keeps a manual external count on s2: seats and tickets, no money.
  const manual = seller.orgId === f.orgId ? 4 : 0;
  if (manual) {
    await must(
      api.put(`management/events/${eventId}/showtimes/${s2}/external`, {
        token: seller.token,
        query: q,
        body: { externalSold: manual, externalNote: 'door list' },
      }),
      200,
      'manual external',
    );
  }
  const s1Tickets = k + 3 + 3; // registration + reported sold
  const s2Tickets = 1 + k + 1 + manual;
  const s1Revenue = k * 1234 + 3 * 10 + 2 * 1234 + 10;
  const s1Fees = k * 66 + 3 * 5 + 2 * 66 + 5;
  const s2Revenue = 1234 + k * 1500 + 10;
  const s2Fees = 66 + k * 100 + 5;
  return {
    [s1]: { ticketsSold: s1Tickets, seatsTaken: s1Tickets + 2, revenueCents: s1Revenue, feeCents: s1Fees },
    [s2]: { ticketsSold: s2Tickets, seatsTaken: s2Tickets, revenueCents: s2Revenue, feeCents: s2Fees },
  };
}

let shared: Se;
let expected: Record<string, { ticketsSold: number; seatsTaken: number; revenueCents: number; feeCents: number }>[];

describe('a pool-mode Shared Event with sales of every kind on three projections', () => {
  beforeAll(async () => {
    shared = await jointSharedEvent(api, f, others, {
      name: 'Harbour Reports',
      ticketTypeTemplates: templates,
      sharedCapacity: { perShowtime: 120 },
    });
    expected = [];
    for (const [i, seller] of sellers().entries()) expected.push(await sellEverything(shared, seller, i + 1));
  }, 120_000);

  it('combined figures equal the hand-worked cents, the counters and the stored ledger', async () => {
    const res = await combined(f.admin.token, f.orgId);
    expect(res.status).toBe(200);
    const report = res.body.data;
    expect(report).toMatchObject({
      sharedEventId: shared.id,
      name: 'Harbour Reports',
      capacityPolicy: 'pool',
      status: 'open',
    });
    // The organizer first, then by name (Choir B, Choir C).
    expect(report.organizations.map((o: any) => o.organizationId)).toEqual([f.orgId, ...others.map((o) => o.orgId)]);
    expect(report.organizations.map((o: any) => o.organizationName).slice(1)).toEqual(['Choir B', 'Choir C']);
    const stored = await countersAgainstLedger(shared.id);
    for (const s of report.showtimes) {
      const want = expected.reduce(
        (sum, e) => ({
          ticketsSold: sum.ticketsSold + e[s.showtimeId].ticketsSold,
          seatsTaken: sum.seatsTaken + e[s.showtimeId].seatsTaken,
          revenueCents: sum.revenueCents + e[s.showtimeId].revenueCents,
          feeCents: sum.feeCents + e[s.showtimeId].feeCents,
        }),
        { ticketsSold: 0, seatsTaken: 0, revenueCents: 0, feeCents: 0 },
      );
      expect(s).toMatchObject({
        ticketsSold: want.ticketsSold,
        seatsTaken: want.seatsTaken,
        revenue: want.revenueCents / 100,
        fees: want.feeCents / 100,
      });
      // Reconciliation: every sale went through the capacity path, so Σ seats over organizations = committed.
      const pool = stored.find((c) => c.id === `pool:${s.showtimeId}`)!;
      expect(pool.counter).toEqual(pool.ledger);
      expect(s).toMatchObject({ capacity: 120, reserved: 0, committed: pool.counter.committed });
      expect(s.committed).toBe(s.seatsTaken);
      expect(s.available).toBe(120 - s.committed);
    }
    const sum = (pick: (s: any) => number) => report.showtimes.reduce((n: number, s: any) => n + pick(s), 0);
    expect(report.totals).toEqual({
      capacity: 240,
      reserved: 0,
      committed: sum((s) => s.committed),
      available: sum((s) => s.available),
      ticketsSold: sum((s) => s.ticketsSold),
      seatsTaken: sum((s) => s.seatsTaken),
      revenue: Math.round(sum((s) => Math.round(s.revenue * 100))) / 100,
      fees: Math.round(sum((s) => Math.round(s.fees * 100))) / 100,
    });
  });

  it('each participant report equals its part of the combined report and its own dashboard for se-{id}', async () => {
    const whole = (await combined(f.admin.token, f.orgId)).body.data;
    for (const [i, seller] of sellers().entries()) {
      const res = await participant(seller.token, { organizationId: seller.orgId });
      expect(res.status).toBe(200);
      const mine = res.body.data;
      const inCombined = whole.organizations.find((o: any) => o.organizationId === seller.orgId);
      const { showtimes: combinedShowtimes, ...combinedHeading } = inCombined;
      expect(mine.organization).toEqual(combinedHeading);
      expect(mine.organization.eventId).toBe(`se-${shared.id}`);
      const dashboard = await must(
        api.get(`management/dashboard/se-${shared.id}`, {
          token: seller.token,
          query: { organizationId: seller.orgId },
        }),
        200,
        'dashboard',
      );
      expect(mine.organization).toMatchObject({
        ticketsSold: dashboard.totalTicketsSold,
        revenue: dashboard.totalRevenue,
        fees: dashboard.totalFee,
      });
      for (const s of mine.showtimes) {
        const want = expected[i][s.showtimeId];
        expect(s).toMatchObject({
          ticketsSold: want.ticketsSold,
          seatsTaken: want.seatsTaken,
          revenue: want.revenueCents / 100,
          fees: want.feeCents / 100,
        });
        const onDashboard = dashboard.salesByShowtime.find((d: any) => d.showtimeId === s.showtimeId);
        expect(s.ticketsSold).toBe(onDashboard.totalSold);
        expect(s.revenue).toBe(onDashboard.revenue);
        const fromCombined = combinedShowtimes.find((c: any) => c.showtimeId === s.showtimeId);
        const { counter, dateTime: _d, label: _l, ...figures } = s;
        expect(figures).toEqual(fromCombined);
        // Its share of the pool: the pool counter itself, next to the organization's seats.
        const pool = whole.showtimes.find((c: any) => c.showtimeId === s.showtimeId);
        expect(counter).toEqual({
          kind: 'pool',
          counterId: `pool:${s.showtimeId}`,
          health: 'ok',
          capacity: pool.capacity,
          reserved: pool.reserved,
          committed: pool.committed,
          available: pool.available,
        });
      }
    }
  });

  it('Σ participant reports = combined, per showtime and in total, to the cent', async () => {
    const whole = (await combined(f.superToken)).body.data;
    const reports = await Promise.all(
      sellers().map(
        async (s) =>
          (await participant(f.superToken, { participantOrganizationId: s.orgId })).body.data as {
            organization: any;
            showtimes: any[];
          },
      ),
    );
    const cents = (n: number) => Math.round(n * 100);
    for (const s of whole.showtimes) {
      const parts = reports.map((r) => r.showtimes.find((x) => x.showtimeId === s.showtimeId));
      expect(parts.reduce((n, p) => n + p.ticketsSold, 0)).toBe(s.ticketsSold);
      expect(parts.reduce((n, p) => n + p.seatsTaken, 0)).toBe(s.seatsTaken);
      expect(parts.reduce((n, p) => n + cents(p.revenue), 0)).toBe(cents(s.revenue));
      expect(parts.reduce((n, p) => n + cents(p.fees), 0)).toBe(cents(s.fees));
    }
    expect(reports.reduce((n, r) => n + cents(r.organization.revenue), 0)).toBe(cents(whole.totals.revenue));
    expect(reports.reduce((n, r) => n + r.organization.ticketsSold, 0)).toBe(whole.totals.ticketsSold);
  });

  it('store calls are bounded by the roster, not by the number of sales', async () => {
    const before = await combined(f.admin.token, f.orgId);
    const mine = await participant(others[0].admin.token, { organizationId: others[0].orgId });
    const target = await participant(f.admin.token, {
      organizationId: f.orgId,
      participantOrganizationId: others[1].orgId,
    });
    // user (its role map grants) + scope (head, roster entry) + roster + counters + 3 × (projection + sales page)
    expect(ops(before)).toBeLessThanOrEqual(3 + 2 + 2 * 3);
    // user + scope + counters + projection + sales page (+ the target's roster entry)
    expect(ops(mine)).toBeLessThanOrEqual(3 + 1 + 2);
    expect(ops(target)).toBeLessThanOrEqual(3 + 2 + 2);
    await sellEverything(shared, sellers()[1], 2);
    expect(ops(await combined(f.admin.token, f.orgId))).toBe(ops(before));
  }, 60_000);
});

describe('who may read which report', () => {
  let outsider: { orgId: string; token: string };
  beforeAll(async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Outsiders' });
    outsider = { orgId, token: (await addPerson(api, f.superToken, orgId, 'admin')).token };
    shared ??= await jointSharedEvent(api, f, others, { ticketTypeTemplates: templates });
  }, 60_000);

  it('combined: owner, viewCombinedReports grant holder and Super Admin read it; nobody else', async () => {
    expect((await combined(f.admin.token, f.orgId)).status).toBe(200);
    expect((await combined(f.superToken)).status).toBe(200);
    // A plain member without a grant is refused; with viewCombinedReports the same member reads it.
    expect((await combined(f.member.token, f.orgId)).status).toBe(403);
    await grantCapabilities(api, {
      sharedEventId: shared.id,
      organizationId: f.orgId,
      grantorToken: f.admin.token,
      userId: f.member.id,
      capabilities: ['viewCombinedReports'],
    });
    expect((await combined(f.member.token, f.orgId)).status).toBe(200);
    // A grant of another capability is not enough.
    await grantCapabilities(api, {
      sharedEventId: shared.id,
      organizationId: f.orgId,
      grantorToken: f.admin.token,
      userId: f.ticketManager.id,
      capabilities: ['manageExternalSales'],
    });
    expect((await combined(f.ticketManager.token, f.orgId)).status).toBe(403);
    // A participant's own admin is neither owner nor grantee.
    const participantAdmin = await combined(others[0].admin.token, others[0].orgId);
    expect(participantAdmin.status).toBe(403);
    expect(participantAdmin.text).not.toContain('Harbour');
    // An organization outside the roster learns nothing.
    const outside = await combined(outsider.token, outsider.orgId);
    expect(outside.status).toBe(404);
    expect(outside.text).not.toContain(shared.id);
    expect(outside.text).not.toContain('Harbour');
    // Acting for an organization one is not a member of.
    expect((await combined(outsider.token, f.orgId)).status).toBe(403);
    expect((await combined('', f.orgId)).status).toBe(401);
  });

  it('participant: own organization by default from Ticket Manager up; a plain member is refused', async () => {
    const own = await participant(others[0].admin.token, { organizationId: others[0].orgId });
    expect(own.status).toBe(200);
    expect(own.body.data.organization.organizationId).toBe(others[0].orgId);
    const tm = await participant(f.ticketManager.token, { organizationId: f.orgId });
    expect(tm.status).toBe(200);
    expect(tm.body.data.organization.organizationId).toBe(f.orgId);
    const member = await addPerson(api, f.superToken, others[0].orgId, 'member');
    expect((await participant(member.token, { organizationId: others[0].orgId })).status).toBe(403);
  });

  it('participant: a participant naming another organization gets 403, even its own id is fine', async () => {
    const other = await participant(others[0].admin.token, {
      organizationId: others[0].orgId,
      participantOrganizationId: others[1].orgId,
    });
    expect(other.status).toBe(403);
    expect(other.text).not.toContain('Choir C');
    // An unknown id is refused the same way (no probing of the roster).
    const unknown = await participant(others[0].admin.token, {
      organizationId: others[0].orgId,
      participantOrganizationId: 'no-such-org',
    });
    expect(unknown.status).toBe(403);
    const self = await participant(others[0].admin.token, {
      organizationId: others[0].orgId,
      participantOrganizationId: others[0].orgId,
    });
    expect(self.status).toBe(200);
  });

  it('participant: an owner or Super Admin names any roster organization; off the roster is 404', async () => {
    const byOwner = await participant(f.admin.token, {
      organizationId: f.orgId,
      participantOrganizationId: others[1].orgId,
    });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.data.organization).toMatchObject({ organizationId: others[1].orgId, role: 'participant' });
    const bySuper = await participant(f.superToken, { participantOrganizationId: others[0].orgId });
    expect(bySuper.status).toBe(200);
    expect(bySuper.body.data.organization.organizationId).toBe(others[0].orgId);
    expect(
      (await participant(f.admin.token, { organizationId: f.orgId, participantOrganizationId: outsider.orgId })).status,
    ).toBe(404);
    expect((await participant(f.superToken, { participantOrganizationId: 'no-such-org' })).status).toBe(404);
    // A Super Admin acting for no organization must name one.
    expect((await participant(f.superToken, {})).status).toBe(400);
    // An outsider never reaches the target check.
    const outside = await participant(outsider.token, {
      organizationId: outsider.orgId,
      participantOrganizationId: f.orgId,
    });
    expect(outside.status).toBe(404);
    expect(outside.text).not.toContain('Harbour');
  });

  it('bad query → 400 and nothing written', async () => {
    const before = await sharedEventFingerprint(shared.id);
    const bad = [
      participant(f.admin.token, { organizationId: f.orgId, participantOrganizationId: 'bad id!' }),
      participant(f.admin.token, { organizationId: f.orgId, participantOrganizationId: '' }),
      participant(f.admin.token, { organizationId: f.orgId, unknown: 'x' }),
      api.get(`shared-events/${shared.id}/reports/combined`, {
        token: f.admin.token,
        query: { organizationId: f.orgId, participantOrganizationId: f.orgId },
      }),
    ];
    for (const res of await Promise.all(bad)) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    }
    expect(await sharedEventFingerprint(shared.id)).toEqual(before);
  });

  it('unknown Shared Event → 404', async () => {
    expect((await combined(f.admin.token, f.orgId, { ...shared, id: 'no-such-event' })).status).toBe(404);
    expect(
      (await participant(f.superToken, { participantOrganizationId: f.orgId }, { ...shared, id: 'nope' })).status,
    ).toBe(404);
  });
});

describe('quota mode', () => {
  it("each organization's seats equal its quota counter; counters without a sale read as the quota", async () => {
    const se = await jointSharedEvent(api, f, others, { capacityPolicy: 'quota', ticketTypeTemplates: templates });
    const [s1, s2] = se.showtimes.map((s) => s.showtimeId);
    const quotas = [10, 6, 4];
    for (const [i, seller] of sellers().entries()) {
      await seedParticipantQuotas(se.id, seller.orgId, { [s1]: quotas[i], [s2]: quotas[i] });
    }
    const [adult, child] = se.ticketTypeTemplates.map((t) => t.id);
    for (const [i, seller] of sellers().entries()) {
      await must(
        api.post('registrations', {
          token: seller.token,
          query: { organizationId: seller.orgId },
          body: {
            eventId: `se-${se.id}`,
            showtimeId: s1,
            tickets: [
              { ticketTypeId: adult, quantity: i + 1 },
              { ticketTypeId: child, quantity: 1 },
            ],
          },
        }),
        201,
        'register',
      );
    }
    // Quota of Choir C is 4: a sale of 5 does not fit.
    const refused = await api.post('registrations', {
      token: others[1].admin.token,
      query: { organizationId: others[1].orgId },
      body: { eventId: `se-${se.id}`, showtimeId: s1, tickets: [{ ticketTypeId: adult, quantity: 5 }] },
    });
    expect(refused.status).toBe(409);

    const whole = await must(combined(f.admin.token, f.orgId, se), 200, 'combined');
    const first = whole.showtimes.find((s: any) => s.showtimeId === s1);
    const second = whole.showtimes.find((s: any) => s.showtimeId === s2);
    expect(first).toMatchObject({ capacity: 20, committed: 2 + 3 + 4, reserved: 0, available: 20 - 9, seatsTaken: 9 });
    expect(first.revenue).toBe((6 * 1234 + 3 * 10) / 100);
    expect(second).toMatchObject({ capacity: 20, committed: 0, available: 20, seatsTaken: 0, ticketsSold: 0 });
    const stored = await countersAgainstLedger(se.id);
    for (const [i, seller] of sellers().entries()) {
      const org = whole.organizations.find((o: any) => o.organizationId === seller.orgId);
      const onS1 = org.showtimes.find((s: any) => s.showtimeId === s1);
      const counter = stored.find((c) => c.id === `quota:${seller.orgId}:${s1}`)!;
      expect(counter.counter).toEqual(counter.ledger);
      expect(onS1.quota).toEqual({
        counterId: counter.id,
        health: 'ok',
        capacity: quotas[i],
        reserved: 0,
        committed: counter.counter.committed,
        available: quotas[i] - (counter.counter.committed ?? 0),
      });
      expect(onS1.seatsTaken).toBe(counter.counter.committed);
      const onS2 = org.showtimes.find((s: any) => s.showtimeId === s2);
      expect(onS2.quota).toMatchObject({ capacity: quotas[i], committed: 0, available: quotas[i] });
      const mine = await must(participant(seller.token, { organizationId: seller.orgId }, se), 200, 'participant');
      const mineS1 = mine.showtimes.find((s: any) => s.showtimeId === s1);
      expect(mineS1.counter).toEqual({ kind: 'quota', ...onS1.quota });
    }
  }, 60_000);
});
