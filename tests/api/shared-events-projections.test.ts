import { TestHost } from '../helpers/harness';
import { addPerson, createOrganization, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import {
  injectStoreFault,
  loseSharedEventProjection,
  seedProjectionAhead,
  storedDocument,
  storedSharedEventDocuments,
} from '../helpers/seed';
import { createSharedEvent, createOpenSharedEvent } from '../helpers/shared-events/create';

/**
 * Projections (docs/shared-events.md): each accepting organization's local Event, the propagation of details and
 * pricing as queued work, operation-status and sync-projections, and the 503 on a projection's capacity writes.
 */
let api: TestHost;
let f: OrgFixture;
let others: { orgId: string; admin: Person }[];

const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const q = () => ({ organizationId: f.orgId });

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  others = await Promise.all(
    ['B', 'C'].map(async (n) => {
      const orgId = await createOrganization(api, f.superToken, { name: `Choir ${n}` });
      return { orgId, admin: await addPerson(api, f.superToken, orgId, 'admin') };
    }),
  );
}, 60_000);
afterAll(() => {
  injectStoreFault(undefined);
  return api.close();
});

/** A Shared Event with the organizer and both other organizations active (each with its projection). */
async function jointEvent() {
  const se = await createSharedEvent(api, f, { invitedOrganizationIds: others.map((o) => o.orgId) });
  for (const o of others) {
    const res = await api.post(`shared-events/${se.id}/participants/${o.orgId}/accept`, { token: o.admin.token });
    if (res.status !== 200) throw new Error(res.text);
  }
  return se;
}
const allOrgs = () => [f.orgId, ...others.map((o) => o.orgId)];
const projection = (orgId: string, id: string) => storedDocument(orgId, `se-${id}`);

