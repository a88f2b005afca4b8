import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { capacitySummary, q, sellExternal, showtimeSold, TWO_SHOWTIMES } from '../helpers/events';

let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const boxofficeTypes = {
  ticketTypes: [
    { name: 'Adult', price: 25, fee: 1.5, boxofficePrice: 28.1, boxofficeFee: 0.7, sortOrder: 1 },
    { name: 'Child', price: 10.1, fee: 0.2, sortOrder: 2 },
  ],
};
const ledger = async (eventId: string, showtimeId?: string) => {
  const path = showtimeId
    ? `management/events/${eventId}/showtimes/${showtimeId}/external-sales`
    : `management/events/${eventId}/external-sales`;
  const res = await api.get(path, { token: f.ticketManager.token, query: q(f) });
  expect(res.status).toBe(200);
  return res.body.data.items;
};

describe('external sales ledger', () => {
  it('records a sale at box-office prices in exact cents and lists it per event and per showtime', async () => {
    const event = await createEvent(api, f, { ...boxofficeTypes, ...TWO_SHOWTIMES });
    const [s1, s2] = event.showtimes.map((s: { showtimeId: string }) => s.showtimeId);
    const res = await api.post(`management/events/${event.id}/showtimes/${s2}/external-sales`, {
      token: f.ticketManager.token,
      query: q(f),
      body: {
        tickets: [
          { ticketTypeId: event.ticketTypes[0].id, quantity: 3 },
          { ticketTypeId: event.ticketTypes[1].id, quantity: 3 },
        ],
        source: 'Box office',
        note: 'door sales',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      eventId: event.id,
      showtimeId: s2,
      totalQuantity: 6,
      totalAmount: 114.6, // 3 × 28.10 + 3 × 10.10, exactly
      totalFees: 2.7, // 3 × 0.70 + 3 × 0.20
      source: 'Box office',
      note: 'door sales',
      correctionCount: 0,
      tickets: [
        { ticketTypeName: 'Adult', quantity: 3, unitPrice: 28.1, unitFee: 0.7 },
        { ticketTypeName: 'Child', quantity: 3, unitPrice: 10.1, unitFee: 0.2 },
      ],
    });
    expect(Object.keys(res.body.data)).not.toEqual(expect.arrayContaining(['_etag', 'docType', 'capacityQuantity']));
    expect(await ledger(event.id)).toHaveLength(1);
    expect(await ledger(event.id, s2)).toHaveLength(1);
    expect(await ledger(event.id, s1)).toHaveLength(0);
    expect(await showtimeSold(api, f, event.id)).toEqual({ [s1]: 0, [s2]: 6 });
    const missing = await api.get(`management/events/${event.id}/showtimes/nope/external-sales`, {
      token: f.ticketManager.token,
      query: q(f),
    });
    expect(missing.status).toBe(404);
  });

  it('updates (capacity-checked, recorded prices kept) and deletes, releasing seats', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const sale = (await sellExternal(api, f, event, 4)).body.data;
    const path = `management/external-sales/${sale.id}`;
    const lines = (quantity: number) => [{ ticketTypeId: event.ticketTypes[0].id, quantity }];
    const up = await api.put(path, {
      token: f.ticketManager.token,
      query: q(f),
      body: { tickets: lines(7), source: 'Shop' },
    });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ totalQuantity: 7, totalAmount: 175, source: 'Shop' });
    const over = await api.put(path, {
      token: f.ticketManager.token,
      query: q(f),
      body: { tickets: lines(11), source: 'Shop' },
    });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: 'CAPACITY_EXCEEDED', data: { availableCapacity: 3, requestedDelta: 4 } });
    expect((await ledger(event.id))[0].totalQuantity).toBe(7);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ sold: 7, external: 7 });

    const del = await api.del(path, { token: f.ticketManager.token, query: q(f) });
    expect(del.status).toBe(200);
    expect(await ledger(event.id)).toEqual([]);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ sold: 0, remaining: 10 });
    expect((await api.del(path, { token: f.ticketManager.token, query: q(f) })).status).toBe(404);
  });

  it('corrects a sale as admin with an immutable audit row; corrections record real sales past the ceiling', async () => {
    const event = await createEvent(api, f, { venueCapacity: 5 });
    const sale = (await sellExternal(api, f, event, 4)).body.data;
    const res = await api.post(`management/external-sales/${sale.id}/correction`, {
      token: f.admin.token,
      query: q(f),
      body: { tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 6 }], reason: 'recount at the door' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.sale).toMatchObject({ totalQuantity: 6, totalAmount: 150, correctionCount: 1 });
    expect(res.body.data.correction).toMatchObject({
      externalSaleId: sale.id,
      originalTotalQuantity: 4,
      originalTotalAmount: 100,
      correctedTotalQuantity: 6,
      correctedTotalAmount: 150,
      reason: 'recount at the door',
      actorId: f.admin.id,
      actorName: 'Ada Admin',
    });
    expect(res.body.data.correction.originalTickets[0]).toMatchObject({ quantity: 4 });
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ sold: 6, remaining: 0 });

    const down = await api.post(`management/external-sales/${sale.id}/correction`, {
      token: f.admin.token,
      query: q(f),
      body: { tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }], reason: 'double entry' },
    });
    expect(down.status).toBe(200);
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ sold: 1, remaining: 4 });
    const audit = await api.get(`management/external-sales/${sale.id}/corrections`, {
      token: f.ticketManager.token,
      query: q(f),
    });
    expect(
      audit.body.data.items.map((c: Record<string, number>) => [c.originalTotalQuantity, c.correctedTotalQuantity]),
    ).toEqual([
      [4, 6],
      [6, 1],
    ]);
    // The audit row survives later edits of the sale: it is never rewritten.
    await api.put(`management/external-sales/${sale.id}`, {
      token: f.ticketManager.token,
      query: q(f),
      body: { tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 2 }], source: 'x' },
    });
    const again = await api.get(`management/external-sales/${sale.id}/corrections`, {
      token: f.admin.token,
      query: q(f),
    });
    expect(again.body.data.items).toEqual(audit.body.data.items);
  });

  it('lets exactly 10 of 30 parallel one-ticket sales through against a remaining 10', async () => {
    const event = await createEvent(api, f, { venueCapacity: 12, ...TWO_SHOWTIMES });
    expect((await sellExternal(api, f, event, 2)).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 30 }, () => sellExternal(api, f, event, 1)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.body.error === 'CAPACITY_EXCEEDED')).toBe(true);
    expect(refused).toHaveLength(20);
    const summary = await capacitySummary(api, f, event.id);
    expect(summary.showtimes.map((s) => s.sold)).toEqual([12, 0]);
    expect(summary.aggregate).toMatchObject({ capacity: 24, sold: 12, remaining: 12 });
    expect(await ledger(event.id)).toHaveLength(11);
  });

  describe('bad input → 400 and nothing written', () => {
    let event: any;
    let other: any;
    let saleId: string;
    beforeAll(async () => {
      event = await createEvent(api, f);
      other = await createEvent(api, f, { name: 'Other' });
      saleId = (await sellExternal(api, f, event, 2)).body.data.id;
    });
    const line = (quantity: unknown, ticketTypeId = event.ticketTypes[0].id) => ({ ticketTypeId, quantity });
    const cases: [string, () => Record<string, unknown>][] = [
      ['negative quantity', () => ({ tickets: [line(-1)], source: 's' })],
      ['fractional quantity', () => ({ tickets: [line(0.5)], source: 's' })],
      ['enormous quantity', () => ({ tickets: [line(1e15)], source: 's' })],
      ['ticket type of another event', () => ({ tickets: [line(1, other.ticketTypes[0].id)], source: 's' })],
      ['repeated ticket type', () => ({ tickets: [line(1), line(1)], source: 's' })],
      ['no lines', () => ({ tickets: [], source: 's' })],
      ['missing source', () => ({ tickets: [line(1)] })],
      ['unknown field', () => ({ tickets: [line(1)], source: 's', totalAmount: 0 })],
    ];
    const unchanged = async () => {
      const items = await ledger(event.id);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ id: saleId, totalQuantity: 2, correctionCount: 0 });
      expect((await capacitySummary(api, f, event.id)).aggregate.sold).toBe(2);
    };
    it.each(cases)('create: %s', async (_l, body) => {
      const res = await api.post(
        `management/events/${event.id}/showtimes/${event.showtimes[0].showtimeId}/external-sales`,
        {
          token: f.ticketManager.token,
          query: q(f),
          body: body(),
        },
      );
      expect(res.status).toBe(400);
      await unchanged();
    });
    it.each(cases)('update: %s', async (_l, body) => {
      const res = await api.put(`management/external-sales/${saleId}`, {
        token: f.ticketManager.token,
        query: q(f),
        body: body(),
      });
      expect(res.status).toBe(400);
      await unchanged();
    });
    it.each([
      ['negative quantity', () => ({ tickets: [line(-1)], reason: 'r' })],
      ['fractional quantity', () => ({ tickets: [line(1.5)], reason: 'r' })],
      ['enormous quantity', () => ({ tickets: [line(1e9)], reason: 'r' })],
      ['ticket type of another event', () => ({ tickets: [line(1, other.ticketTypes[0].id)], reason: 'r' })],
      ['missing reason', () => ({ tickets: [line(1)] })],
    ] as [string, () => Record<string, unknown>][])('correction: %s', async (_l, body) => {
      const res = await api.post(`management/external-sales/${saleId}/correction`, {
        token: f.admin.token,
        query: q(f),
        body: body(),
      });
      expect(res.status).toBe(400);
      await unchanged();
      const audit = await api.get(`management/external-sales/${saleId}/corrections`, {
        token: f.admin.token,
        query: q(f),
      });
      expect(audit.body.data.items).toEqual([]);
    });
    it('showtime of another event in the path → 404, nothing written', async () => {
      const res = await api.post(
        `management/events/${event.id}/showtimes/${other.showtimes[0].showtimeId}/external-sales`,
        {
          token: f.ticketManager.token,
          query: q(f),
          body: { tickets: [line(1)], source: 's' },
        },
      );
      expect(res.status).toBe(404);
      await unchanged();
    });
  });

  it('role matrix: member below ticket manager, ticket manager below admin for corrections, outsiders learn nothing', async () => {
    const event = await createEvent(api, f);
    const sale = (await sellExternal(api, f, event, 1)).body.data;
    const st = event.showtimes[0].showtimeId;
    const tickets = [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }];
    const calls = [
      ['GET', `management/events/${event.id}/external-sales`, undefined, f.member],
      ['GET', `management/events/${event.id}/showtimes/${st}/external-sales`, undefined, f.member],
      ['POST', `management/events/${event.id}/showtimes/${st}/external-sales`, { tickets, source: 's' }, f.member],
      ['PUT', `management/external-sales/${sale.id}`, { tickets, source: 's' }, f.member],
      ['DELETE', `management/external-sales/${sale.id}`, undefined, f.member],
      ['POST', `management/external-sales/${sale.id}/correction`, { tickets, reason: 'r' }, f.treasurer],
      ['GET', `management/external-sales/${sale.id}/corrections`, undefined, f.member],
    ] as const;
    for (const [method, path, body, below] of calls) {
      for (const who of [below, f.outsider]) {
        const res = await api.request(method, path, { token: who.token, query: q(f), body });
        expect([method, path, res.status]).toEqual([method, path, 403]);
      }
      const own = { organizationId: f.outsider.orgId };
      const real = await api.request(method, path, { token: f.outsider.token, query: own, body });
      const fake = await api.request(method, path.replace(event.id, 'nope').replace(sale.id, 'nope'), {
        token: f.outsider.token,
        query: own,
        body,
      });
      expect([method, path, real.status]).toEqual([method, path, 404]);
      expect(real.body).toEqual(fake.body);
    }
    expect(await ledger(event.id)).toMatchObject([{ id: sale.id, totalQuantity: 1, correctionCount: 0 }]);
  });
});

