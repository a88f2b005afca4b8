import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { delegatedWorld, partnerApi } from '../helpers/delegated-orders';
import { countersAgainstLedger, jointSharedEvent } from '../helpers/shared-events/capacity';

/**
 * Issue 22: report-sold carries an absolute total, so a repeat is a no-op. 20 identical requests in parallel (a
 * client retrying on a flaky connection) all answer 200 and the sold count is exact: none is told capacity is gone
 * because the other 19 held seats for the same total an instant before. Owner, delegated and Shared Event orders.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
}, 60_000);
afterAll(() => api.close());

const twenty = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, send));

describe('20 identical report-sold in parallel', () => {
  it('owner order: all 200, sold 3, remaining 47', async () => {
    const event = await createEvent(api, f, { venueCapacity: 50 });
    const o = orderApi(api, f);
    const order = await o.delivered(f.member, event, [5, 0]);
    const results = await twenty(() => o.reportSold(f.member, order.id, { soldQuantity: 3 }));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await o.get(order.id)).soldQuantity).toBe(3);
    const summary = await api.get(`events/${event.id}/capacity-summary`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(JSON.stringify(summary.body.data)).toMatch(/"remaining":47/);
  });

  it('owner order on a tight event (room for 3 of the 20 holds): all 200, sold 3', async () => {
    const event = await createEvent(api, f, { venueCapacity: 9 });
    const o = orderApi(api, f);
    const order = await o.delivered(f.member, event, [5, 0]);
    const results = await twenty(() => o.reportSold(f.member, order.id, { soldQuantity: 3 }));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await o.get(order.id)).soldQuantity).toBe(3);
  });

  it('a genuine shortage is still refused: 409 with the figures, nothing written', async () => {
    const event = await createEvent(api, f, { venueCapacity: 2 });
    const o = orderApi(api, f);
    const order = await o.delivered(f.member, event, [5, 0]);
    const results = await twenty(() => o.reportSold(f.member, order.id, { soldQuantity: 3 }));
    for (const r of results) {
      expect([r.status, r.body.error, r.body.data]).toEqual([
        409,
        'CAPACITY_EXCEEDED',
        { availableCapacity: 2, requestedDelta: 3 },
      ]);
    }
    expect((await o.get(order.id)).soldQuantity).toBe(0);
  });

  it('delegated order: all 200, sold 3', async () => {
    const w = await delegatedWorld(api, { venueCapacity: 50 });
    const p = partnerApi(api, w);
    const order = await p.delivered(w.p.member, [5, 0]);
    const results = await twenty(() =>
      p.post(w.p.ticketManager, `/orders/${order.id}/report-sold`, { soldQuantity: 3 }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const list = await p.get(w.p.ticketManager, '/orders');
    expect(list.body.data.items.find((x: { id: string }) => x.id === order.id).soldQuantity).toBe(3);
  });

  it('Shared Event order: all 200, sold 3, the pool exact', async () => {
    const se = await jointSharedEvent(api, f, [], { sharedCapacity: { perShowtime: 50 } });
    const o = orderApi(api, f);
    const event = { id: `se-${se.id}`, ticketTypes: se.ticketTypeTemplates };
    const order = await o.delivered(f.member, event, [5], { showtimeId: se.showtimes[0].showtimeId });
    const results = await twenty(() => o.reportSold(f.member, order.id, { soldQuantity: 3 }));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await o.get(order.id)).soldQuantity).toBe(3);
    const pool = (await countersAgainstLedger(se.id)).find((c) => c.id === `pool:${se.showtimes[0].showtimeId}`)!;
    expect(pool.counter).toEqual({ capacity: 50, reserved: 0, committed: 3 });
    expect(pool.counter).toEqual(pool.ledger);
  });
});
