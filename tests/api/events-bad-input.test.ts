import { TestHost } from '../helpers/harness';
import { createEvent, eventBody, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { capacitySummary, giveFree, q, sellExternal } from '../helpers/events';

/**
 * Odd input on the event side that the schemas alone did not stop: ids in paths that the store cannot hold,
 * dates that `Date` cannot represent, whitespace-only names, commitment moves that bypass PUT …/commitment,
 * and money with binary noise. Each is a clean 4xx with nothing written, never a 500.
 */
let api: TestHost;
let f: OrgFixture;
const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const post = (path: string, body: unknown, token = f.admin.token) => api.post(path, { token, query: q(f), body });
const put = (path: string, body: unknown, token = f.admin.token) => api.put(path, { token, query: q(f), body });
const read = async (id: string) => (await api.get(`events/${id}`, { token: f.member.token, query: q(f) })).body.data;

describe('ids in paths that no document can have', () => {
  // The SDK throws before any request for `/`, `\`, `#` or a blank id. (Ids over the store's 1,023 bytes are
  // refused by the same check on Azure; the local host's router already answers 404 for such long parameters.)
  const odd = ['a%2Fb', 'a%5Cb', 'a%23b', '%20', '%20%20', `${'x'.repeat(50)}%2F`];

  it.each(odd.map((id) => [id.slice(0, 12), id]))('%s → 400 on every id-bearing route, never 500', async (_l, id) => {
    const event = await createEvent(api, f);
    const sale = (await sellExternal(api, f, event, 1)).body.data;
    const st = event.showtimes[0].showtimeId;
    const tickets = [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }];
    const calls: [string, string, unknown][] = [
      ['GET', `events/${id}`, undefined],
      ['GET', `events/${id}/capacity-summary`, undefined],
      ['GET', `events/${id}/free-tickets`, undefined],
      [
        'POST',
        `events/${id}/free-tickets`,
        { showtimeId: st, ticketTypeId: tickets[0].ticketTypeId, quantity: 1, recipient: 'G' },
      ],
      ['PUT', `events/${event.id}/free-tickets/${id}`, { quantity: 2 }],
      ['DELETE', `events/${event.id}/free-tickets/${id}`, undefined],
      ['PUT', `management/events/${id}`, { name: 'x' }],
      ['DELETE', `management/events/${id}`, undefined],
      ['PATCH', `management/events/${id}/restore`, undefined],
      ['PUT', `management/events/${id}/lock`, undefined],
      ['PUT', `management/events/${id}/showtimes/${st}/external`, { externalSold: 1 }],
      ['GET', `management/events/${id}/external-sales`, undefined],
      ['POST', `management/events/${id}/showtimes/${st}/external-sales`, { tickets, source: 's' }],
      ['PUT', `management/external-sales/${id}`, { tickets, source: 's' }],
      ['DELETE', `management/external-sales/${id}`, undefined],
      ['POST', `management/external-sales/${id}/correction`, { tickets, reason: 'r' }],
      ['GET', `management/external-sales/${id}/corrections`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.request(method, path, { token: f.admin.token, query: q(f), body });
      expect([method, path.slice(0, 60), res.status, res.body?.error]).toEqual([
        method,
        path.slice(0, 60),
        400,
        'VALIDATION_ERROR',
      ]);
    }
    expect(await read(event.id)).toEqual(event);
    expect((await capacitySummary(api, f, sale.eventId)).aggregate.sold).toBe(1);
  });
});

describe('dates that Date cannot represent (a leap second passes the date-time format)', () => {
  const leap = '2027-06-30T23:59:60Z';
  it.each([
    ['date', { date: leap }],
    ['showtime dateTime', { showtimes: [{ dateTime: leap }] }],
    ['commitmentDeadline', { commitmentStatus: 'open', commitmentDeadline: leap }],
  ])('create with a leap-second %s → 400, no event', async (_l, overrides) => {
    const name = `Leap ${Math.random()}`;
    const res = await post('management/events', eventBody({ name, ...overrides }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    const list = await api.get('events', { token: f.admin.token, query: { ...q(f), limit: 200 } });
    expect(list.body.data.items.some((e: { name: string }) => e.name === name)).toBe(false);
  });

  it('update with a leap-second date or showtime → 400, nothing written', async () => {
    const event = await createEvent(api, f);
    for (const body of [{ date: leap }, { showtimes: [{ dateTime: leap }] }, { commitmentDeadline: leap }]) {
      expect((await put(`management/events/${event.id}`, body)).status).toBe(400);
    }
    expect(await read(event.id)).toEqual(event);
  });
});

describe('whitespace-only text where a value is required', () => {
  it('refuses blank event and ticket type names on create and update', async () => {
    const blankName = await post('management/events', eventBody({ name: ' \t ' }));
    expect([blankName.status, blankName.body.details?.[0]?.path]).toEqual([400, '/name']);
    const blankType = await post('management/events', eventBody({ ticketTypes: [{ name: '   ', price: 1 }] }));
    expect([blankType.status, blankType.body.details?.[0]?.path]).toEqual([400, '/ticketTypes/0/name']);
    const event = await createEvent(api, f);
    expect((await put(`management/events/${event.id}`, { name: '  ' })).status).toBe(400);
    const types = [{ id: event.ticketTypes[0].id, name: ' ', price: 1 }];
    expect((await put(`management/events/${event.id}`, { ticketTypes: types })).status).toBe(400);
    expect(await read(event.id)).toEqual(event);
  });

  it('refuses a blank free-ticket recipient, sale source and correction reason', async () => {
    const event = await createEvent(api, f, { venueCapacity: 20 });
    const st = event.showtimes[0].showtimeId;
    const tt = event.ticketTypes[0].id;
    const ft = (await giveFree(api, f, event, 1)).body.data;
    const sale = (await sellExternal(api, f, event, 1)).body.data;
    const tm = f.ticketManager.token;
    const free = { showtimeId: st, ticketTypeId: tt, quantity: 1, recipient: '   ' };
    expect((await post(`events/${event.id}/free-tickets`, free, tm)).status).toBe(400);
    expect((await put(`events/${event.id}/free-tickets/${ft.id}`, { recipient: ' ' }, tm)).status).toBe(400);
    const tickets = [{ ticketTypeId: tt, quantity: 1 }];
    const salePath = `management/events/${event.id}/showtimes/${st}/external-sales`;
    expect((await post(salePath, { tickets, source: '  ' }, tm)).status).toBe(400);
    expect((await put(`management/external-sales/${sale.id}`, { tickets, source: '\n' }, tm)).status).toBe(400);
    const correction = await post(`management/external-sales/${sale.id}/correction`, { tickets, reason: '  ' });
    expect(correction.status).toBe(400);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ sold: 2, free: 1, external: 1 });
    const list = await api.get(`events/${event.id}/free-tickets`, { token: tm, query: q(f) });
    expect(list.body.data.items).toMatchObject([{ id: ft.id, recipient: 'Guest', quantity: 1 }]);
  });
});

describe('the commitment round through the event body', () => {
  it('never converts (that creates allocations) and never leaves a converted round', async () => {
    const created = await post('management/events', eventBody({ commitmentStatus: 'converted' }));
    expect(created.status).toBe(400);
    const event = await createEvent(api, f, { commitmentStatus: 'open' });
    const convert = await put(`management/events/${event.id}`, { commitmentStatus: 'converted' });
    expect([convert.status, convert.body.error]).toEqual([409, 'CONFLICT']);
    expect(await read(event.id)).toEqual(event);
    const closed = await put(`management/events/${event.id}`, { commitmentStatus: 'closed' });
    expect(closed.body.data.commitmentStatus).toBe('closed');
    const commit = await api.put(`management/events/${event.id}/commitment`, {
      token: f.admin.token,
      query: q(f),
      body: { status: 'converted' },
    });
    expect(commit.status).toBe(200);
    const reopen = await put(`management/events/${event.id}`, { commitmentStatus: 'open' });
    expect([reopen.status, reopen.body.error]).toEqual([409, 'CONFLICT']);
    // Repeating the current state, as a whole-object PUT does, changes nothing about the round.
    const echo = await put(`management/events/${event.id}`, { commitmentStatus: 'converted', name: 'Renamed' });
    expect(echo.body.data).toMatchObject({ commitmentStatus: 'converted', name: 'Renamed' });
  });
});

describe('money and store calls on create', () => {
  it('keeps prices to whole cents (0.1 + 0.2 is 0.30)', async () => {
    const event = await createEvent(api, f, { ticketTypes: [{ name: 'A', price: 0.1 + 0.2, fee: 1.1 * 3 }] });
    expect(event.ticketTypes[0]).toMatchObject({ price: 0.3, fee: 3.3 });
    const res = await put(`management/events/${event.id}`, {
      ticketTypes: [{ id: event.ticketTypes[0].id, name: 'A', price: 0.7 + 0.1, boxofficePrice: 1.1 + 2.2 }],
    });
    expect(res.body.data.ticketTypes[0]).toMatchObject({ price: 0.8, fee: 0, boxofficePrice: 3.3 });
  });

  it('writes the event and all its counters in one call, whatever the number of showtimes', async () => {
    const showtimes = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ dateTime: `2027-05-${String(i + 1).padStart(2, '0')}T19:00:00.000Z` }));
    const one = await post('management/events', eventBody({ showtimes: showtimes(1) }));
    const many = await post('management/events', eventBody({ showtimes: showtimes(30) }));
    expect([one.status, many.status]).toEqual([201, 201]);
    // user (with its role map), organization (full-org guard), one batch
    expect([ops(one), ops(many)]).toEqual([3, 3]);
    expect((await capacitySummary(api, f, many.body.data.id)).showtimes).toHaveLength(30);
    const grow = await put(`management/events/${one.body.data.id}`, {
      showtimes: [
        { showtimeId: one.body.data.showtimes[0].showtimeId, dateTime: '2027-05-01T19:00:00.000Z' },
        ...showtimes(10),
      ],
    });
    expect(grow.status).toBe(200);
    expect(ops(grow)).toBe(4); // plus the event read; the replace and ten new counters are one batch
    const summary = await capacitySummary(api, f, one.body.data.id);
    expect(summary.aggregate).toMatchObject({ capacity: 1100, remaining: 1100 });
  });
});
