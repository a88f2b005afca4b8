import { randomUUID } from 'node:crypto';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { giveFree, q, sellExternal, TWO_SHOWTIMES } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { containers } from '../../shared/store/client';
import { patchItem } from '../../shared/store/operations';
import { healOnce } from '../../shared/domain/heal/heal';

/**
 * The events overview's revenue and fees are kept on the showtime counters (docs/performance.md, "Events
 * overview"): they must agree to the cent with the dashboard built from the same documents after sales through
 * every channel, and the overview must read a fixed set of documents however many sales there are.
 */
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

type Ev = { id: string; showtimes: { showtimeId: string }[]; ticketTypes: { id: string }[] };

/** Prices with cents that do not sum exactly in binary floating point. */
const pricedEvent = (): Promise<Ev> =>
  createEvent(api, f, {
    ...TWO_SHOWTIMES,
    venueCapacity: 500,
    ticketTypes: [
      { name: 'Adult', price: 12.1, fee: 0.3, boxofficePrice: 10.1, boxofficeFee: 0.2, sortOrder: 1 },
      { name: 'Child', price: 7.35, fee: 0.15, sortOrder: 2 },
    ],
  });

const overviewRow = async (eventId: string) => {
  const res = await api.get('events-overview', { token: f.member.token, query: { ...q(f), limit: 200 } });
  expect(res.status).toBe(200);
  return { res, stats: res.body.data.items.find((e: { id: string }) => e.id === eventId).statistics };
};

const dashboard = async (eventId: string) => {
  const res = await api.get(`management/dashboard/${eventId}`, { token: f.ticketManager.token, query: q(f) });
  expect(res.status).toBe(200);
  return res.body.data as { totalRevenue: number; totalFee: number; totalTicketsSold: number };
};

const expectAgreement = async (eventId: string) => {
  const [{ stats }, board] = await Promise.all([overviewRow(eventId), dashboard(eventId)]);
  expect({ revenue: stats.revenue, fees: stats.fees }).toEqual({ revenue: board.totalRevenue, fees: board.totalFee });
  return stats;
};

/** Every channel that moves money or seats, with edits, returns, a settlement, cancellations and deletions. */
async function sellThroughEveryChannel(event: Ev) {
  const [S1, S2] = event.showtimes.map((s) => s.showtimeId);
  const [A, C] = event.ticketTypes.map((t) => t.id);
  // Orders reported sold: one settled, one partly reported with per-type detail, one reported then returned.
  const settled = await o.delivered(f.member, event, [3, 1], { showtimeId: S1 });
  expect((await o.reportSold(f.member, settled.id, { soldQuantity: 4 })).status).toBe(200);
  expect((await o.post(`orders/${settled.id}/approve-reconciliation`, f.ticketManager)).status).toBe(200);
  const partly = await o.delivered(f.member2, event, [2, 3], { showtimeId: S2 });
  const partial = {
    soldQuantity: 3,
    soldTypeQuantities: [
      { ticketTypeId: A, soldQuantity: 1 },
      { ticketTypeId: C, soldQuantity: 2 },
    ],
  };
  expect((await o.reportSold(f.member2, partly.id, partial)).status).toBe(200);
  const returned = await o.delivered(f.member, event, [2, 2], { showtimeId: S1 });
  const sold = {
    soldQuantity: 3,
    soldTypeQuantities: [
      { ticketTypeId: A, soldQuantity: 2 },
      { ticketTypeId: C, soldQuantity: 1 },
    ],
  };
  expect((await o.reportSold(f.member, returned.id, sold)).status).toBe(200);
  const back = { returnQuantity: 1, returnTypeQuantities: [{ ticketTypeId: C, returnQuantity: 1 }] };
  expect((await o.ret(f.ticketManager, returned.id, back)).status).toBe(200);
  // A transfer of part of a delivered order, and a cancelled then deleted order: no money, but written.
  const transferable = await o.delivered(f.member, event, [4, 0], { showtimeId: S2 });
  const transfer = await o.post(`orders/${transferable.id}/transfer`, f.ticketManager, {
    toUserId: f.member2.id,
    transferRequestId: randomUUID(),
    quantity: 2,
  });
  expect(transfer.status).toBe(200);
  const cancelled = await o.create(f.member2, event, [1, 1], { showtimeId: S1 });
  expect((await o.post(`orders/${cancelled.id}/cancel`, f.ticketManager, {})).status).toBe(200);
  expect((await api.del(`orders/${cancelled.id}`, { token: f.ticketManager.token, query: q(f) })).status).toBe(200);
  // Registrations: one kept, one edited to another showtime and quantity, one deleted.
  const register = (tickets: { ticketTypeId: string; quantity: number }[], showtimeId: string) =>
    api.post('registrations', { token: f.member.token, query: q(f), body: { eventId: event.id, showtimeId, tickets } });
  expect((await register([{ ticketTypeId: A, quantity: 2 }], S1)).status).toBe(201);
  const edited = await register([{ ticketTypeId: C, quantity: 1 }], S1);
  const edit = await api.put(`registrations/${edited.body.data.id}`, {
    token: f.ticketManager.token,
    query: q(f),
    body: { showtimeId: S2, tickets: [{ ticketTypeId: C, quantity: 3 }] },
  });
  expect(edit.status).toBe(200);
  const dropped = await register([{ ticketTypeId: A, quantity: 1 }], S2);
  expect(
    (await api.del(`registrations/${dropped.body.data.id}`, { token: f.ticketManager.token, query: q(f) })).status,
  ).toBe(200);
  // Free tickets (no price) and external ledger sales: one corrected, one deleted.
  expect((await giveFree(api, f, event, 2, 0)).status).toBe(201);
  const corrected = await sellExternal(api, f, event, 5, 0);
  const correction = await api.post(`management/external-sales/${corrected.body.data.id}/correction`, {
    token: f.admin.token,
    query: q(f),
    body: { tickets: [{ ticketTypeId: A, quantity: 3 }], reason: 'two were not sold' },
  });
  expect(correction.status).toBe(200);
  const deleted = await sellExternal(api, f, event, 2, 1);
  const del = await api.del(`management/external-sales/${deleted.body.data.id}`, { token: f.admin.token, query: q(f) });
  expect(del.status).toBe(200);
  expect((await sellExternal(api, f, event, 1, 1)).status).toBe(201);
}

