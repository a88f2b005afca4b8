import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { giveFree, q, sellExternal, TWO_SHOWTIMES } from '../helpers/events';

/** Read routes in their own organization, so lists and the active event are exactly what this file made. */
let api: TestHost;
let f: OrgFixture;
const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

describe('event reads', () => {
  it('GET events-active is null without events, then the nearest upcoming active event, else the latest', async () => {
    const none = await api.get('events-active', { token: f.member.token, query: q(f) });
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
    const past = await createEvent(api, f, { name: 'Past', date: '2020-01-01' });
    const older = await createEvent(api, f, { name: 'Older', date: '2019-01-01' });
    const active = async () => (await api.get('events-active', { token: f.member.token, query: q(f) })).body.data;
    expect((await active()).id).toBe(past.id);
    const far = await createEvent(api, f, { name: 'Far', date: '2099-01-01' });
    const near = await createEvent(api, f, { name: 'Near', date: '2098-01-01' });
    await createEvent(api, f, { name: 'Inactive', date: '2097-01-01', active: false });
    expect((await active()).id).toBe(near.id);
    await api.del(`management/events/${near.id}`, { token: f.admin.token, query: q(f) });
    expect((await active()).id).toBe(far.id);
    expect(older.id).not.toBe(far.id);
  });

  it('GET events pages with an opaque continuation token and refuses a forged one', async () => {
    const all: string[] = [];
    let token: string | undefined;
    do {
      const res = await api.get('events', {
        token: f.member.token,
        query: { ...q(f), limit: 2, continuationToken: token },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.items.length).toBeLessThanOrEqual(2);
      for (const e of res.body.data.items) {
        expect(e).not.toHaveProperty('_etag');
        expect(e).not.toHaveProperty('docType');
        all.push(e.id);
      }
      token = res.body.data.continuationToken;
    } while (token);
    expect(all).toHaveLength(4); // Past, Older, Far, Inactive (Near is deleted)
    const forged = await api.get('events', { token: f.member.token, query: { ...q(f), continuationToken: 'abc' } });
    expect(forged.status).toBe(400);
    const onlyActive = await api.get('events', { token: f.member.token, query: { ...q(f), active: true } });
    expect(onlyActive.body.data.items.every((e: { active: boolean }) => e.active)).toBe(true);
  });

  it('GET events-overview gives capacity, sold, remaining and revenue per event in few store calls', async () => {
    const event = await createEvent(api, f, {
      name: 'Overview',
      date: '2096-01-01',
      venueCapacity: 10,
      ...TWO_SHOWTIMES,
      ticketTypes: [{ name: 'Adult', price: 12.1, fee: 0.3, boxofficePrice: 10.1, boxofficeFee: 0.2 }],
    });
    await sellExternal(api, f, event, 3, 0);
    await sellExternal(api, f, event, 10, 1);
    await giveFree(api, f, event, 4, 0);
    await api.put(`management/events/${event.id}/showtimes/${event.showtimes[0].showtimeId}/external`, {
      token: f.admin.token,
      query: q(f),
      body: { externalSold: 5 },
    });
    const res = await api.get('events-overview', { token: f.member.token, query: { ...q(f), limit: 200 } });
    expect(res.status).toBe(200);
    const row = res.body.data.items.find((e: { id: string }) => e.id === event.id);
    expect(row.statistics).toEqual({
      capacity: 20,
      sold: 22,
      remaining: 0 + 0, // 10 − (3 + 4 + 5) floors at 0, 10 − 10 = 0: capacity is never lent
      soldByChannel: { orders: 0, registrations: 0, external: 18, free: 4 },
      revenue: 131.3, // 13 × 10.10
      fees: 2.6, // 13 × 0.20
    });
    expect(res.body.data.items).toHaveLength(5);
    // auth (user, membership) + events page + counters + revenue rows, whatever the number of events
    expect(ops(res)).toBeLessThanOrEqual(5);
  });

  it('GET events/{id} and capacity-summary cost the user read plus one or two store calls', async () => {
    const event = await createEvent(api, f, { date: '2095-01-01' });
    const one = await api.get(`events/${event.id}`, { token: f.member.token, query: q(f) });
    expect(one.body.data).toEqual(event);
    expect(ops(one)).toBe(2);
    const summary = await api.get(`events/${event.id}/capacity-summary`, { token: f.member.token, query: q(f) });
    expect(summary.status).toBe(200);
    expect(ops(summary)).toBe(3);
    const create = await giveFree(api, f, event, 1);
    // user (with its role map), event, counter patch, the reservation of its serial numbers (the showtime's first
    // issue: the counter's patch finds none, then its create), the create with its tickets
    expect(ops(create)).toBe(6);
    const sale = await sellExternal(api, f, event, 1);
    expect(ops(sale)).toBe(5); // plus the organization read of the full-org guard
    const missing = await api.get('events/nope', { token: f.member.token, query: q(f) });
    expect(missing.status).toBe(404);
  });

  it('refuses outsiders on every read route; in their own organization they learn nothing', async () => {
    const event = await createEvent(api, f);
    const paths = [
      'events',
      'events-active',
      'events-overview',
      `events/${event.id}`,
      `events/${event.id}/capacity-summary`,
    ];
    for (const path of paths) {
      const res = await api.get(path, { token: f.outsider.token, query: q(f) });
      expect([path, res.status]).toEqual([path, 403]);
      const member = await api.get(path, { token: f.member.token, query: q(f) });
      expect([path, member.status]).toEqual([path, 200]);
    }
    const own = { organizationId: f.outsider.orgId };
    for (const path of [`events/${event.id}`, `events/${event.id}/capacity-summary`]) {
      const real = await api.get(path, { token: f.outsider.token, query: own });
      const fake = await api.get(path.replace(event.id, 'nope'), { token: f.outsider.token, query: own });
      expect(real.status).toBe(404);
      expect(real.body).toEqual(fake.body);
    }
    const list = await api.get('events', { token: f.outsider.token, query: own });
    expect(list.body.data.items).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every event, free-ticket and external-sales route with its auth, query and body', async () => {
    const res = await api.get('openapi.json');
    const paths = res.body.paths;
    const expected: [string, string][] = [
      ['/api/events', 'get'],
      ['/api/events-active', 'get'],
      ['/api/events-overview', 'get'],
      ['/api/events/{id}', 'get'],
      ['/api/events/{eventId}/capacity-summary', 'get'],
      ['/api/events/{eventId}/free-tickets', 'get'],
      ['/api/events/{eventId}/free-tickets', 'post'],
      ['/api/events/{eventId}/free-tickets/{id}', 'put'],
      ['/api/events/{eventId}/free-tickets/{id}', 'delete'],
      ['/api/management/events', 'post'],
      ['/api/management/events/{id}', 'put'],
      ['/api/management/events/{id}', 'delete'],
      ['/api/management/events/{id}/restore', 'patch'],
      ['/api/management/events/{id}/lock', 'put'],
      ['/api/management/events/{eventId}/showtimes/{showtimeId}/external', 'put'],
      ['/api/management/events/{eventId}/external-sales', 'get'],
      ['/api/management/events/{eventId}/showtimes/{showtimeId}/external-sales', 'get'],
      ['/api/management/events/{eventId}/showtimes/{showtimeId}/external-sales', 'post'],
      ['/api/management/external-sales/{id}', 'put'],
      ['/api/management/external-sales/{id}', 'delete'],
      ['/api/management/external-sales/{id}/correction', 'post'],
    ];
    for (const [path, method] of expected) {
      const op = paths[path]?.[method];
      expect([path, method, Boolean(op)]).toEqual([path, method, true]);
      expect(JSON.stringify(op)).toContain('organizationId');
      if (method !== 'get') expect([path, method, Boolean(op.requestBody)]).toEqual([path, method, true]);
    }
  });
});
