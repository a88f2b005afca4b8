import type { ApiResponse, TestHost } from '../helpers/harness';
import { addPerson, type OrgFixture, type Person } from '../helpers/fixtures';
import {
  countersAgainstLedger,
  jointSharedEvent,
  sellersOf,
  threeOrganizations,
  sellOnProjection,
  type Participant,
} from '../helpers/shared-events/capacity';
import { grantCapabilities } from '../helpers/shared-events/grants';
import {
  injectStoreFault,
  sharedEventFingerprint,
  storedDocument,
  storedSharedEventDocuments,
  storedSharedEventHead,
} from '../helpers/seed';
import { moveCounter } from '../../shared/domain/shared-events/capacity/repo';

/**
 * Capacity administration (docs/shared-events.md, rule 12; issue 13): GET …/capacity, the pool capacity edit (Super Admin), quota
 * edits single and bulk, and the guarded capacity-policy transition. Black-box through the API; the store is
 * only read (and, once, a stuck hold seeded) to check what the routes must never do.
 */
let api: TestHost;
let f: OrgFixture;
let others: Participant[];
let grantee: Person; // a member of the second organization, given manageCapacity where a test says so

beforeAll(async () => {
  ({ api, f, others } = await threeOrganizations());
  grantee = await addPerson(api, f.superToken, others[0].orgId, 'member');
}, 60_000);
afterAll(() => api.close());

type SharedEvent = Awaited<ReturnType<typeof jointSharedEvent>>;
const storeOps = (res: ApiResponse) => Number(res.headers.get('x-store-ops'));
const sellers = () => sellersOf(f, others);
const owner = () => ({ token: f.admin.token, query: { organizationId: f.orgId } });
const asOrgAdmin = (i: number) => ({ token: others[i].admin.token, query: { organizationId: others[i].orgId } });
const s0 = (se: SharedEvent) => se.showtimes[0].showtimeId;
const s1 = (se: SharedEvent) => se.showtimes[1].showtimeId;

async function sell(se: SharedEvent, seller: { orgId: string; token: string }, times: number, showtime = 0) {
  for (let i = 0; i < times; i += 1) {
    const res = await sellOnProjection(api, seller, se, 1, showtime);
    if (res.status !== 201) throw new Error(`sale failed: ${res.status} ${res.text}`);
  }
}

async function expectCountersEqualLedger(seId: string) {
  const counters = await countersAgainstLedger(seId);
  for (const c of counters) expect({ id: c.id, ...c.counter }).toEqual({ id: c.id, ...c.ledger });
  return counters;
}

const auditActions = async (seId: string) =>
  (await storedSharedEventDocuments<{ action: string }>(seId, 'sharedEventAuditEntry')).map((a) => a.action);

async function grantManageCapacity(se: SharedEvent) {
  await grantCapabilities(api, {
    sharedEventId: se.id,
    organizationId: others[0].orgId,
    grantorToken: f.superToken,
    userId: grantee.id,
    capabilities: ['manageCapacity'],
  });
}