describe('events overview money', () => {
  it('agrees to the cent with the dashboard after sales through every channel, from the counters alone', async () => {
    const event = await pricedEvent();
    await sellThroughEveryChannel(event);
    const stats = await expectAgreement(event.id);
    expect(stats.revenue).toBeGreaterThan(0);
    expect(stats.fees).toBeGreaterThan(0);
    // The counters keep the money: no ledger query, whatever the number of sales (auth user read, events page,
    // counters). An event without sales beside it changes nothing.
    await pricedEvent();
    const { res } = await overviewRow(event.id);
    expect(ops(res)).toBe(3);
  });

  it('answers counters from before (no money kept) from the ledger, and the heal timer fills them in', async () => {
    const event = await pricedEvent();
    await sellThroughEveryChannel(event);
    const expected = await expectAgreement(event.id);
    // Make the counters look written by older code: no money fields at all.
    for (const s of event.showtimes) {
      await patchItem(containers().orgs, f.orgId, `capacity-${event.id}-${s.showtimeId}`, [
        { op: 'remove', path: '/revenue' },
        { op: 'remove', path: '/fees' },
        { op: 'remove', path: '/moneykept' },
      ]);
    }
    const legacy = await overviewRow(event.id);
    expect(legacy.stats).toEqual(expected);
    expect(ops(legacy.res)).toBe(4); // plus the fallback query of that event's ledger
    // A sale on an old counter: its increments alone are not trusted (still the ledger's answer).
    expect((await sellExternal(api, f, event, 1, 0)).status).toBe(201);
    const afterSale = await expectAgreement(event.id);
    expect(afterSale.revenue).toBeCloseTo(expected.revenue + 10.1, 2);
    // The heal pass fills the counters in from the ledger, without reporting drift; then no fallback.
    const report = await healOnce({ quietMs: 60_000 });
    expect(report.drift.filter((d) => d.eventId === event.id)).toEqual([]);
    const healed = await overviewRow(event.id);
    expect(healed.stats).toEqual(afterSale);
    expect(ops(healed.res)).toBe(3);
  });

  it('a missing counter is rebuilt with its counts first and its money on the next heal pass; the overview stays right', async () => {
    const event = await pricedEvent();
    await sellThroughEveryChannel(event);
    const expected = await expectAgreement(event.id);
    const [S1] = event.showtimes.map((s) => s.showtimeId);
    await containers().orgs.item(`capacity-${event.id}-${S1}`, f.orgId).delete();
    // First pass: the counter comes back with its seats but no money (a settlement racing the rebuild could have
    // been missed by the ledger read), so the overview answers that showtime from the ledger.
    await healOnce({ quietMs: 0 });
    const rebuilt = await containers().orgs.item(`capacity-${event.id}-${S1}`, f.orgId).read();
    expect(rebuilt.resource?.moneykept).toBeUndefined();
    const between = await overviewRow(event.id);
    expect(between.stats).toEqual(expected);
    expect(ops(between.res)).toBe(4);
    // Second pass: the money is filled in under the counter's ETag, and the overview reads the counters alone.
    await healOnce({ quietMs: 0 });
    const healed = await overviewRow(event.id);
    expect(healed.stats).toEqual(expected);
    expect(ops(healed.res)).toBe(3);
  });

  it('moves the money with parallel sales on one showtime without losing any (atomic increments)', async () => {
    const event = await pricedEvent();
    const orders = await Promise.all(
      Array.from({ length: 6 }, () =>
        o.delivered(f.member, event, [2, 1], { showtimeId: event.showtimes[0].showtimeId }),
      ),
    );
    const results = await Promise.all([
      ...orders.map((order) => o.reportSold(f.member, order.id, { soldQuantity: 3 })),
      ...Array.from({ length: 6 }, () => sellExternal(api, f, event, 1, 0)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([...Array(6).fill(200), ...Array(6).fill(201)]);
    const stats = await expectAgreement(event.id);
    // 6 × (2 × 12.10 + 7.35) + 6 × 10.10 in cents
    expect(stats.revenue).toBe((6 * (2 * 1210 + 735) + 6 * 1010) / 100);
    expect(stats.fees).toBe((6 * (2 * 30 + 15) + 6 * 20) / 100);
  });
});
