import type { TestHost } from '../helpers/harness';
import type { OrgFixture } from '../helpers/fixtures';
import {
  jointSharedEvent,
  sellOnProjection,
  threeOrganizations,
  type Participant,
} from '../helpers/shared-events/capacity';
import { createSharedEvent } from '../helpers/shared-events/create';
import { storedDocument } from '../helpers/seeds/inspection';

/**
 * Issue 22: every figure a participant sees about its Shared Event projection (capacity summary, events overview,
 * dashboard `remaining`) states what can still be sold there: the pool's or the quota's availability, not the
 * projection's capacity minus the organization's own sales.
 */
let api: TestHost;
let f: OrgFixture;
let others: Participant[];
beforeAll(async () => ({ api, f, others } = await threeOrganizations()), 60_000);
afterAll(() => api.close());

const organizer = () => ({ orgId: f.orgId, token: f.admin.token });
const summaryOf = async (who: { orgId: string; token: string }, seId: string) =>
  (await api.get(`events/se-${seId}/capacity-summary`, { token: who.token, query: { organizationId: who.orgId } })).body
    .data;

describe('a projection states the Shared Event availability', () => {
  it('pool: 16 of 20 committed → the organizer sees remaining 4 everywhere, not 20 minus its own sale', async () => {
    const [b] = others;
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 20 } });
    expect((await sellOnProjection(api, organizer(), se, 1)).status).toBe(201);
    expect((await sellOnProjection(api, { orgId: b.orgId, token: b.admin.token }, se, 15)).status).toBe(201);
    const summary = await summaryOf(organizer(), se.id);
    expect(summary.showtimes.map((s: any) => [s.capacity, s.sold, s.remaining])).toEqual([
      [20, 1, 4],
      [20, 0, 20],
    ]);
    expect(summary.aggregate).toMatchObject({ capacity: 40, sold: 1, remaining: 24 });

    const overview = await api.get('events-overview', { token: f.admin.token, query: { organizationId: f.orgId } });
    const item = overview.body.data.items.find((e: { id: string }) => e.id === `se-${se.id}`);
    expect(item.statistics).toMatchObject({ capacity: 40, sold: 1, remaining: 24 });

    const dashboard = await api.get(`management/dashboard/se-${se.id}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(dashboard.body.data.salesByShowtime.map((s: any) => s.remaining)).toEqual([4, 20]);
    expect(dashboard.body.data.ticketsRemaining).toBe(24);
  });

  it('an organization that left sees 0 remaining on its projection; a draft shows 0 too', async () => {
    const [b] = others;
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 20 } });
    await api.post(`shared-events/${se.id}/participants/${b.orgId}/leave`, { token: b.admin.token });
    const left = await summaryOf({ orgId: b.orgId, token: b.admin.token }, se.id);
    expect(left.showtimes.map((s: any) => s.remaining)).toEqual([0, 0]);
    expect((await summaryOf(organizer(), se.id)).aggregate.remaining).toBe(40);
    const draft = await createSharedEvent(api, f, { sharedCapacity: { perShowtime: 20 } });
    expect((await summaryOf(organizer(), draft.id)).aggregate.remaining).toBe(0);
  });

  it('quota: the organization sees its own quota left', async () => {
    const se = await jointSharedEvent(api, f, others, { capacityPolicy: 'quota' });
    const [first] = se.showtimes;
    const quota = await api.patch(`shared-events/${se.id}/participants/${f.orgId}/quota`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { quotaByShowtime: { [first.showtimeId]: 5 } },
    });
    expect(quota.status).toBe(200);
    expect((await sellOnProjection(api, organizer(), se, 2)).status).toBe(201);
    const summary = await summaryOf(organizer(), se.id);
    expect(summary.showtimes.map((s: any) => [s.capacity, s.remaining])).toEqual([
      [5, 3],
      [0, 0],
    ]);
  });
});

describe('an external sale on a projection is a projection document', () => {
  const counterOf = (seId: string, showtimeId: string) =>
    storedDocument(f.orgId, `capacity-se-${seId}-${showtimeId}`) as Promise<Record<string, unknown> | undefined>;
  const sell = (
    se: { id: string; showtimes: { showtimeId: string }[]; ticketTypeTemplates: { id: string }[] },
    n = 2,
  ) =>
    api.post(`management/events/se-${se.id}/showtimes/${se.showtimes[0].showtimeId}/external-sales`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { tickets: [{ ticketTypeId: se.ticketTypeTemplates[0].id, quantity: n }], source: 'box office' },
    });

  it('carries its sharedEventId, so create, edit and correction move no money on the projection counter', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 20 } });
    const showtimeId = se.showtimes[0].showtimeId;
    const sale = await sell(se);
    expect(sale.status).toBe(201);
    const stored = await storedDocument(f.orgId, sale.body.data.id);
    expect(stored).toMatchObject({ docType: 'externalSale', sharedEventId: se.id, eventId: `se-${se.id}` });
    const money = async () => {
      const counter = await counterOf(se.id, showtimeId);
      return { revenue: counter?.revenue ?? 0, fees: counter?.fees ?? 0 };
    };
    expect(await money()).toEqual({ revenue: 0, fees: 0 });

    const tickets = [{ ticketTypeId: se.ticketTypeTemplates[0].id, quantity: 3 }];
    const path = `management/external-sales/${sale.body.data.id}`;
    const q = { organizationId: f.orgId };
    expect((await api.put(path, { token: f.admin.token, query: q, body: { tickets, source: 'desk' } })).status).toBe(
      200,
    );
    const correction = await api.post(`${path}/correction`, {
      token: f.admin.token,
      query: q,
      body: { tickets: [{ ...tickets[0], quantity: 1 }], reason: 'miscounted' },
    });
    expect(correction.status).toBe(200);
    expect(await money()).toEqual({ revenue: 0, fees: 0 });
    expect(await storedDocument(f.orgId, sale.body.data.id)).toMatchObject({ sharedEventId: se.id });
    // The seats still count on the Shared Event (the projection's pool): one sold after the correction.
    expect((await summaryOf(organizer(), se.id)).showtimes[0]).toMatchObject({ sold: 1, remaining: 19 });
  });
});

describe('a free ticket on a projection is a projection document', () => {
  it('carries its sharedEventId from its create, through an edit', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 20 } });
    const base = `events/se-${se.id}/free-tickets`;
    const q = { organizationId: f.orgId };
    const given = await api.post(base, {
      token: f.admin.token,
      query: q,
      body: {
        showtimeId: se.showtimes[0].showtimeId,
        ticketTypeId: se.ticketTypeTemplates[0].id,
        quantity: 2,
        recipient: 'A guest',
      },
    });
    expect(given.status).toBe(201);
    expect(given.body.data).not.toHaveProperty('sharedEventId'); // the answer's shape is unchanged
    const id = given.body.data.id as string;
    expect(await storedDocument(f.orgId, id)).toMatchObject({ docType: 'freeTicket', sharedEventId: se.id });
    const edited = await api.put(`${base}/${id}`, { token: f.admin.token, query: q, body: { quantity: 3 } });
    expect(edited.status).toBe(200);
    expect(await storedDocument(f.orgId, id)).toMatchObject({ sharedEventId: se.id, quantity: 3 });
  });
});