describe('GET /api/shared-events/{id}/capacity', () => {
  it('reads counters not created yet as their starting capacity, and never creates one', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    const res = await api.get(`shared-events/${se.id}/capacity`, {
      token: f.member.token,
      query: { organizationId: f.orgId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      sharedEventId: se.id,
      capacityPolicy: 'pool',
      fenceState: 'open',
      sharedCapacity: { perShowtime: 30 },
      transitionInProgress: false,
      showtimes: se.showtimes.map((s) => ({
        showtimeId: s.showtimeId,
        capacity: 30,
        reserved: 0,
        committed: 0,
        available: 30,
        health: 'ok',
      })),
    });
    expect(storeOps(res)).toBeLessThanOrEqual(4); // session (its role map grants), head, roster entry; one query
    expect(await storedSharedEventDocuments(se.id, 'sharedCapacityCounter')).toEqual([]);
    expect(await storedSharedEventDocuments(se.id, 'capacityFence')).toEqual([]);
  }, 60_000);

  it('shows what was sold; a Super Admin reads without an organization; others learn nothing', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    await sell(se, sellers()[1], 3);
    const res = await api.get(`shared-events/${se.id}/capacity`, { token: f.superToken });
    expect(res.status).toBe(200);
    expect(res.body.data.showtimes[0]).toMatchObject({ capacity: 30, committed: 3, reserved: 0, available: 27 });
    expect(res.body.data.showtimes[1]).toMatchObject({ capacity: 30, committed: 0, available: 30 });
    const outsider = await api.get(`shared-events/${se.id}/capacity`, {
      token: f.outsider.token,
      query: { organizationId: f.outsider.orgId },
    });
    expect(outsider.status).toBe(404);
    const unknown = await api.get('shared-events/no-such-event/capacity', { token: f.superToken });
    expect(unknown.status).toBe(404);
  }, 60_000);

  it('in quota mode a plain participant sees the totals and its own line; an owner sees every organization', async () => {
    const se = await jointSharedEvent(api, f, others, { capacityPolicy: 'quota', sharedCapacity: { perShowtime: 30 } });
    const bulk = await api.patch(`shared-events/${se.id}/quotas`, {
      ...owner(),
      body: {
        quotas: [
          { organizationId: f.orgId, quotaByShowtime: { [s0(se)]: 5 } },
          { organizationId: others[0].orgId, quotaByShowtime: { [s0(se)]: 10 } },
          { organizationId: others[1].orgId, quotaByShowtime: { [s0(se)]: 15 } },
        ],
      },
    });
    expect(bulk.status).toBe(200);
    await sell(se, sellers()[1], 2);
    const mine = await api.get(`shared-events/${se.id}/capacity`, asOrgAdmin(0));
    expect(mine.status).toBe(200);
    expect(mine.body.data.capacityPolicy).toBe('quota');
    expect(mine.body.data.showtimes[0]).toMatchObject({ capacity: 30, committed: 2, available: 28 });
    expect(mine.body.data.organizations).toEqual([
      {
        organizationId: others[0].orgId,
        showtimes: [
          { showtimeId: s0(se), quota: 10, reserved: 0, committed: 2, available: 8, health: 'ok' },
          { showtimeId: s1(se), quota: 0, reserved: 0, committed: 0, available: 0, health: 'ok' },
        ],
      },
    ]);
    const all = await api.get(`shared-events/${se.id}/capacity`, owner());
    expect(all.body.data.organizations.map((o: { organizationId: string }) => o.organizationId).sort()).toEqual(
      [f.orgId, ...others.map((o) => o.orgId)].sort(),
    );
    expect(storeOps(all)).toBeLessThanOrEqual(4);
  }, 60_000);
});

