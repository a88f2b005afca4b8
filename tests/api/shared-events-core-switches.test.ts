import { TestHost } from '../helpers/harness';
import { createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { seedSharedEvent, sharedEventCount, sharedEventFingerprint } from '../helpers/seed';
import { sharedEventBody } from '../helpers/shared-events/create';

/** SHARED_EVENTS_ENABLED and SHARED_EVENTS_ORG_ALLOWLIST (docs/shared-events.md): mutations refused, reads open. */
describe('Shared Events switched off', () => {
  let api: TestHost;
  let f: OrgFixture;
  beforeAll(async () => {
    api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'false', SHARED_EVENTS_ORG_ALLOWLIST: '' });
    f = await setupOrganization(api);
  }, 60_000);
  afterAll(async () => {
    await api.close();
    delete process.env.SHARED_EVENTS_ENABLED;
  });

  it('capabilities answer false with shared_events_disabled; a selling partner still reads organization_mode_restricted', async () => {
    const res = await api.get('shared-event-capabilities/create', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    expect(res.body.data).toEqual({ canCreateSharedEvents: false, reason: 'shared_events_disabled' });
    // The admin's /api/auth/me says the same (the web client reads it there).
    const me = await api.get('auth/me', { token: f.admin.token, query: { organizationId: f.orgId } });
    expect(me.body.data.memberships[0].sharedEventCreation).toEqual(res.body.data);
    const sellerId = await createOrganization(api, f.superToken, {
      name: 'Seller',
      organizationMode: 'sellingPartner',
    });
    const seller = await api.get('shared-event-capabilities/create', {
      token: f.superToken,
      query: { organizationId: sellerId },
    });
    expect(seller.body.data).toEqual({ canCreateSharedEvents: false, reason: 'organization_mode_restricted' });
  });

  it('refuses creation and every mutation with 403, before the body, writing nothing; reads stay open', async () => {
    const before = await sharedEventCount();
    const create = await api.post('shared-events', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: sharedEventBody(),
    });
    expect([create.status, create.body.error]).toEqual([403, 'FORBIDDEN']);
    const malformed = await api.post('shared-events', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { x: 1 },
    });
    expect(malformed.status).toBe(403);
    expect(await sharedEventCount()).toBe(before);

    const se = await seedSharedEvent({ organizerOrgId: f.orgId, ownerUserId: f.admin.id, status: 'open' });
    const fingerprint = await sharedEventFingerprint(se.id);
    const q = { organizationId: f.orgId };
    const mutations = [
      api.patch(`shared-events/${se.id}`, { token: f.admin.token, query: q, body: { name: 'x' } }),
      api.patch(`shared-events/${se.id}/lifecycle`, { token: f.admin.token, query: q, body: { status: 'locked' } }),
      api.post(`shared-events/${se.id}/sync-projections`, { token: f.admin.token, query: q }),
      api.del(`shared-events/${se.id}`, { token: f.superToken }),
    ];
    for (const res of await Promise.all(mutations)) expect(res.status).toBe(403);
    expect(await sharedEventFingerprint(se.id)).toEqual(fingerprint);
    expect((await api.get(`shared-events/${se.id}`, { token: f.member.token, query: q })).status).toBe(200);
    expect((await api.get('shared-events', { token: f.member.token, query: q })).status).toBe(200);
  });
});

describe('Shared Events narrowed by an allowlist', () => {
  let api: TestHost;
  let f: OrgFixture;
  let other: string;
  beforeAll(async () => {
    api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true', SHARED_EVENTS_ORG_ALLOWLIST: 'placeholder' });
    f = await setupOrganization(api);
    other = f.outsider.orgId;
    process.env.SHARED_EVENTS_ORG_ALLOWLIST = f.orgId;
    const { resetConfig } = await import('../../shared/config');
    resetConfig();
  }, 60_000);
  afterAll(async () => {
    await api.close();
    delete process.env.SHARED_EVENTS_ORG_ALLOWLIST;
    delete process.env.SHARED_EVENTS_ENABLED;
  });

  it('lets a listed organization create; refuses another with 403 and reason organization_not_allowed', async () => {
    const ok = await api.post('shared-events', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: sharedEventBody(),
    });
    expect(ok.status).toBe(201);
    const cap = await api.get('shared-event-capabilities/create', {
      token: f.outsider.token,
      query: { organizationId: other },
    });
    expect(cap.body.data).toEqual({ canCreateSharedEvents: false, reason: 'organization_not_allowed' });
    const refused = await api.post('shared-events', {
      token: f.outsider.token,
      query: { organizationId: other },
      body: sharedEventBody(),
    });
    expect(refused.status).toBe(403);
  });
});

describe('the per-organization mutation bucket', () => {
  let api: TestHost;
  let f: OrgFixture;
  beforeAll(async () => {
    api = await TestHost.start();
    f = await setupOrganization(api);
  }, 60_000);
  afterAll(() => api.close());

  it('answers 429 RATE_LIMITED once the organization has used its 120 mutations of the minute; others are unaffected', async () => {
    const se = await seedSharedEvent({
      organizerOrgId: f.outsider.orgId,
      ownerUserId: f.outsider.id,
      participants: [{ organizationId: f.orgId, status: 'invited' }],
    });
    const decline = () => api.post(`shared-events/${se.id}/participants/${f.orgId}/decline`, { token: f.admin.token });
    // The bucket is a fixed window of the clock's minute (rate-limits/enforce.ts): 121 requests that straddle a
    // minute boundary land in two windows. Start in a fresh window unless 45 s of this one are left.
    const leftOfMinute = 60_000 - (Date.now() % 60_000);
    if (leftOfMinute < 45_000) await new Promise((resolve) => setTimeout(resolve, leftOfMinute + 50));
    const window = Math.floor(Date.now() / 60_000);
    const statuses: number[] = [];
    for (let batch = 0; batch < 6; batch += 1) {
      statuses.push(...(await Promise.all(Array.from({ length: 20 }, decline))).map((r) => r.status));
    }
    expect(statuses).toEqual(Array(120).fill(200));
    const over = await decline();
    expect(Math.floor(Date.now() / 60_000)).toBe(window); // else the run was too slow to prove anything
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('RATE_LIMITED');
    // The bucket is the acting organization's: the organizer's own mutations still pass.
    const other = await api.patch(`shared-events/${se.id}/lifecycle`, {
      token: f.outsider.token,
      query: { organizationId: f.outsider.orgId },
      body: { status: 'locked' },
    });
    expect(other.status).toBe(200);
  }, 120_000);
});
