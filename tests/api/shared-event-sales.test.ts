import type { TestHost } from '../helpers/harness';
import type { OrgFixture } from '../helpers/fixtures';
import {
  countersAgainstLedger,
  jointSharedEvent,
  sellersOf,
  threeOrganizations,
  sellOnProjection,
  type Participant,
} from '../helpers/shared-events/capacity';
import { orderApi } from '../helpers/orders';
import { injectStoreFault, storedDocument, storedSharedEventDocuments } from '../helpers/seed';

/**
 * Sales on Shared Event projections (docs/shared-events.md, issue 13): every capacity-taking write reserves on the Shared
 * Event's counter, writes its local document, then commits; the counters always equal their ledger.
 */
let api: TestHost;
let f: OrgFixture;
let others: Participant[];

beforeAll(async () => ({ api, f, others } = await threeOrganizations()), 60_000);
afterAll(() => {
  injectStoreFault(undefined);
  return api.close();
});

const sellers = () => sellersOf(f, others);

describe('pool mode', () => {
  it('3 organizations × 20 parallel sales against a pool of 30 commit exactly 30', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    const results = await Promise.all(
      sellers().flatMap((seller) => Array.from({ length: 20 }, () => sellOnProjection(api, seller, se))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body).toMatchObject({
        success: false,
        error: 'CAPACITY_EXCEEDED',
        errorCode: 'CAPACITY_EXCEEDED',
      });
      expect(refused.body.data?.availableCapacity).toBeUndefined();
      expect(refused.body.data?.requestedDelta).toBeUndefined();
    }
    const counters = await countersAgainstLedger(se.id);
    const pool = counters.find((c) => c.id === `pool:${se.showtimes[0].showtimeId}`);
    expect(pool?.counter).toEqual({ capacity: 30, reserved: 0, committed: 30 });
    for (const c of counters) expect(c.counter).toEqual(c.ledger);
  }, 60_000);
});

const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const adjustmentsOf = async (seId: string) =>
  (await storedSharedEventDocuments(seId, 'capacityAdjustment')).map((a: any) => ({
    kind: a.kind,
    signedDelta: a.signedDelta,
    organizationId: a.organizationId,
  }));
const poolOf = async (se: { id: string; showtimes: { showtimeId: string }[] }, index = 0) =>
  (await countersAgainstLedger(se.id)).find((c) => c.id === `pool:${se.showtimes[index].showtimeId}`);