describe('propagation', () => {
  it('a rename and a reprice reach every projection, with the same showtime and ticket type ids', async () => {
    const se = await jointEvent();
    const templates = se.ticketTypeTemplates.map((t: any) => ({ id: t.id, name: t.name, price: 45, fee: 3 }));
    const res = await api.patch(`shared-events/${se.id}`, {
      token: f.admin.token,
      query: q(),
      body: { name: 'Renamed Festival', location: 'New Hall', ticketTypeTemplates: templates },
    });
    expect(res.status).toBe(200);
    for (const orgId of allOrgs()) {
      const p = await projection(orgId, se.id);
      expect(p).toMatchObject({
        name: 'Renamed Festival',
        location: 'New Hall',
        sharedEventLink: { detailsVersion: 2 },
      });
      expect(p.ticketTypes.map((t: any) => [t.id, t.price, t.fee, t.eventId, t.organizationId])).toEqual(
        se.ticketTypeTemplates.map((t: any) => [t.id, 45, 3, `se-${se.id}`, orgId]),
      );
      expect(p.showtimes.map((s: any) => s.showtimeId)).toEqual(se.showtimes.map((s: any) => s.showtimeId));
    }
    const status = await api.post(`shared-events/${se.id}/operation-status`, { token: f.member.token, query: q() });
    expect(status.status).toBe(200);
    expect(status.body.data.detailsVersion).toBe(2);
    expect(status.body.data.projections.map((p: any) => [p.syncStatus, p.detailsVersion])).toEqual([
      ['synced', 2],
      ['synced', 2],
      ['synced', 2],
    ]);
    // Nothing queued: authentication (with the role map), the scope's two reads, one roster query.
    expect(ops(status)).toBeLessThanOrEqual(4);
  });

  it('a failed projection write leaves the PATCH 200 and that projection stale; operation-status advances it', async () => {
    const se = await jointEvent();
    const [bo] = others;
    injectStoreFault(
      (op) =>
        op.kind === 'replace' && op.container === 'orgs' && op.partitionKey === bo.orgId && op.id === `se-${se.id}`,
    );
    const res = await api.patch(`shared-events/${se.id}`, {
      token: f.admin.token,
      query: q(),
      body: { name: 'Half Renamed' },
    });
    const failing = await api.post(`shared-events/${se.id}/operation-status`, { token: f.member.token, query: q() });
    injectStoreFault(undefined);
    expect(res.status).toBe(200);
    expect((await projection(bo.orgId, se.id)).name).toBe('Harbour Festival');
    expect((await projection(others[1].orgId, se.id)).name).toBe('Half Renamed');
    const failed = failing.body.data.projections.find((p: any) => p.organizationId === bo.orgId);
    expect(failed).toEqual({ organizationId: bo.orgId, syncStatus: 'failed', detailsVersion: 1 });

    const healed = await api.post(`shared-events/${se.id}/operation-status`, { token: f.member.token, query: q() });
    expect(healed.body.data.projections.find((p: any) => p.organizationId === bo.orgId)).toEqual({
      organizationId: bo.orgId,
      syncStatus: 'synced',
      detailsVersion: 2,
    });
    expect(await projection(bo.orgId, se.id)).toMatchObject({
      name: 'Half Renamed',
      sharedEventLink: { detailsVersion: 2 },
    });
  });

  it('sync-projections recreates a lost projection; needs manageSharedDetails (a member gets 403); audited', async () => {
    const se = await jointEvent();
    const [, co] = others;
    await loseSharedEventProjection(co.orgId, se.id);
    expect(
      (await api.post(`shared-events/${se.id}/sync-projections`, { token: f.member.token, query: q() })).status,
    ).toBe(403);
    // operation-status only advances queued work: a synced entry is not re-checked.
    await api.post(`shared-events/${se.id}/operation-status`, { token: f.member.token, query: q() });
    expect(await projection(co.orgId, se.id)).toBeUndefined();
    const res = await api.post(`shared-events/${se.id}/sync-projections`, { token: f.admin.token, query: q() });
    expect(res.status).toBe(200);
    expect(res.body.data.projections.every((p: any) => p.syncStatus === 'synced')).toBe(true);
    expect(await projection(co.orgId, se.id)).toMatchObject({ name: 'Harbour Festival' });
    const audit = await storedSharedEventDocuments(se.id, 'sharedEventAuditEntry');
    expect(audit.filter((a) => a.action === 'projection.synced')).toHaveLength(1);
  });

  it('never moves a projection to an older details version', async () => {
    const se = await jointEvent();
    const [bo] = others;
    await api.patch(`shared-events/${se.id}`, { token: f.admin.token, query: q(), body: { name: 'V2' } });
    // A projection already carrying a newer version (as a concurrent, later sync leaves it) is left alone.
    await seedProjectionAhead(bo.orgId, se.id, 9, 'Future');
    await api.post(`shared-events/${se.id}/sync-projections`, { token: f.admin.token, query: q() });
    expect(await projection(bo.orgId, se.id)).toMatchObject({ name: 'Future', sharedEventLink: { detailsVersion: 9 } });
  });

  it('many parallel renames end with every projection at the last version', async () => {
    const se = await jointEvent();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api.patch(`shared-events/${se.id}`, { token: f.admin.token, query: q(), body: { description: `d${i}` } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill(200));
    await api.post(`shared-events/${se.id}/operation-status`, { token: f.member.token, query: q() });
    const head = await api.get(`shared-events/${se.id}`, { token: f.admin.token, query: q() });
    expect(head.body.data.detailsVersion).toBe(6);
    for (const orgId of allOrgs()) {
      const p = await projection(orgId, se.id);
      expect(p.sharedEventLink.detailsVersion).toBe(6);
      expect(p.description).toBe(head.body.data.description);
    }
  });
});

describe('capacity writes on a projection', () => {
  it('free tickets, external sales and the manual external count land on the Shared Event counter', async () => {
    const se = await createOpenSharedEvent(api, f);
    const eventId = `se-${se.id}`;
    const showtimeId = se.showtimes[0].showtimeId;
    const ticketTypeId = se.ticketTypeTemplates[0].id;
    const attempts = [
      api.post(`events/${eventId}/free-tickets`, {
        token: f.ticketManager.token,
        query: q(),
        body: { showtimeId, ticketTypeId, quantity: 2, recipient: 'Guest' },
      }),
      api.post(`management/events/${eventId}/showtimes/${showtimeId}/external-sales`, {
        token: f.ticketManager.token,
        query: q(),
        body: { tickets: [{ ticketTypeId, quantity: 3 }], source: 'box office' },
      }),
      api.put(`management/events/${eventId}/showtimes/${showtimeId}/external`, {
        token: f.admin.token,
        query: q(),
        body: { externalSold: 5 },
      }),
    ];
    for (const res of await Promise.all(attempts)) expect([200, 201]).toContain(res.status);
    const [counter] = await storedSharedEventDocuments(se.id, 'sharedCapacityCounter');
    // 2 + 3 reserved and committed; the manual count (past the ceiling by design) as an external observation.
    expect(counter).toMatchObject({ id: `pool:${showtimeId}`, capacity: 300, reserved: 0, committed: 10 });
    const adjustments = await storedSharedEventDocuments(se.id, 'capacityAdjustment');
    expect(adjustments.map((a: any) => [a.kind, a.signedDelta])).toEqual([['externalObservation', 5]]);
  });

  it('a printed order and a registration on a projection are ordinary sales of its organization', async () => {
    const se = await createOpenSharedEvent(api, f);
    const eventId = `se-${se.id}`;
    const showtimeId = se.showtimes[0].showtimeId;
    const tickets = [{ ticketTypeId: se.ticketTypeTemplates[0].id, quantity: 1 }];
    const order = await api.post('orders', {
      token: f.member.token,
      query: q(),
      body: { eventId, showtimeId, tickets },
    });
    expect(order.status).toBe(201);
    const reg = await api.post('registrations', {
      token: f.member.token,
      query: q(),
      body: { eventId, showtimeId, tickets },
    });
    expect(reg.status).toBe(201);
    expect(reg.body.data.sharedEventId).toBeUndefined();
    expect(reg.body.data.capacityOps).toBeUndefined();
  });

  it('the projection reads as an ordinary event with its link', async () => {
    const se = await createSharedEvent(api, f);
    const res = await api.get(`events/se-${se.id}`, { token: f.member.token, query: q() });
    expect(res.status).toBe(200);
  });
});