describe('PATCH /api/shared-events/{id}/capacity (Super Admin)', () => {
  it('sets the pool on the head and on every pool counter, and audits capacity.edited', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    await sell(se, sellers()[0], 2);
    const res = await api.patch(`shared-events/${se.id}/capacity`, { token: f.superToken, body: { perShowtime: 12 } });
    expect(res.status).toBe(200);
    expect(res.body.data.showtimes.map((s: { capacity: number }) => s.capacity)).toEqual([12, 12]);
    expect(res.body.data.showtimes[0]).toMatchObject({ committed: 2, available: 10 });
    expect((await storedSharedEventHead(se.id))?.sharedCapacity).toEqual({ perShowtime: 12 });
    const counters = await storedSharedEventDocuments<{ id: string; capacity: number }>(se.id, 'sharedCapacityCounter');
    expect(counters.map((c) => c.capacity)).toEqual([12, 12]); // the second showtime's counter made with the new value
    expect(await auditActions(se.id)).toContain('capacity.edited');
    expect(storeOps(res)).toBeLessThanOrEqual(25);
    // The projections carry the new pool as their venue capacity.
    const projection = await storedDocument(others[0].orgId, `se-${se.id}`);
    expect(projection.venueCapacity).toBe(12);
  }, 60_000);

  it('refuses a pool below what is already sold: 409 naming the showtime, nothing changed', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    await sell(se, sellers()[2], 5);
    const before = await sharedEventFingerprint(se.id);
    const res = await api.patch(`shared-events/${se.id}/capacity`, { token: f.superToken, body: { perShowtime: 4 } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('CONFLICT');
    expect(res.body.data.showtimes).toEqual([{ showtimeId: s0(se), capacity: 4, reserved: 0, committed: 5 }]);
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
  }, 60_000);

  it('role matrix: only a Super Admin; bad input 400 with nothing written; unknown Shared Event 404', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    const before = await sharedEventFingerprint(se.id);
    for (const who of [owner(), asOrgAdmin(0), { token: f.member.token, query: { organizationId: f.orgId } }]) {
      const res = await api.patch(`shared-events/${se.id}/capacity`, { ...who, body: { perShowtime: 10 } });
      expect(res.status).toBe(403);
    }
    for (const body of [
      {},
      { perShowtime: -1 },
      { perShowtime: 1.5 },
      { perShowtime: '10' },
      { perShowtime: 1, x: 1 },
    ]) {
      const res = await api.patch(`shared-events/${se.id}/capacity`, { token: f.superToken, body });
      expect(res.status).toBe(400);
    }
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
    const unknown = await api.patch('shared-events/no-such-event/capacity', {
      token: f.superToken,
      body: { perShowtime: 10 },
    });
    expect(unknown.status).toBe(404);
  }, 60_000);

  it('a pool edit racing 20 parallel sales never lets committed exceed the final capacity', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    const sales = Array.from({ length: 20 }, (_, i) => sellOnProjection(api, sellers()[i % 3], se));
    const edit = api.patch(`shared-events/${se.id}/capacity`, { token: f.superToken, body: { perShowtime: 8 } });
    const [editRes, ...results] = await Promise.all([edit, ...sales]);
    expect([200, 409]).toContain(editRes.status);
    expect(results.map((r) => r.status).filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const counters = await expectCountersEqualLedger(se.id);
    const pool = counters.find((c) => c.id === `pool:${s0(se)}`)!;
    const head = await storedSharedEventHead(se.id);
    expect(pool.counter.capacity).toBe((head?.sharedCapacity as { perShowtime: number }).perShowtime);
    expect(pool.counter.committed).toBeLessThanOrEqual(pool.counter.capacity ?? 0);
    expect(pool.counter.committed).toBe(results.filter((r) => r.status === 201).length);
    if (editRes.status === 200) expect(pool.counter.capacity).toBe(8);
  }, 60_000);
});