describe('correction audit rows', () => {
  const correct = (id: string, tickets: unknown, reason = 'recount') =>
    api.post(`management/external-sales/${id}/correction`, {
      token: f.admin.token,
      query: q(f),
      body: { tickets, reason },
    });
  const corrections = async (id: string) =>
    (await api.get(`management/external-sales/${id}/corrections`, { token: f.admin.token, query: q(f) })).body.data
      .items;

  it('parallel corrections are serialized: every row starts where the previous one ended', async () => {
    const event = await createEvent(api, f, { venueCapacity: 100 });
    const sale = (await sellExternal(api, f, event, 2)).body.data;
    const line = (quantity: number) => [{ ticketTypeId: event.ticketTypes[0].id, quantity }];
    const results = await Promise.all([11, 12, 13, 14, 15].map((n) => correct(sale.id, line(n))));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await corrections(sale.id);
    expect(rows).toHaveLength(5);
    // Follow the chain from the original 2: each row's original is the previous row's corrected quantity.
    let at = 2;
    for (let i = 0; i < 5; i += 1) {
      const next = rows.filter((r: Record<string, number>) => r.originalTotalQuantity === at);
      expect([i, next.length]).toEqual([i, 1]);
      at = next[0].correctedTotalQuantity;
    }
    const [current] = await ledger(event.id);
    expect(current).toMatchObject({ totalQuantity: at, correctionCount: 5 });
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ sold: at, external: at });
  });

  it('no route can change or delete an audit row; a deleted sale takes no correction but keeps its audit', async () => {
    const event = await createEvent(api, f);
    const sale = (await sellExternal(api, f, event, 3)).body.data;
    const tickets = [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }];
    const row = (await correct(sale.id, tickets)).body.data.correction;
    const before = await corrections(sale.id);
    const attempts: [string, string, unknown][] = [
      ['PUT', `management/external-sales/${row.id}`, { tickets, source: 's' }],
      ['DELETE', `management/external-sales/${row.id}`, undefined],
      ['POST', `management/external-sales/${row.id}/correction`, { tickets, reason: 'r' }],
      ['PUT', `events/${event.id}/free-tickets/${row.id}`, { quantity: 1 }],
      ['DELETE', `events/${event.id}/free-tickets/${row.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await api.request(method, path, { token: f.admin.token, query: q(f), body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect(await corrections(sale.id)).toEqual(before);

    await api.del(`management/external-sales/${sale.id}`, { token: f.ticketManager.token, query: q(f) });
    expect((await correct(sale.id, tickets)).status).toBe(404);
    // The audit outlives the sale it describes.
    expect(await corrections(sale.id)).toEqual(before);
    expect((await capacitySummary(api, f, event.id)).aggregate.sold).toBe(0);
  });
});
