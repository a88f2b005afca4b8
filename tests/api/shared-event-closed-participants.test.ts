import type { TestHost } from '../helpers/harness';
import type { OrgFixture } from '../helpers/fixtures';
import {
  countersAgainstLedger,
  jointSharedEvent,
  sellOnProjection,
  threeOrganizations,
  type Participant,
} from '../helpers/shared-events/capacity';
import { createSharedEvent } from '../helpers/shared-events/create';
import { orderApi } from '../helpers/orders';
import {
  injectStoreFault,
  seedFenceWithoutHeadFlag,
  seedSharedPoolSales,
  storedDocument,
  storedSharedEventDocuments,
} from '../helpers/seed';

/**
 * Issue 22: an organization that left or was removed from a Shared Event takes no capacity through its projection,
 * by any channel (registrations, printed orders and report-sold, free tickets, external sales); the sales it made
 * before stay counted and reported. A draft's projections take nothing, and a retirement never hides sales.
 */
let api: TestHost;
let f: OrgFixture;
let others: Participant[];
beforeAll(async () => ({ api, f, others } = await threeOrganizations()), 60_000);
afterAll(() => api.close());

/** The participant as an order fixture: its admin plays every staff role. */
const asFixture = (p: Participant): OrgFixture => ({
  ...f,
  orgId: p.orgId,
  admin: p.admin,
  ticketManager: p.admin,
  treasurer: p.admin,
  member: p.admin,
  member2: p.admin,
});
const seller = (p: Participant) => ({ orgId: p.orgId, token: p.admin.token });
const pool = async (se: { id: string; showtimes: { showtimeId: string }[] }) =>
  (await countersAgainstLedger(se.id)).find((c) => c.id === `pool:${se.showtimes[0].showtimeId}`);