describe('PATCH …/participants/{orgId}/quota and PATCH …/quotas (manageCapacity)', () => {
  it('merges a quota and, in quota mode, guards the counter; audits quota.edited', async () => {
    const se = await jointSharedEvent(api, f, others, { capacityPolicy: 'quota', sharedCapacity: { perShowtime: 30 } });
    const path = `shared-events/${se.id}/participants/${others[0].orgId}/quota`;
    const first = await api.patch(path, { ...owner(), body: { quotaByShowtime: { [s0(se)]: 4, [s1(se)]: 2 } } });
    expect(first.status).toBe(200);
    expect(storeOps(first)).toBeLessThanOrEqual(15);
    await sell(se, sellers()[1], 3);
    const second = await api.patch(path, { ...owner(), body: { quotaByShowtime: { [s0(se)]: 6 } } });
    expect(second.status).toBe(200);
    const line = second.body.data.organizations.find(
      (o: { organizationId: string }) => o.organizationId === others[0].orgId,
    );
    expect(line.showtimes).toEqual([
      { showtimeId: s0(se), quota: 6, reserved: 0, committed: 3, available: 3, health: 'ok' },
      { showtimeId: s1(se), quota: 2, reserved: 0, committed: 0, available: 2, health: 'ok' },
    ]);
    const roster = await storedSharedEventDocuments<{ organizationId: string; quotaByShowtime?: object }>(
      se.id,
      'sharedEventParticipant',
    );
    expect(roster.find((p) => p.organizationId === others[0].orgId)?.quotaByShowtime).toEqual({
      [s0(se)]: 6,
      [s1(se)]: 2,
    });
    expect((await auditActions(se.id)).filter((a) => a === 'quota.edited')).toHaveLength(2);
    // Below what the organization already sold: 409, nothing changed.
    const before = await sharedEventFingerprint(se.id);
    const below = await api.patch(path, { ...owner(), body: { quotaByShowtime: { [s0(se)]: 2 } } });
    expect(below.status).toBe(409);
    expect(below.body.data.showtimes).toEqual([
      { showtimeId: s0(se), organizationId: others[0].orgId, capacity: 2, reserved: 0, committed: 3 },
    ]);
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
    // Quotas of a showtime must sum within the pool ceiling.
    const over = await api.patch(path, { ...owner(), body: { quotaByShowtime: { [s0(se)]: 31 } } });
    expect(over.status).toBe(409);
    expect(over.body.data.showtimes[0]).toMatchObject({ showtimeId: s0(se), capacity: 30 });
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
  }, 60_000);

  it('role matrix, bad input and unknown ids', async () => {
    const se = await jointSharedEvent(api, f, others, { capacityPolicy: 'quota', sharedCapacity: { perShowtime: 30 } });
    const path = `shared-events/${se.id}/participants/${others[1].orgId}/quota`;
    const body = { quotaByShowtime: { [s0(se)]: 3 } };
    const before = await sharedEventFingerprint(se.id);
    expect((await api.patch(path, { ...asOrgAdmin(0), body })).status).toBe(403);
    const asGrantee = { token: grantee.token, query: { organizationId: others[0].orgId } };
    expect((await api.patch(path, { ...asGrantee, body })).status).toBe(403);
    const outsider = await api.patch(path, {
      token: f.outsider.token,
      query: { organizationId: f.outsider.orgId },
      body,
    });
    expect(outsider.status).toBe(404);
    for (const bad of [
      {},
      { quotaByShowtime: {} },
      { quotaByShowtime: { [s0(se)]: -1 } },
      { quotaByShowtime: { [s0(se)]: 'x' } },
      { quotaByShowtime: { 'no-such-showtime': 1 } },
      { ...body, extra: true },
    ]) {
      const res = await api.patch(path, { ...owner(), body: bad });
      expect(res.status).toBe(400);
    }
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
    const notOnRoster = await api.patch(`shared-events/${se.id}/participants/${f.outsider.orgId}/quota`, {
      ...owner(),
      body,
    });
    expect(notOnRoster.status).toBe(404);
    await grantManageCapacity(se);
    expect((await api.patch(path, { ...asGrantee, body })).status).toBe(200);
    expect((await api.patch(path, { token: f.superToken, body: { quotaByShowtime: { [s0(se)]: 4 } } })).status).toBe(
      200,
    );
  }, 60_000);

  it('bulk: all or nothing; a duplicate organization is 400, an unknown one 409', async () => {
    const se = await jointSharedEvent(api, f, others, { capacityPolicy: 'quota', sharedCapacity: { perShowtime: 30 } });
    const quotas = (a: number, b: number) => [
      { organizationId: others[0].orgId, quotaByShowtime: { [s0(se)]: a } },
      { organizationId: others[1].orgId, quotaByShowtime: { [s0(se)]: b } },
    ];
    const ok = await api.patch(`shared-events/${se.id}/quotas`, { ...owner(), body: { quotas: quotas(5, 5) } });
    expect(ok.status).toBe(200);
    expect(storeOps(ok)).toBeLessThanOrEqual(15);
    await sell(se, sellers()[2], 4);
    const before = await sharedEventFingerprint(se.id);
    // Choir B's raise is fine, Choir C's cut is below its sales: nothing lands.
    const refused = await api.patch(`shared-events/${se.id}/quotas`, { ...owner(), body: { quotas: quotas(9, 3) } });
    expect(refused.status).toBe(409);
    expect(refused.body.data.showtimes).toEqual([
      { showtimeId: s0(se), organizationId: others[1].orgId, capacity: 3, reserved: 0, committed: 4 },
    ]);
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
    const dup = await api.patch(`shared-events/${se.id}/quotas`, {
      ...owner(),
      body: { quotas: [...quotas(1, 5), { organizationId: others[0].orgId, quotaByShowtime: { [s0(se)]: 2 } }] },
    });
    expect(dup.status).toBe(400);
    const stranger = await api.patch(`shared-events/${se.id}/quotas`, {
      ...owner(),
      body: { quotas: [{ organizationId: f.outsider.orgId, quotaByShowtime: { [s0(se)]: 1 } }] },
    });
    expect(stranger.status).toBe(409);
    expect(stranger.body.data.organizationIds).toEqual([f.outsider.orgId]);
    expect((await api.patch(`shared-events/${se.id}/quotas`, { ...owner(), body: { quotas: [] } })).status).toBe(400);
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
    const bulkAudits = (await auditActions(se.id)).filter((a) => a === 'quotas.bulkEdited');
    expect(bulkAudits).toHaveLength(1);
  }, 60_000);

  it('quota mode holds each organization to its quota: 3 organizations × 20 parallel sales with 5/10/15', async () => {
    const se = await jointSharedEvent(api, f, others, { capacityPolicy: 'quota', sharedCapacity: { perShowtime: 30 } });
    const quotas = [5, 10, 15];
    const res = await api.patch(`shared-events/${se.id}/quotas`, {
      ...owner(),
      body: {
        quotas: sellers().map((s, i) => ({ organizationId: s.orgId, quotaByShowtime: { [s0(se)]: quotas[i] } })),
      },
    });
    expect(res.status).toBe(200);
    const results = await Promise.all(
      sellers().flatMap((seller) => Array.from({ length: 20 }, () => sellOnProjection(api, seller, se))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    sellers().forEach((seller, i) => {
      const sold = results.slice(i * 20, (i + 1) * 20).filter((r) => r.status === 201);
      expect(sold).toHaveLength(quotas[i]);
    });
    const counters = await expectCountersEqualLedger(se.id);
    for (const [i, seller] of sellers().entries()) {
      expect(counters.find((c) => c.id === `quota:${seller.orgId}:${s0(se)}`)?.counter).toEqual({
        capacity: quotas[i],
        reserved: 0,
        committed: quotas[i],
      });
    }
  }, 60_000);
});

describe('POST /api/shared-events/{id}/capacity-policy (manageCapacity)', () => {
  it('refuses a change that would put committed sales above a new limit: 409, nothing written', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    await sell(se, sellers()[0], 4);
    await sell(se, sellers()[1], 2);
    const before = await sharedEventFingerprint(se.id);
    const res = await api.post(`shared-events/${se.id}/capacity-policy`, {
      ...owner(),
      body: {
        capacityPolicy: 'quota',
        quotas: [
          { organizationId: f.orgId, quotaByShowtime: { [s0(se)]: 3 } },
          { organizationId: others[0].orgId, quotaByShowtime: { [s0(se)]: 10 } },
        ],
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.data.violations).toEqual([{ showtimeId: s0(se), organizationId: f.orgId, committed: 4, limit: 3 }]);
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
    // Back to pool below what is sold is refused the same way.
    const quotaSe = await jointSharedEvent(api, f, others, {
      capacityPolicy: 'quota',
      sharedCapacity: { perShowtime: 30 },
    });
    await api.patch(`shared-events/${quotaSe.id}/participants/${others[0].orgId}/quota`, {
      ...owner(),
      body: { quotaByShowtime: { [s0(quotaSe)]: 10 } },
    });
    await sell(quotaSe, sellers()[1], 6);
    const quotaBefore = await sharedEventFingerprint(quotaSe.id);
    const toPool = await api.post(`shared-events/${quotaSe.id}/capacity-policy`, {
      ...owner(),
      body: { capacityPolicy: 'pool', perShowtime: 5 },
    });
    expect(toPool.status).toBe(409);
    expect(toPool.body.data.violations).toEqual([{ showtimeId: s0(quotaSe), committed: 6, limit: 5 }]);
    expect(await sharedEventFingerprint(quotaSe.id)).toEqual(quotaBefore);
  }, 60_000);

  it('pool → quota → pool after sales: counters equal their ledger, sales continue on the new counters', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    await sell(se, sellers()[0], 2);
    await sell(se, sellers()[1], 3);
    await sell(se, sellers()[2], 1, 1);
    const quotas = [5, 10, 15];
    const toQuota = await api.post(`shared-events/${se.id}/capacity-policy`, {
      ...owner(),
      body: {
        capacityPolicy: 'quota',
        quotas: sellers().map((s, i) => ({
          organizationId: s.orgId,
          quotaByShowtime: { [s0(se)]: quotas[i], [s1(se)]: 2 },
        })),
      },
    });
    expect(toQuota.status).toBe(200);
    expect(storeOps(toQuota)).toBeLessThanOrEqual(90);
    expect(toQuota.body.data).toMatchObject({ capacityPolicy: 'quota', transitionInProgress: false });
    let counters = await expectCountersEqualLedger(se.id);
    const byId = (id: string) => counters.find((c) => c.id === id)!;
    expect(byId(`pool:${s0(se)}`)).toMatchObject({ health: 'retired', counter: { committed: 0 } });
    expect(byId(`quota:${f.orgId}:${s0(se)}`).counter).toEqual({ capacity: 5, reserved: 0, committed: 2 });
    expect(byId(`quota:${others[0].orgId}:${s0(se)}`).counter).toEqual({ capacity: 10, reserved: 0, committed: 3 });
    expect(byId(`quota:${others[1].orgId}:${s1(se)}`).counter).toEqual({ capacity: 2, reserved: 0, committed: 1 });
    expect((await storedSharedEventHead(se.id))?.capacityPolicy).toBe('quota');
    expect((await storedDocument(others[0].orgId, `se-${se.id}`)).sharedEventLink.capacityPolicy).toBe('quota');
    // Quota mode holds every organization to its quota.
    const results = await Promise.all(
      sellers().flatMap((seller) => Array.from({ length: 20 }, () => sellOnProjection(api, seller, se))),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const already = [2, 3, 0];
    sellers().forEach((_, i) => {
      expect(results.slice(i * 20, (i + 1) * 20).filter((r) => r.status === 201)).toHaveLength(quotas[i] - already[i]);
    });
    counters = await expectCountersEqualLedger(se.id);
    // Back to pool: 30 sold on the first showtime fit a pool of 32.
    const toPool = await api.post(`shared-events/${se.id}/capacity-policy`, {
      ...owner(),
      body: { capacityPolicy: 'pool', perShowtime: 32 },
    });
    expect(toPool.status).toBe(200);
    counters = await expectCountersEqualLedger(se.id);
    expect(byId(`pool:${s0(se)}`)).toMatchObject({ health: 'ok', counter: { capacity: 32, committed: 30 } });
    expect(byId(`pool:${s1(se)}`)).toMatchObject({ health: 'ok', counter: { capacity: 32, committed: 1 } });
    for (const c of counters.filter((c) => c.id.startsWith('quota:'))) {
      expect(c).toMatchObject({ health: 'retired', counter: { committed: 0 } });
    }
    const more = await Promise.all(Array.from({ length: 5 }, (_, i) => sellOnProjection(api, sellers()[i % 3], se)));
    expect(more.filter((r) => r.status === 201)).toHaveLength(2);
    counters = await expectCountersEqualLedger(se.id);
    expect(byId(`pool:${s0(se)}`).counter).toEqual({ capacity: 32, reserved: 0, committed: 32 });
    expect((await auditActions(se.id)).filter((a) => a === 'capacityPolicy.changed')).toHaveLength(2);
    // A repeat of a finished change answers the same view and moves nothing.
    const fingerprint = await sharedEventFingerprint(se.id);
    const repeat = await api.post(`shared-events/${se.id}/capacity-policy`, {
      ...owner(),
      body: { capacityPolicy: 'pool' },
    });
    expect(repeat.status).toBe(200);
    expect(await sharedEventFingerprint(se.id)).toEqual(fingerprint);
  }, 120_000);

  it('a hold still in flight: counters restored and 409 (retry); once it settles the change goes through', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    await sell(se, sellers()[0], 1);
    const counterId = `pool:${s0(se)}`;
    // A sale between its reserve and its commit (the counter moves first).
    await moveCounter(se.id, counterId, { increments: { reserved: 1 } }, new Date().toISOString());
    const body = {
      capacityPolicy: 'quota',
      quotas: [
        { organizationId: f.orgId, quotaByShowtime: { [s0(se)]: 5 } },
        { organizationId: others[0].orgId, quotaByShowtime: { [s0(se)]: 5 } },
      ],
    };
    const refused = await api.post(`shared-events/${se.id}/capacity-policy`, { ...owner(), body });
    expect(refused.status).toBe(409);
    expect(refused.body.data.showtimes).toEqual([{ showtimeId: s0(se), reserved: 1 }]);
    const view = await api.get(`shared-events/${se.id}/capacity`, owner());
    expect(view.body.data).toMatchObject({ capacityPolicy: 'pool', transitionInProgress: false });
    expect(view.body.data.showtimes.map((s: { health: string }) => s.health)).toEqual(['ok', 'ok']);
    expect((await sellOnProjection(api, sellers()[1], se)).status).toBe(201);
    await moveCounter(se.id, counterId, { increments: { reserved: -1 } }, new Date().toISOString());
    const done = await api.post(`shared-events/${se.id}/capacity-policy`, { ...owner(), body });
    expect(done.status).toBe(200);
    await expectCountersEqualLedger(se.id);
  }, 60_000);

  it('a cancellation that begins while a transition waits keeps its counters frozen (no rollback reopens them)', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    await sell(se, sellers()[0], 1);
    const counterId = `pool:${s0(se)}`;
    // A hold in flight makes the transition wait for it (about 0.75 s) and then roll back.
    await moveCounter(se.id, counterId, { increments: { reserved: 1 } }, new Date().toISOString());
    const body = {
      capacityPolicy: 'quota',
      quotas: [{ organizationId: f.orgId, quotaByShowtime: { [s0(se)]: 5 } }],
    };
    const transition = api.post(`shared-events/${se.id}/capacity-policy`, { ...owner(), body });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const cancelled = await api.patch(`shared-events/${se.id}/lifecycle`, {
      ...owner(),
      body: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    expect((await transition).status).toBe(409);
    const view = await api.get(`shared-events/${se.id}/capacity`, owner());
    expect(view.body.data.showtimes.map((x: { health: string }) => x.health)).toEqual(['retired', 'retired']);
    expect((await sellOnProjection(api, sellers()[1], se)).status).toBe(409);
    await moveCounter(se.id, counterId, { increments: { reserved: -1 } }, new Date().toISOString());
  }, 60_000);

  it('a transition interrupted between its seat moves freezes sales; the same request repeated finishes it', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    await sell(se, sellers()[0], 2);
    await sell(se, sellers()[1], 2);
    await sell(se, sellers()[2], 2);
    const body = {
      capacityPolicy: 'quota',
      quotas: sellers().map((s) => ({ organizationId: s.orgId, quotaByShowtime: { [s0(se)]: 4 } })),
    };
    let seatMoves = 0;
    injectStoreFault((op) => op.kind === 'create' && !!op.id?.startsWith('adjustment:policy:') && ++seatMoves === 3);
    try {
      const crashed = await api.post(`shared-events/${se.id}/capacity-policy`, { ...owner(), body });
      expect(crashed.status).toBe(503);
    } finally {
      injectStoreFault(undefined);
    }
    // In the window: the old counters are retired and the fence still names the old policy — sales are refused.
    const frozen = await sellOnProjection(api, sellers()[0], se);
    expect(frozen.status).toBe(409);
    expect(frozen.body.error).toBe('CAPACITY_EXCEEDED');
    const during = await api.get(`shared-events/${se.id}/capacity`, owner());
    expect(during.body.data).toMatchObject({ capacityPolicy: 'pool', transitionInProgress: true });
    const editDuring = await api.patch(`shared-events/${se.id}/capacity`, {
      token: f.superToken,
      body: { perShowtime: 40 },
    });
    expect(editDuring.status).toBe(409);
    const otherWay = await api.post(`shared-events/${se.id}/capacity-policy`, {
      ...owner(),
      body: { capacityPolicy: 'pool' },
    });
    expect(otherWay.status).toBe(409);
    expect(otherWay.body.data).toEqual({ transitionTo: 'quota' });
    const retry = await api.post(`shared-events/${se.id}/capacity-policy`, { ...owner(), body });
    expect(retry.status).toBe(200);
    const counters = await expectCountersEqualLedger(se.id);
    for (const seller of sellers()) {
      expect(counters.find((c) => c.id === `quota:${seller.orgId}:${s0(se)}`)?.counter).toEqual({
        capacity: 4,
        reserved: 0,
        committed: 2,
      });
    }
    expect(counters.find((c) => c.id === `pool:${s0(se)}`)?.counter.committed).toBe(0);
    const adjustments = await storedSharedEventDocuments<{ operationId: string }>(se.id, 'capacityAdjustment');
    expect(new Set(adjustments.map((a) => a.operationId)).size).toBe(adjustments.length);
    expect((await sellOnProjection(api, sellers()[0], se)).status).toBe(201);
    await expectCountersEqualLedger(se.id);
  }, 60_000);

  it('role matrix, bad input and unknown Shared Event', async () => {
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 30 } });
    const path = `shared-events/${se.id}/capacity-policy`;
    const before = await sharedEventFingerprint(se.id);
    const body = { capacityPolicy: 'quota' };
    expect((await api.post(path, { ...asOrgAdmin(0), body })).status).toBe(403);
    const outsider = await api.post(path, {
      token: f.outsider.token,
      query: { organizationId: f.outsider.orgId },
      body,
    });
    expect(outsider.status).toBe(404);
    for (const bad of [
      {},
      { capacityPolicy: 'shared' },
      { capacityPolicy: 'quota', perShowtime: -1 },
      { capacityPolicy: 'quota', quotas: [{ organizationId: f.orgId, quotaByShowtime: { 'no-such': 1 } }] },
      { capacityPolicy: 'quota', quotas: [{ organizationId: f.orgId }] },
      { capacityPolicy: 'quota', extra: 1 },
    ]) {
      expect((await api.post(path, { ...owner(), body: bad })).status).toBe(400);
    }
    expect(await sharedEventFingerprint(se.id)).toEqual(before);
    expect((await api.post('shared-events/no-such-event/capacity-policy', { token: f.superToken, body })).status).toBe(
      404,
    );
    await grantManageCapacity(se);
    const granted = await api.post(path, {
      token: grantee.token,
      query: { organizationId: others[0].orgId },
      body,
    });
    expect(granted.status).toBe(200);
    const back = await api.post(path, { token: f.superToken, body: { capacityPolicy: 'pool' } });
    expect(back.status).toBe(200);
    expect(back.body.data.capacityPolicy).toBe('pool');
  }, 60_000);
});
