import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { seedSharedEvent, seedSharedEventAuditEntries, seedSharedEventParticipantStatus } from '../helpers/seed';
import { grantCapabilities } from '../helpers/shared-events/grants';

/**
 * GET /api/shared-events/{id}/audit (docs/shared-events.md "Authorized participant or Super Admin", SharedEventAuditEntry in openapi.json):
 * an Organization Admin of a live participant or a super admin; paged, newest first; metadata never shown.
 */
let api: TestHost;
let a: OrgFixture;
let b: OrgFixture;
let sharedEventId: string;
const ENTRY_KEYS = ['action', 'actorOrganizationId', 'actorUserId', 'id', 'targetOrganizationId', 'timestamp'];

const list = (
  token: string,
  query: Record<string, string | number | undefined> = {},
  orgId: string | undefined = a.orgId,
) => api.get(`shared-events/${sharedEventId}/audit`, { token, query: { organizationId: orgId, ...query } });

beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  a = await setupOrganization(api);
  b = await setupOrganization(api);
  sharedEventId = (
    await seedSharedEvent({
      organizerOrgId: a.orgId,
      ownerUserId: a.admin.id,
      participants: [{ organizationId: b.orgId, status: 'active' }],
    })
  ).sharedEventId;
  // Five entries a minute apart, each with metadata that must never be shown.
  await seedSharedEventAuditEntries(
    sharedEventId,
    [0, 1, 2, 3, 4].map((i) => ({
      action: i % 2 === 0 ? ('participant.accepted' as const) : ('capacity.edited' as const),
      actorUserId: a.admin.id,
      actorOrganizationId: a.orgId,
      targetOrganizationId: i % 2 === 0 ? b.orgId : a.orgId,
      timestamp: `2026-01-01T10:0${i}:00.000Z`,
      metadata: { secret: `internal-${i}`, reason: 'seeded' },
    })),
  );
}, 60000);
afterAll(() => api.close());

describe('the audit log', () => {
  it('lists entries newest first, without metadata, schemaVersion or store fields', async () => {
    const res = await list(a.admin.token);
    expect(res.status).toBe(200);
    const items = res.body.data.items;
    expect(items.map((e: { timestamp: string }) => e.timestamp)).toEqual([
      '2026-01-01T10:04:00.000Z',
      '2026-01-01T10:03:00.000Z',
      '2026-01-01T10:02:00.000Z',
      '2026-01-01T10:01:00.000Z',
      '2026-01-01T10:00:00.000Z',
    ]);
    for (const e of items) expect(Object.keys(e).sort()).toEqual(ENTRY_KEYS);
    expect(items[0]).toEqual({
      id: expect.stringMatching(/^audit:[0-9a-f]{32}$/),
      action: 'participant.accepted',
      actorUserId: a.admin.id,
      actorOrganizationId: a.orgId,
      targetOrganizationId: b.orgId,
      timestamp: '2026-01-01T10:04:00.000Z',
    });
    expect(res.text).not.toContain('internal-');
    expect(res.text).not.toContain('metadata');
    expect(res.body.data).not.toHaveProperty('continuationToken');
    // The caller's user (with the role map), the scope's two point reads (head, roster entry), one query.
    expect(res.headers.get('x-store-ops')).toBe('4');
  });

  it('pages with limit and continuationToken, each entry once', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const res = await list(a.admin.token, { limit: 2, continuationToken: token });
      expect(res.status).toBe(200);
      expect(res.body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.items.map((e: { timestamp: string }) => e.timestamp));
      token = res.body.data.continuationToken;
      pages += 1;
    } while (token && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(new Set(seen).size).toBe(5);
  });

  it('filters by action', async () => {
    const res = await list(a.admin.token, { action: 'capacity.edited' });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((e: { timestamp: string }) => e.timestamp)).toEqual([
      '2026-01-01T10:03:00.000Z',
      '2026-01-01T10:01:00.000Z',
    ]);
  });

  it.each([
    ['an unknown action', { action: 'everything' }],
    ['a limit of 0', { limit: 0 }],
    ['a limit over 200', { limit: 201 }],
    ['a malformed continuationToken', { continuationToken: 'not-a-token' }],
    ['an unknown query parameter', { since: '2026-01-01' }],
  ])('refuses %s with 400', async (_label, query) => {
    const res = await list(a.admin.token, query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
  });

  it('records a grant change once and shows it, also when the same PUT is retried', async () => {
    const before = (await list(a.admin.token, { action: 'grant.issued' })).body.data.items.length;
    const body = { capabilities: ['viewCombinedReports'] };
    for (let i = 0; i < 3; i += 1) {
      const res = await api.put(`shared-events/${sharedEventId}/grants/${a.treasurer.id}`, {
        token: a.admin.token,
        query: { organizationId: a.orgId },
        body,
      });
      expect(res.status).toBe(200);
    }
    const items = (await list(a.admin.token, { action: 'grant.issued' })).body.data.items;
    expect(items).toHaveLength(before + 1);
    expect(items[0]).toMatchObject({
      actorUserId: a.admin.id,
      actorOrganizationId: a.orgId,
      targetOrganizationId: a.orgId,
      targetUserId: a.treasurer.id,
    });
  });
});

describe('who may read the audit log', () => {
  it('admits an admin of any live participant and a super admin without an organization', async () => {
    expect((await list(b.admin.token, {}, b.orgId)).status).toBe(200);
    const sa = await api.get(`shared-events/${sharedEventId}/audit`, { token: a.superToken });
    expect(sa.status).toBe(200);
    expect(sa.body.data.items.length).toBeGreaterThanOrEqual(5);
  });

  it('is not lifted by a grant: a treasurer holding manageOwners is still refused (403)', async () => {
    await grantCapabilities(api, {
      sharedEventId,
      organizationId: a.orgId,
      grantorToken: a.admin.token,
      userId: a.treasurer.id,
      capabilities: ['manageOwners'],
    });
    // Grants never lift the role: a treasurer stays below the admin role this route needs.
    const res = await list(a.treasurer.token);
    expect(res.status).toBe(403);
  });

  it('refuses members (403) and an outsider organization (404 naming nothing)', async () => {
    for (const p of [a.member, a.ticketManager, b.member]) {
      const res = await list(p.token, {}, p === b.member ? b.orgId : a.orgId);
      expect(res.status).toBe(403);
    }
    const out = await list(a.outsider.token, {}, a.outsider.orgId);
    expect(out.status).toBe(404);
    expect(out.text).not.toContain(sharedEventId);
    expect(out.text).not.toContain(a.orgId);
  });

  it('refuses an organization that left the roster with 403', async () => {
    const c = await setupOrganization(api);
    const other = await seedSharedEvent({
      organizerOrgId: a.orgId,
      ownerUserId: a.admin.id,
      participants: [{ organizationId: c.orgId, status: 'active' }],
    });
    const path = `shared-events/${other.sharedEventId}/audit`;
    expect((await api.get(path, { token: c.admin.token, query: { organizationId: c.orgId } })).status).toBe(200);
    await seedSharedEventParticipantStatus(other.sharedEventId, c.orgId, 'left');
    expect((await api.get(path, { token: c.admin.token, query: { organizationId: c.orgId } })).status).toBe(403);
  });
});