describe('a participant that left or was removed', () => {
  it('sells nothing after leaving, by any channel; its earlier sales stay counted and reported', async () => {
    const [b] = others;
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 5 } });
    const [showtimeId, ticketTypeId] = [se.showtimes[0].showtimeId, se.ticketTypeTemplates[0].id];
    const o = orderApi(api, asFixture(b));
    const event = { id: `se-${se.id}`, ticketTypes: se.ticketTypeTemplates };
    const printed = await o.delivered(b.admin, event, [3], { showtimeId });
    expect((await sellOnProjection(api, seller(b), se, 1)).status).toBe(201);

    const left = await api.post(`shared-events/${se.id}/participants/${b.orgId}/leave`, { token: b.admin.token });
    expect([left.status, left.body.data.status]).toEqual([200, 'left']);

    const q = { organizationId: b.orgId };
    const refusals = [
      await sellOnProjection(api, seller(b), se, 1),
      await o.reportSold(b.admin, printed.id, { soldQuantity: 1 }),
      await api.post(`events/se-${se.id}/free-tickets`, {
        token: b.admin.token,
        query: q,
        body: { showtimeId, ticketTypeId, quantity: 1, recipient: 'Press' },
      }),
      await api.post(`management/events/se-${se.id}/showtimes/${showtimeId}/external-sales`, {
        token: b.admin.token,
        query: q,
        body: { tickets: [{ ticketTypeId, quantity: 1 }], source: 'box office' },
      }),
      await api.post('orders', {
        token: b.admin.token,
        query: q,
        body: { eventId: event.id, showtimeId, tickets: [{ ticketTypeId, quantity: 1 }] },
      }),
    ];
    for (const r of refusals) {
      expect([r.status, r.body?.error, r.body?.data?.participantStatus]).toEqual([
        409,
        'PARTICIPANT_NOT_ACTIVE',
        'left',
      ]);
    }
    // B's one seat stays taken; the organizer sells the other four of the pool of 5.
    expect((await sellOnProjection(api, { orgId: f.orgId, token: f.admin.token }, se, 4)).status).toBe(201);
    expect((await pool(se))?.counter).toEqual({ capacity: 5, reserved: 0, committed: 5 });
    const combined = await api.get(`shared-events/${se.id}/reports/combined`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(combined.status).toBe(200);
    expect(JSON.stringify(combined.body.data)).toContain(b.orgId);
    // B still reads its own projection and its sale.
    const own = await api.get(`events/se-${se.id}`, { token: b.admin.token, query: q });
    expect(own.status).toBe(200);
    expect((await storedDocument(b.orgId, `se-${se.id}`)).sharedEventLink.participantStatus).toBe('left');
  });

  it('sells nothing after removal; a direct add lets it sell again', async () => {
    const [, c] = others;
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 5 } });
    const removed = await api.del(`shared-events/${se.id}/participants/${c.orgId}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect([removed.status, removed.body.data.status]).toEqual([200, 'removed']);
    const refused = await sellOnProjection(api, seller(c), se, 1);
    expect([refused.status, refused.body.error, refused.body.data?.participantStatus]).toEqual([
      409,
      'PARTICIPANT_NOT_ACTIVE',
      'removed',
    ]);
    expect((await pool(se))?.counter.committed ?? 0).toBe(0);
    const added = await api.post(`shared-events/${se.id}/participants`, {
      token: f.superToken,
      body: { organizationId: c.orgId },
    });
    expect(added.status).toBeLessThan(300);
    expect((await sellOnProjection(api, seller(c), se, 2)).status).toBe(201);
    expect((await pool(se))?.counter.committed).toBe(2);
  });

  it('is refused by the Shared Event even when its projection could not be told (the sync failed)', async () => {
    const [b] = others;
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 5 } });
    injectStoreFault((op) => op.container === 'orgs' && op.kind === 'replace' && op.id === `se-${se.id}`);
    const left = await api.post(`shared-events/${se.id}/participants/${b.orgId}/leave`, { token: b.admin.token });
    injectStoreFault(undefined);
    expect(left.status).toBe(200);
    const projection = await storedDocument(b.orgId, `se-${se.id}`);
    expect(projection.sharedEventLink.participantStatus).toBe('active'); // stale: the sync failed
    const refused = await sellOnProjection(api, seller(b), se, 1);
    expect([refused.status, refused.body.error, refused.body.data?.participantStatus]).toEqual([
      409,
      'PARTICIPANT_NOT_ACTIVE',
      'left',
    ]);
  });

  it('parallel sales racing a leave: whatever was admitted before is counted, nothing after', async () => {
    const [b] = others;
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 50 } });
    const sales = Array.from({ length: 10 }, () => sellOnProjection(api, seller(b), se, 1));
    const leave = api.post(`shared-events/${se.id}/participants/${b.orgId}/leave`, { token: b.admin.token });
    const results = await Promise.all(sales);
    expect((await leave).status).toBe(200);
    const sold = results.filter((r) => r.status === 201).length;
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect((await sellOnProjection(api, seller(b), se, 1)).status).toBe(409);
    const counter = (await pool(se))!;
    expect(counter.counter).toEqual(counter.ledger);
    expect(counter.counter.committed).toBe(sold);
  });
});

describe('a draft Shared Event', () => {
  it('refuses sales on its projections, and retires without hiding anything', async () => {
    const se = await createSharedEvent(api, f, { sharedCapacity: { perShowtime: 5 } });
    const res = await sellOnProjection(api, { orgId: f.orgId, token: f.admin.token }, se, 1);
    expect([res.status, res.body.error]).toEqual([409, 'CAPACITY_EXCEEDED']);
    expect(await countersAgainstLedger(se.id)).toEqual([]);
    const retired = await api.del(`shared-events/${se.id}`, { token: f.superToken });
    expect(retired.status).toBe(200);
  });

  it('refuses a retirement that would hide seats taken (a counter holding sales): 409, nothing retired', async () => {
    const se = await createSharedEvent(api, f, { sharedCapacity: { perShowtime: 5 } });
    const showtimeId = se.showtimes[0].showtimeId;
    await seedSharedPoolSales(se.id, showtimeId, 5, 2);
    const retired = await api.del(`shared-events/${se.id}`, { token: f.superToken });
    expect([retired.status, retired.body.error, retired.body.data?.seatsTaken]).toEqual([409, 'CONFLICT', 2]);
    const projection = await api.get(`events/se-${se.id}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(projection.status).toBe(200);
  });

  it('still refuses sales after a capacity-policy change created its fence (with a quota to sell from)', async () => {
    const se = await createSharedEvent(api, f, { sharedCapacity: { perShowtime: 5 } });
    const quotas = [{ organizationId: f.orgId, quotaByShowtime: { [se.showtimes[0].showtimeId]: 3 } }];
    const moved = await api.post(`shared-events/${se.id}/capacity-policy`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { capacityPolicy: 'quota', quotas },
    });
    expect(moved.status).toBeLessThan(300);
    const res = await sellOnProjection(api, { orgId: f.orgId, token: f.admin.token }, se, 1);
    expect([res.status, res.body.error]).toEqual([409, 'CAPACITY_EXCEEDED']);
    const open = await api.patch(`shared-events/${se.id}/lifecycle`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { status: 'open' },
    });
    expect(open.status).toBe(200);
    expect((await sellOnProjection(api, { orgId: f.orgId, token: f.admin.token }, se, 1)).status).toBe(201);
  });

  it('refuses sales behind a fence older code wrote without any head flag (one that already took a sale)', async () => {
    const se = await createSharedEvent(api, f, { sharedCapacity: { perShowtime: 5 } });
    await seedSharedPoolSales(se.id, se.showtimes[0].showtimeId, 5, 1);
    await seedFenceWithoutHeadFlag(se.id);
    const res = await sellOnProjection(api, { orgId: f.orgId, token: f.admin.token }, se, 1);
    expect([res.status, res.body.error]).toEqual([409, 'CAPACITY_EXCEEDED']);
    expect((await pool(se))?.counter).toEqual({ capacity: 5, reserved: 0, committed: 1 });
    const open = await api.patch(`shared-events/${se.id}/lifecycle`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { status: 'open' },
    });
    expect(open.status).toBe(200);
    // Once opened, the first sale reads the head and records it on the fence; the next one trusts the fence.
    expect((await sellOnProjection(api, { orgId: f.orgId, token: f.admin.token }, se, 1)).status).toBe(201);
    const [fence] = await storedSharedEventDocuments<{ headSeenSelling?: true }>(se.id, 'capacityFence');
    expect(fence?.headSeenSelling).toBe(true);
  });
});
