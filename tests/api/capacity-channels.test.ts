import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { capacitySummary, giveFree, q, sellExternal, TWO_SHOWTIMES } from '../helpers/events';
import { orderApi } from '../helpers/orders';

/**
 * The capacity model of docs/decisions/events.md across the channels this service writes through its API (reported order
 * sales, free tickets, the external ledger, the manual externalSold) on two showtimes. Registrations have no
 * route yet; their channel shares the same counter and is covered by the ledger recomputation in heal.test.ts.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const setManual = (event: { id: string; showtimes: { showtimeId: string }[] }, index: number, externalSold: number) =>
  api.put(`management/events/${event.id}/showtimes/${event.showtimes[index].showtimeId}/external`, {
    token: f.admin.token,
    query: q(f),
    body: { externalSold },
  });

describe('capacity arithmetic over the channels on two showtimes', () => {
  it('sums channels per showtime, floors remaining at 0 and never lends capacity', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10, ...TWO_SHOWTIMES });
    expect((await giveFree(api, f, event, 3, 0)).status).toBe(201);
    expect((await sellExternal(api, f, event, 4, 0)).status).toBe(201);
    expect((await setManual(event, 0, 2)).status).toBe(200);
    expect((await giveFree(api, f, event, 1, 1)).status).toBe(201);

    let summary = await capacitySummary(api, f, event.id);
    expect(
      summary.showtimes.map(({ capacity, sold, remaining, free, external, orders, registrations }) => ({
        capacity,
        sold,
        remaining,
        free,
        external,
        orders,
        registrations,
      })),
    ).toEqual([
      { capacity: 10, sold: 9, remaining: 1, free: 3, external: 6, orders: 0, registrations: 0 },
      { capacity: 10, sold: 1, remaining: 9, free: 1, external: 0, orders: 0, registrations: 0 },
    ]);
    expect(summary.aggregate).toEqual({
      capacity: 20,
      sold: 10,
      remaining: 10,
      orders: 0,
      registrations: 0,
      external: 6,
      free: 4,
    });

    // Showtime 1 has 1 left although the event has 10 left in aggregate: 2 more do not fit there.
    const lent = await giveFree(api, f, event, 2, 0);
    expect(lent.status).toBe(409);
    expect(lent.body.data).toEqual({ availableCapacity: 1, requestedDelta: 2 });
    expect((await sellExternal(api, f, event, 2, 0)).body.data).toEqual({ availableCapacity: 1, requestedDelta: 2 });
    expect((await giveFree(api, f, event, 1, 0)).status).toBe(201);
    expect((await sellExternal(api, f, event, 9, 1)).status).toBe(201);
    expect((await giveFree(api, f, event, 1, 1)).status).toBe(409);

    // A manual count past capacity is recorded (sales that happened) and remaining floors at 0.
    expect((await setManual(event, 1, 5)).status).toBe(200);
    summary = await capacitySummary(api, f, event.id);
    expect(summary.showtimes.map((s) => [s.sold, s.remaining])).toEqual([
      [10, 0],
      [15, 0],
    ]);
    expect(summary.aggregate).toMatchObject({ capacity: 20, sold: 25, remaining: 0 });
    // Lowering it again gives the seats back to that showtime only.
    expect((await setManual(event, 1, 0)).status).toBe(200);
    summary = await capacitySummary(api, f, event.id);
    expect(summary.showtimes.map((s) => [s.sold, s.remaining])).toEqual([
      [10, 0],
      [10, 0],
    ]);
  });

  it('counts reported order sales in the showtime they belong to, alongside the other channels', async () => {
    const event = await createEvent(api, f, { venueCapacity: 6, ...TWO_SHOWTIMES });
    const orders = orderApi(api, f);
    const order = await orders.delivered(f.member, event, [4, 0], { showtimeId: event.showtimes[1].showtimeId });
    expect((await orders.reportSold(f.member, order.id, { soldQuantity: 3 })).status).toBe(200);
    expect((await giveFree(api, f, event, 2, 1)).status).toBe(201);
    expect((await sellExternal(api, f, event, 1, 0)).status).toBe(201);
    const summary = await capacitySummary(api, f, event.id);
    expect(
      summary.showtimes.map(({ sold, remaining, orders: o, free, external }) => ({
        sold,
        remaining,
        o,
        free,
        external,
      })),
    ).toEqual([
      { sold: 1, remaining: 5, o: 0, free: 0, external: 1 },
      { sold: 5, remaining: 1, o: 3, free: 2, external: 0 },
    ]);
    // The order's last ticket fits (1 left), a second free ticket then does not: one counter, all channels.
    expect((await orders.reportSold(f.member, order.id, { soldQuantity: 4 })).status).toBe(200);
    expect((await giveFree(api, f, event, 1, 1)).body.data).toEqual({ availableCapacity: 0, requestedDelta: 1 });
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({
      capacity: 12,
      sold: 7,
      remaining: 5,
      orders: 4,
    });
  });

  it('frees seats per channel: deleting a sale or a free ticket reopens exactly that showtime', async () => {
    const event = await createEvent(api, f, { venueCapacity: 4, ...TWO_SHOWTIMES });
    const ft = (await giveFree(api, f, event, 2, 0)).body.data;
    const sale = (await sellExternal(api, f, event, 2, 0)).body.data;
    expect((await giveFree(api, f, event, 1, 0)).status).toBe(409);
    await api.del(`management/external-sales/${sale.id}`, { token: f.ticketManager.token, query: q(f) });
    expect((await capacitySummary(api, f, event.id)).showtimes.map((s) => s.remaining)).toEqual([2, 4]);
    await api.del(`events/${event.id}/free-tickets/${ft.id}`, { token: f.ticketManager.token, query: q(f) });
    expect((await capacitySummary(api, f, event.id)).aggregate).toMatchObject({ sold: 0, remaining: 8 });
  });
});
