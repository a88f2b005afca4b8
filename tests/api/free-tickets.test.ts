import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { capacitySummary, giveFree, q, showtimeSold, TWO_SHOWTIMES } from '../helpers/events';

let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const list = async (eventId: string) =>
  (await api.get(`events/${eventId}/free-tickets`, { token: f.ticketManager.token, query: q(f) })).body.data.items;

describe('free tickets', () => {
  it('creates, lists, updates and deletes, moving the free channel of the counter', async () => {
    const event = await createEvent(api, f, { venueCapacity: 20, ...TWO_SHOWTIMES });
    const [s1, s2] = event.showtimes.map((s: { showtimeId: string }) => s.showtimeId);
    const made = await giveFree(api, f, event, 3);
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      eventId: event.id,
      showtimeId: s1,
      ticketTypeId: event.ticketTypes[0].id,
      ticketTypeName: 'Adult',
      quantity: 3,
      recipient: 'Guest',
    });
    expect(made.body.data).not.toHaveProperty('_etag');
    expect(made.body.data).not.toHaveProperty('docType');
    expect(made.body.data).not.toHaveProperty('capacityQuantity');
    expect(await showtimeSold(api, f, event.id)).toEqual({ [s1]: 3, [s2]: 0 });

    const id = made.body.data.id;
    const path = `events/${event.id}/free-tickets/${id}`;
    const bigger = await api.put(path, { token: f.ticketManager.token, query: q(f), body: { quantity: 5 } });
    expect(bigger.status).toBe(200);
    expect(bigger.body.data.quantity).toBe(5);
    expect(await showtimeSold(api, f, event.id)).toEqual({ [s1]: 5, [s2]: 0 });

    const moved = await api.put(path, {
      token: f.ticketManager.token,
      query: q(f),
      body: {
        showtimeId: s2,
        ticketTypeId: event.ticketTypes[1].id,
        quantity: 2,
        recipient: 'Press',
        reason: 'review',
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ showtimeId: s2, ticketTypeName: 'Child', quantity: 2, reason: 'review' });
    expect(await showtimeSold(api, f, event.id)).toEqual({ [s1]: 0, [s2]: 2 });
    expect((await list(event.id)).map((t: { id: string }) => t.id)).toEqual([id]);

    const gone = await api.del(path, { token: f.ticketManager.token, query: q(f) });
    expect(gone.status).toBe(200);
    expect(await showtimeSold(api, f, event.id)).toEqual({ [s1]: 0, [s2]: 0 });
    expect(await list(event.id)).toEqual([]);
    expect((await api.put(path, { token: f.ticketManager.token, query: q(f), body: { quantity: 1 } })).status).toBe(
      404,
    );
    expect((await api.del(path, { token: f.ticketManager.token, query: q(f) })).status).toBe(404);
  });

  it('refuses an increase past capacity with 409 CAPACITY_EXCEEDED and changes nothing', async () => {
    const event = await createEvent(api, f, { venueCapacity: 5 });
    const made = await giveFree(api, f, event, 4);
    const res = await api.put(`events/${event.id}/free-tickets/${made.body.data.id}`, {
      token: f.ticketManager.token,
      query: q(f),
      body: { quantity: 7 },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'CAPACITY_EXCEEDED',
      errorCode: 'CAPACITY_EXCEEDED',
      data: { availableCapacity: 1, requestedDelta: 3 },
    });
    expect((await list(event.id))[0].quantity).toBe(4);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ sold: 4, free: 4, remaining: 1 });
    const over = await giveFree(api, f, event, 2);
    expect(over.status).toBe(409);
    expect(over.body.data).toEqual({ availableCapacity: 1, requestedDelta: 2 });
  });

  it('lets exactly 10 of 30 parallel one-ticket creations through against a remaining 10', async () => {
    const event = await createEvent(api, f, { venueCapacity: 15 });
    expect((await giveFree(api, f, event, 5)).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 30 }, () => giveFree(api, f, event, 1)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.body).toMatchObject({ error: 'CAPACITY_EXCEEDED' });
    const summary = await capacitySummary(api, f, event.id);
    expect(summary.aggregate).toMatchObject({ capacity: 15, sold: 15, free: 15, remaining: 0 });
    expect(await list(event.id)).toHaveLength(11);
  });

  describe('the update rule of docs/decisions/events.md', () => {
    const put = (eventId: string, id: string, body: unknown) =>
      api.put(`events/${eventId}/free-tickets/${id}`, { token: f.ticketManager.token, query: q(f), body });

    it('changes only the fields given and returns the updated entry', async () => {
      const event = await createEvent(api, f, { venueCapacity: 10 });
      const made = (await giveFree(api, f, event, 3)).body.data;
      const res = await put(event.id, made.id, { reason: 'sponsor' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...made, reason: 'sponsor', updatedAt: expect.any(String) });
      expect(await list(event.id)).toEqual([res.body.data]);
      const retyped = await put(event.id, made.id, { ticketTypeId: event.ticketTypes[1].id });
      expect(retyped.body.data).toMatchObject({ ticketTypeName: 'Child', quantity: 3, showtimeId: made.showtimeId });
      expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ sold: 3, free: 3 });
    });

    it('an entry of another event than the one in the path is a 404 and stays as it was', async () => {
      const event = await createEvent(api, f);
      const other = await createEvent(api, f, { name: 'Other' });
      const made = (await giveFree(api, f, event, 2)).body.data;
      expect((await put(other.id, made.id, { quantity: 1 })).status).toBe(404);
      const del = await api.del(`events/${other.id}/free-tickets/${made.id}`, {
        token: f.ticketManager.token,
        query: q(f),
      });
      expect(del.status).toBe(404);
      expect(await list(event.id)).toEqual([made]);
    });

    it('parallel updates of one entry never lose a capacity move', async () => {
      const event = await createEvent(api, f, { venueCapacity: 50, ...TWO_SHOWTIMES });
      const made = (await giveFree(api, f, event, 1)).body.data;
      const [s1, s2] = event.showtimes.map((s: { showtimeId: string }) => s.showtimeId);
      const bodies = Array.from({ length: 12 }, (_, i) => ({ quantity: i + 1, showtimeId: i % 2 ? s1 : s2 }));
      const results = await Promise.all(bodies.map((b) => put(event.id, made.id, b)));
      // Most win after ETag retries; under heavy load a loser may get a retryable 409 CONFLICT, never a 500.
      expect(results.every((r) => r.status === 200 || (r.status === 409 && r.body.error === 'CONFLICT'))).toBe(true);
      expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(0);
      const [final] = await list(event.id);
      const expected = { [s1]: 0, [s2]: 0, [final.showtimeId]: final.quantity };
      expect(await showtimeSold(api, f, event.id)).toEqual(expected);
    });
  });

  describe('bad input → 400 and nothing written', () => {
    let event: any;
    let other: any;
    let existingId: string;
    beforeAll(async () => {
      event = await createEvent(api, f, { venueCapacity: 50 });
      other = await createEvent(api, f, { name: 'Other' });
      existingId = (await giveFree(api, f, event, 2)).body.data.id;
    });
    const base = () => ({
      showtimeId: event.showtimes[0].showtimeId,
      ticketTypeId: event.ticketTypes[0].id,
      quantity: 1,
      recipient: 'Guest',
    });
    const cases: [string, () => Record<string, unknown>][] = [
      ['negative quantity', () => ({ ...base(), quantity: -1 })],
      ['zero quantity', () => ({ ...base(), quantity: 0 })],
      ['fractional quantity', () => ({ ...base(), quantity: 1.5 })],
      ['enormous quantity', () => ({ ...base(), quantity: 1e12 })],
      ['quantity as text', () => ({ ...base(), quantity: '1' })],
      ['ticket type of another event', () => ({ ...base(), ticketTypeId: other.ticketTypes[0].id })],
      ['showtime of another event', () => ({ ...base(), showtimeId: other.showtimes[0].showtimeId })],
      ['missing recipient', () => ({ ...base(), recipient: undefined })],
      ['unknown field', () => ({ ...base(), price: 0 })],
    ];
    it.each(cases)('create: %s', async (_label, body) => {
      const res = await api.post(`events/${event.id}/free-tickets`, {
        token: f.ticketManager.token,
        query: q(f),
        body: body(),
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(await list(event.id)).toHaveLength(1);
      expect((await capacitySummary(api, f, event.id)).aggregate.sold).toBe(2);
    });
    const updateCases: [string, () => Record<string, unknown>][] = [
      ['negative quantity', () => ({ quantity: -1 })],
      ['zero quantity', () => ({ quantity: 0 })],
      ['fractional quantity', () => ({ quantity: 2.5 })],
      ['enormous quantity', () => ({ quantity: 1e12 })],
      ['ticket type of another event', () => ({ ticketTypeId: other.ticketTypes[0].id })],
      ['showtime of another event', () => ({ showtimeId: other.showtimes[0].showtimeId, quantity: 3 })],
      ['empty recipient', () => ({ recipient: '' })],
      ['unknown field', () => ({ quantity: 3, price: 0 })],
      ['empty body', () => ({})],
    ];
    it.each(updateCases)('update: %s', async (_label, body) => {
      const res = await api.put(`events/${event.id}/free-tickets/${existingId}`, {
        token: f.ticketManager.token,
        query: q(f),
        body: body(),
      });
      expect(res.status).toBe(400);
      const [ticket] = await list(event.id);
      expect(ticket).toMatchObject({ quantity: 2, showtimeId: event.showtimes[0].showtimeId, recipient: 'Guest' });
      expect((await capacitySummary(api, f, event.id)).aggregate.sold).toBe(2);
    });
  });

  describe('roles', () => {
    it('refuses a member (just below ticket manager) and an outsider on every route; outsiders learn nothing', async () => {
      const event = await createEvent(api, f);
      const id = (await giveFree(api, f, event, 1)).body.data.id;
      const body = {
        showtimeId: event.showtimes[0].showtimeId,
        ticketTypeId: event.ticketTypes[0].id,
        quantity: 1,
        recipient: 'X',
      };
      const calls = [
        ['GET', `events/${event.id}/free-tickets`, undefined],
        ['POST', `events/${event.id}/free-tickets`, body],
        ['PUT', `events/${event.id}/free-tickets/${id}`, { quantity: 2 }],
        ['DELETE', `events/${event.id}/free-tickets/${id}`, undefined],
      ] as const;
      for (const [method, path, b] of calls) {
        for (const who of [f.member, f.outsider]) {
          const res = await api.request(method, path, { token: who.token, query: q(f), body: b });
          expect([method, path, res.status, res.body.error]).toEqual([method, path, 403, 'FORBIDDEN']);
        }
        // In their own organization the outsider gets the same 404 for this event as for one that does not exist.
        const own = { organizationId: f.outsider.orgId };
        const real = await api.request(method, path, { token: f.outsider.token, query: own, body: b });
        const fake = await api.request(method, path.replace(event.id, 'no-such-event'), {
          token: f.outsider.token,
          query: own,
          body: b,
        });
        expect(real.status).toBe(404);
        expect(real.body).toEqual(fake.body);
      }
      expect((await list(event.id))[0].quantity).toBe(1);
      const tm = await api.post(`events/${event.id}/free-tickets`, { token: f.ticketManager.token, query: q(f), body });
      expect(tm.status).toBe(201);
    });
  });
});