describe('every capacity-taking write on a projection', () => {
  it('a printed order takes its seats when sold is reported: reserve, write, commit', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 4 } });
    const o = orderApi(api, f);
    const event = { id: `se-${se.id}`, ticketTypes: se.ticketTypeTemplates };
    const showtimeId = se.showtimes[0].showtimeId;
    const order = await o.delivered(f.member, event, [5], { showtimeId });
    // The first sale creates the fence and the counter; the next one shows the steady cost.
    expect((await o.reportSold(f.member, order.id, { soldQuantity: 1 })).status).toBe(200);
    const sold = await o.reportSold(f.member, order.id, { soldQuantity: 3 });
    expect(sold.status).toBe(200);
    // auth 1 (the user with its role map), order read, reserve (fence read, one batch: the reservation with the
    // counter's patch), local counter patch, order replace, commit (reservation replace, counter patch)
    expect(ops(sold)).toBe(8);
    expect((await poolOf(se))?.counter).toEqual({ capacity: 4, reserved: 0, committed: 3 });
    const over = await o.reportSold(f.member, order.id, { soldQuantity: 5 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: 'CAPACITY_EXCEEDED', errorCode: 'CAPACITY_EXCEEDED' });
    expect(over.body.data?.availableCapacity).toBeUndefined();
    expect((await o.get(order.id)).soldQuantity).toBe(3);
    const reservations = await storedSharedEventDocuments(se.id, 'capacityReservation');
    expect(reservations.map((r: any) => [r.state, r.quantity, r.localDocumentId]).sort()).toEqual([
      ['committed', 1, order.id],
      ['committed', 2, order.id],
    ]);
    const stored = await storedDocument(f.orgId, order.id);
    expect([...stored.capacityOps].sort()).toEqual(reservations.map((r: any) => r.operationId).sort());
    expect(stored.sharedEventId).toBe(se.id);
  });

  it('force-record-sold past the pool is recorded as an administrative correction and marks nothing held', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 2 } });
    const o = orderApi(api, f);
    const event = { id: `se-${se.id}`, ticketTypes: se.ticketTypeTemplates };
    const order = await o.delivered(f.member, event, [4], { showtimeId: se.showtimes[0].showtimeId });
    const forced = await o.post(`orders/${order.id}/force-record-sold`, f.admin, {
      soldQuantity: 4,
      reason: 'Sold at the door during an outage',
    });
    expect(forced.status).toBe(200);
    const pool = await poolOf(se);
    expect(pool?.counter).toEqual({ capacity: 2, reserved: 0, committed: 4 });
    expect(pool?.counter).toEqual(pool?.ledger);
    expect(await adjustmentsOf(se.id)).toEqual([
      { kind: 'administrativeCorrection', signedDelta: 4, organizationId: f.orgId },
    ]);
    expect((await sellOnProjection(api, sellers()[1], se)).status).toBe(409);
  });

  it('a free-ticket increase reserves only the extra; a decrease and a deletion give seats back as corrections', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 10 } });
    const [showtimeId, ticketTypeId] = [se.showtimes[0].showtimeId, se.ticketTypeTemplates[0].id];
    const path = `events/se-${se.id}/free-tickets`;
    const created = await api.post(path, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { showtimeId, ticketTypeId, quantity: 3, recipient: 'Press' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const update = (quantity: number) =>
      api.put(`${path}/${id}`, { token: f.admin.token, query: { organizationId: f.orgId }, body: { quantity } });
    expect((await update(7)).status).toBe(200);
    let reservations = await storedSharedEventDocuments(se.id, 'capacityReservation');
    expect(reservations.map((r: any) => [r.state, r.quantity]).sort()).toEqual([
      ['committed', 3],
      ['committed', 4],
    ]);
    expect((await update(11)).status).toBe(409); // 4 more do not fit in the 3 left
    expect((await update(5)).status).toBe(200);
    expect((await api.del(`${path}/${id}`, { token: f.admin.token, query: { organizationId: f.orgId } })).status).toBe(
      200,
    );
    reservations = await storedSharedEventDocuments(se.id, 'capacityReservation');
    expect(reservations.filter((r: any) => r.state !== 'committed')).toEqual([]);
    expect(await adjustmentsOf(se.id)).toEqual(
      expect.arrayContaining([
        { kind: 'administrativeCorrection', signedDelta: -2, organizationId: f.orgId },
        { kind: 'administrativeCorrection', signedDelta: -5, organizationId: f.orgId },
      ]),
    );
    const pool = await poolOf(se);
    expect(pool?.counter).toEqual({ capacity: 10, reserved: 0, committed: 0 });
    expect(pool?.counter).toEqual(pool?.ledger);
  });

  it('registrations and external sales of several organizations share the pool; a deleted registration frees its seats', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 6 } });
    const [a, b] = sellers();
    const reg = await sellOnProjection(api, a, se, 4);
    expect(reg.status).toBe(201);
    const showtimeId = se.showtimes[0].showtimeId;
    const external = (quantity: number) =>
      api.post(`management/events/se-${se.id}/showtimes/${showtimeId}/external-sales`, {
        token: b.token,
        query: { organizationId: b.orgId },
        body: { tickets: [{ ticketTypeId: se.ticketTypeTemplates[0].id, quantity }], source: 'box office' },
      });
    expect((await external(3)).status).toBe(409);
    expect((await external(2)).status).toBe(201);
    const removed = await api.del(`registrations/${reg.body.data.id}`, {
      token: a.token,
      query: { organizationId: a.orgId },
    });
    expect(removed.status).toBe(200);
    expect((await external(3)).status).toBe(201);
    const pool = await poolOf(se);
    expect(pool?.counter).toEqual({ capacity: 6, reserved: 0, committed: 5 });
    expect(pool?.counter).toEqual(pool?.ledger);
    // The second showtime's pool is its own: untouched.
    expect((await poolOf(se, 1))?.counter.committed ?? 0).toBe(0);
  });

  it('a local write that fails gives its hold back at once and the client gets a clean 503', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 5 } });
    injectStoreFault((op) => op.kind === 'create' && op.container === 'orgs');
    const failed = await sellOnProjection(api, sellers()[0], se, 5);
    injectStoreFault(undefined);
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ success: false, error: 'UNAVAILABLE' });
    const reservations = await storedSharedEventDocuments(se.id, 'capacityReservation');
    expect(reservations.map((r: any) => r.state)).toEqual(['released']);
    expect((await poolOf(se))?.counter).toEqual({ capacity: 5, reserved: 0, committed: 0 });
    expect((await sellOnProjection(api, sellers()[0], se, 5)).status).toBe(201);
  });
});

describe('quota mode', () => {
  it('an organization without a quota cannot sell; the Shared Event answer carries no availableCapacity', async () => {
    const se = await jointSharedEvent(api, f, others, { capacityPolicy: 'quota' });
    const res = await sellOnProjection(api, sellers()[2], se);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'CAPACITY_EXCEEDED', errorCode: 'CAPACITY_EXCEEDED' });
    expect(res.body.data?.availableCapacity).toBeUndefined();
    expect(res.body.data?.requestedDelta).toBeUndefined();
  });
});

describe('after a whole-event cancellation', () => {
  it('a force-record-sold is refused as frozen and a deleted registration writes no second give-back', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 10 } });
    const o = orderApi(api, f);
    const event = { id: `se-${se.id}`, ticketTypes: se.ticketTypeTemplates };
    const order = await o.delivered(f.member, event, [4], { showtimeId: se.showtimes[0].showtimeId });
    const reg = await sellOnProjection(api, sellers()[0], se, 2);
    expect(reg.status).toBe(201);
    const cancel = await api.patch(`shared-events/${se.id}/lifecycle`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe('cancelled');
    const forced = await o.post(`orders/${order.id}/force-record-sold`, f.admin, { soldQuantity: 4, reason: 'late' });
    expect(forced.status).toBe(409);
    expect(forced.body).toMatchObject({ error: 'CAPACITY_EXCEEDED', errorCode: 'CAPACITY_EXCEEDED' });
    expect((await o.get(order.id)).soldQuantity ?? 0).toBe(0);
    const removed = await api.del(`registrations/${reg.body.data.id}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(removed.status).toBe(200);
    expect(await adjustmentsOf(se.id)).toEqual([
      { kind: 'wholeEventCancellation', signedDelta: -2, organizationId: f.orgId },
    ]);
    const pool = await poolOf(se);
    expect(pool?.counter).toMatchObject({ reserved: 0, committed: 0 });
    expect(pool?.counter).toEqual(pool?.ledger);
  });
});
