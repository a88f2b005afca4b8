import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { capacitySummary, giveFree, q, sellExternal } from '../helpers/events';
import { orderApi } from '../helpers/orders';

/**
 * Path ids are held to the id rule of body ids before anything is read or written. A decoded `?`, `#`, `/` or
 * space would otherwise make an alias of a real id (`{id}?junk`): a new key to the store, orphan writes.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const suffixes = ['%3Fjunk', '%23x', '%2Fx', '%20x', '%3F'];

async function world() {
  const event = await createEvent(api, f, { venueCapacity: 50 });
  const o = orderApi(api, f);
  const order = await o.delivered(f.member, event, [2, 0]);
  const sale = (await sellExternal(api, f, event, 1)).body.data;
  const free = (await giveFree(api, f, event, 1)).body.data;
  return { event, order, sale, free, st: event.showtimes[0].showtimeId as string };
}

type World = Awaited<ReturnType<typeof world>>;

/** Everything the aliased calls could have changed, read through the API. */
async function snapshot(w: World) {
  const as = { token: f.admin.token, query: q(f) };
  const read = async (path: string, token = f.admin.token) => {
    const res = await api.get(path, { token, query: q(f) });
    return [res.status, res.body?.data];
  };
  return {
    event: await read(`events/${w.event.id}`),
    capacity: await capacitySummary(api, f, w.event.id),
    free: await read(`events/${w.event.id}/free-tickets`),
    order: await read(`orders/${w.order.id}`),
    orders: await read('orders'),
    sales: await read(`management/events/${w.event.id}/external-sales`),
    corrections: await read(`management/external-sales/${w.sale.id}/corrections`),
    pledges: await read(`management/events/${w.event.id}/pledges`),
    myPledge: await read(`events/${w.event.id}/my-pledge`, f.member.token),
    members: (await api.get(`organizations/${f.orgId}/members`, as)).body?.data,
  };
}

describe('hostile path ids', () => {
  it.each(suffixes)(
    'refuses an id ending in %s with 400 on every writing route and writes nothing',
    async (suffix) => {
      const w = await world();
      const before = await snapshot(w);
      const tickets = [{ ticketTypeId: w.event.ticketTypes[0].id, quantity: 1 }];
      const calls: [string, string, string, unknown][] = [
        [
          'POST',
          `events/${w.event.id}${suffix}/free-tickets`,
          'eventId',
          {
            showtimeId: w.st,
            ticketTypeId: w.event.ticketTypes[0].id,
            quantity: 1,
            recipient: 'G',
          },
        ],
        ['PUT', `events/${w.event.id}/free-tickets/${w.free.id}${suffix}`, 'id', { quantity: 3 }],
        ['PUT', `events/${w.event.id}${suffix}/free-tickets/${w.free.id}`, 'eventId', { quantity: 3 }],
        ['POST', `events/${w.event.id}${suffix}/my-pledge`, 'eventId', { sureCount: 1, possibleCount: 0 }],
        ['PATCH', `orders/${w.order.id}${suffix}/admin-note`, 'id', { adminNote: 'aliased' }],
        ['POST', `orders/${w.order.id}${suffix}/return`, 'id', { returnQuantity: 1 }],
        ['PUT', `management/events/${w.event.id}${suffix}`, 'id', { name: 'Aliased' }],
        ['PUT', `management/events/${w.event.id}${suffix}/lock`, 'id', undefined],
        ['PUT', `management/events/${w.event.id}${suffix}/showtimes/${w.st}/external`, 'eventId', { externalSold: 7 }],
        [
          'PUT',
          `management/events/${w.event.id}/showtimes/${w.st}${suffix}/external`,
          'showtimeId',
          { externalSold: 7 },
        ],
        ['POST', `management/external-sales/${w.sale.id}${suffix}/correction`, 'id', { tickets, reason: 'r' }],
        ['PUT', `organizations/${f.orgId}/members/${f.member2.id}${suffix}`, 'memberId', { role: 'admin' }],
      ];
      const answers = [];
      for (const [method, path, , body] of calls) {
        const res = await api.request(method, path, { token: f.admin.token, query: q(f), body });
        answers.push([method, path, res.status, res.body?.error, res.body?.details?.[0]?.path]);
      }
      expect(answers).toEqual(
        calls.map(([method, path, param]) => [method, path, 400, 'VALIDATION_ERROR', `/${param}`]),
      );
      expect(await snapshot(w)).toEqual(before);
    },
    60000,
  );

  it('refuses a hostile id before authentication: no token still reads as a bad id, not a lookup', async () => {
    const res = await api.post('events/x%3Fjunk/free-tickets', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'VALIDATION_ERROR', details: [{ path: '/eventId' }] });
  });

  it('refuses an over-long id and a non-ASCII one with 400, and still serves the real ids', async () => {
    const w = await world();
    const long = await api.get(`events/${'x'.repeat(129)}`, { token: f.admin.token, query: q(f) });
    expect([long.status, long.body.details]).toEqual([400, [{ path: '/id', message: expect.any(String) }]]);
    const accent = await api.get('events/caf%C3%A9', { token: f.admin.token, query: q(f) });
    expect(accent.status).toBe(400);
    const real = await api.get(`events/${w.event.id}`, { token: f.admin.token, query: q(f) });
    expect(real.status).toBe(200);
  });

  it('still accepts invitation codes (URL-safe base64) as path ids', async () => {
    const made = await api.post(`organizations/${f.orgId}/invitations`, { token: f.admin.token, body: {} });
    expect(made.status).toBe(201);
    const code = made.body.data.code as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    const looked = await api.get(`join/${code}`);
    expect(looked.status).toBe(200);
  });
});
