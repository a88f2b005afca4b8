import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { jointSharedEvent, sellOnProjection } from '../helpers/shared-events/capacity';

/**
 * Issue 22: one rule for every capacity edit (docs/decisions/events.md): a new capacity may not fall below the seats
 * a showtime already holds: 409 CONFLICT naming the showtimes, nothing changed. The event edit and the Shared Event
 * pool edit answer alike. Sold above capacity arises only from what already happened (a force-recorded sale).
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
}, 60_000);
afterAll(() => api.close());

const q = () => ({ organizationId: f.orgId });

describe('venueCapacity below the seats already sold', () => {
  it('PUT management/events/{id} with 2 while 5 are sold: 409 CONFLICT naming the showtime; 5 or more goes through', async () => {
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const o = orderApi(api, f);
    const order = await o.delivered(f.member, event, [5, 0]);
    expect((await o.reportSold(f.member, order.id, { soldQuantity: 5 })).status).toBe(200);
    const lowered = await api.put(`management/events/${event.id}`, {
      token: f.admin.token,
      query: q(),
      body: { venueCapacity: 2 },
    });
    expect([lowered.status, lowered.body.error]).toEqual([409, 'CONFLICT']);
    expect(lowered.body.data.showtimes).toEqual([{ showtimeId: event.showtimes[0].showtimeId, capacity: 2, sold: 5 }]);
    const read = await api.get(`events/${event.id}`, { token: f.admin.token, query: q() });
    expect(read.body.data.venueCapacity).toBe(10);
    const exact = await api.put(`management/events/${event.id}`, {
      token: f.admin.token,
      query: q(),
      body: { venueCapacity: 5 },
    });
    expect(exact.status).toBe(200);
  });

  it('an event oversold by a force-recorded sale keeps its other edits (an unchanged capacity is not judged)', async () => {
    const event = await createEvent(api, f, { venueCapacity: 3 });
    const o = orderApi(api, f);
    const order = await o.delivered(f.member, event, [5, 0]);
    const forced = await o.post(`orders/${order.id}/force-record-sold`, f.admin, {
      soldQuantity: 5,
      reason: 'Sold at the door during an outage',
    });
    expect(forced.status).toBe(200);
    const renamed = await api.put(`management/events/${event.id}`, {
      token: f.admin.token,
      query: q(),
      body: { name: 'Renamed', venueCapacity: 3 },
    });
    expect(renamed.status).toBe(200);
    const raisedShort = await api.put(`management/events/${event.id}`, {
      token: f.admin.token,
      query: q(),
      body: { venueCapacity: 4 },
    });
    expect([raisedShort.status, raisedShort.body.error]).toEqual([409, 'CONFLICT']);
  });

  it('the Shared Event pool edit answers the same way', async () => {
    const se = await jointSharedEvent(api, f, [], { sharedCapacity: { perShowtime: 10 } });
    expect((await sellOnProjection(api, { orgId: f.orgId, token: f.admin.token }, se, 5)).status).toBe(201);
    const lowered = await api.patch(`shared-events/${se.id}/capacity`, {
      token: f.superToken,
      body: { perShowtime: 2 },
    });
    expect([lowered.status, lowered.body.error]).toEqual([409, 'CONFLICT']);
    expect(lowered.body.data.showtimes).toEqual([
      expect.objectContaining({ showtimeId: se.showtimes[0].showtimeId, capacity: 2, committed: 5 }),
    ]);
  });
});
