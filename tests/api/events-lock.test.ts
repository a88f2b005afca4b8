import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { giveFree, q, sellExternal } from '../helpers/events';

/** The sales lock (docs/decisions/orders.md, docs/decisions/events.md) and the ticket-type order of every event response. */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const lock = (id: string, body?: unknown) =>
  api.put(`management/events/${id}/lock`, { token: f.admin.token, query: q(f), body });

describe('PUT management/events/{id}/lock', () => {
  it('sets the state with { salesLocked } (repeatable) and toggles it with an empty body', async () => {
    const event = await createEvent(api, f);
    expect(event.salesLocked).toBe(false);
    const states: boolean[] = [];
    for (const body of [{ salesLocked: true }, { salesLocked: true }, undefined, {}, { salesLocked: false }]) {
      const res = await lock(event.id, body);
      expect(res.status).toBe(200);
      states.push(res.body.data.salesLocked);
    }
    expect(states).toEqual([true, true, false, true, false]);
    const read = await api.get(`events/${event.id}`, { token: f.member.token, query: q(f) });
    expect(read.body.data.salesLocked).toBe(false);
  });

  it('refuses order creation while locked, but not free tickets or external sales (the lock names orders only)', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    await lock(event.id, { salesLocked: true });
    const order = await api.post('orders', {
      token: f.member.token,
      query: q(f),
      body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }] },
    });
    expect([order.status, order.body.error]).toEqual([409, 'SALES_LOCKED']);
    expect((await giveFree(api, f, event, 1)).status).toBe(201);
    expect((await sellExternal(api, f, event, 1)).status).toBe(201);
    await lock(event.id);
    const reopened = await api.post('orders', {
      token: f.member.token,
      query: q(f),
      body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }] },
    });
    expect(reopened.status).toBe(201);
  });

  it('answers 404 for a deleted event and writes nothing', async () => {
    const event = await createEvent(api, f);
    await api.del(`management/events/${event.id}`, { token: f.admin.token, query: q(f) });
    expect((await lock(event.id, { salesLocked: true })).status).toBe(404);
    const restored = await api.patch(`management/events/${event.id}/restore`, { token: f.admin.token, query: q(f) });
    expect(restored.body.data.salesLocked).toBe(false);
  });
});

describe('ticket types sorted by sortOrder in every event response', () => {
  it('holds for create, read, list, overview, active, update, lock, external, delete and restore', async () => {
    const event = await createEvent(api, f, {
      date: new Date().toISOString().slice(0, 10), // today: the nearest upcoming, so events-active picks it
      ticketTypes: [
        { name: 'Gamma', price: 3, sortOrder: 30 },
        { name: 'Alpha', price: 1, sortOrder: 10 },
        { name: 'Beta', price: 2, sortOrder: 20 },
      ],
    });
    const names = (e: { ticketTypes: { name: string }[] }) => e.ticketTypes.map((t) => t.name);
    const expected = ['Alpha', 'Beta', 'Gamma'];
    expect(names(event)).toEqual(expected);
    const opts = { token: f.admin.token, query: q(f) };
    const find = (items: { id: string }[]) => items.find((e) => e.id === event.id) as never;
    const responses = [
      (await api.get(`events/${event.id}`, opts)).body.data,
      find((await api.get('events', { ...opts, query: { ...q(f), limit: 200 } })).body.data.items),
      find((await api.get('events-overview', { ...opts, query: { ...q(f), limit: 200 } })).body.data.items),
      (await api.get('events-active', opts)).body.data,
      (await api.put(`management/events/${event.id}`, { ...opts, body: { name: 'Sorted' } })).body.data,
      (await lock(event.id, { salesLocked: false })).body.data,
      (
        await api.put(`management/events/${event.id}/showtimes/${event.showtimes[0].showtimeId}/external`, {
          ...opts,
          body: { externalSold: 1 },
        })
      ).body.data,
      (await api.del(`management/events/${event.id}`, opts)).body.data,
      (await api.patch(`management/events/${event.id}/restore`, opts)).body.data,
    ];
    for (const [i, data] of responses.entries()) expect([i, names(data)]).toEqual([i, expected]);

    const types = event.ticketTypes.map((t: { id: string; name: string; price: number; sortOrder: number }) => ({
      id: t.id,
      name: t.name,
      price: t.price,
      sortOrder: t.name === 'Alpha' ? 99 : t.sortOrder,
    }));
    const moved = await api.put(`management/events/${event.id}`, { ...opts, body: { ticketTypes: types } });
    expect(names(moved.body.data)).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(names((await api.get(`events/${event.id}`, opts)).body.data)).toEqual(['Beta', 'Gamma', 'Alpha']);
  });
});
