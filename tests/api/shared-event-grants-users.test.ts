import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { seedSharedEvent } from '../helpers/seed';
import { grantCapabilities } from '../helpers/shared-events/grants';

/**
 * GET /api/shared-events/{id}/participants/{orgId}/users (docs/shared-events.md: Organization Admin with manageOwners, or Super
 * Admin): the approved users of a live participant organization, `{ userId, name, email?, role }`, paged; e-mail
 * only for the caller's own organization or a super admin.
 */
let api: TestHost;
let a: OrgFixture;
let b: OrgFixture;
let declined: OrgFixture;
let sharedEventId: string;

const users = (
  token: string,
  orgId: string,
  query: Record<string, string | number | undefined> = {},
  actingOrg?: string,
) =>
  api.get(`shared-events/${sharedEventId}/participants/${orgId}/users`, {
    token,
    query: { organizationId: actingOrg, ...query },
  });

beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  a = await setupOrganization(api);
  b = await setupOrganization(api);
  declined = await setupOrganization(api);
  sharedEventId = (
    await seedSharedEvent({
      organizerOrgId: a.orgId,
      ownerUserId: a.admin.id,
      participants: [
        { organizationId: b.orgId, status: 'active' },
        { organizationId: declined.orgId, status: 'declined' },
      ],
    })
  ).sharedEventId;
}, 90000);
afterAll(() => api.close());

const people = (f: OrgFixture) => [f.admin, f.treasurer, f.ticketManager, f.member, f.member2];

describe('participant users', () => {
  it("shows the owner another participant's approved users by name and role, without e-mail", async () => {
    const res = await users(a.admin.token, b.orgId, {}, a.orgId);
    expect(res.status).toBe(200);
    const items = res.body.data.items;
    expect(items).toHaveLength(5);
    expect(items.find((u: { userId: string }) => u.userId === b.treasurer.id)).toEqual({
      userId: b.treasurer.id,
      name: 'Tom Treasurer',
      role: 'treasurer',
    });
    for (const p of people(b)) expect(res.text).not.toContain(p.email);
    expect(res.text).not.toContain(b.outsider.id);
    // The caller's user (with the role map), the scope's two point reads, the target's roster entry, one
    // membership query, one user query.
    expect(res.headers.get('x-store-ops')).toBe('6');
  });

  it("shows e-mail addresses for the caller's own organization, without reading its roster entry twice", async () => {
    const res = await users(a.admin.token, a.orgId, {}, a.orgId);
    expect(res.status).toBe(200);
    const admin = res.body.data.items.find((u: { userId: string }) => u.userId === a.admin.id);
    expect(admin).toEqual({ userId: a.admin.id, name: 'Ada Admin', email: a.admin.email, role: 'admin' });
    expect(res.headers.get('x-store-ops')).toBe('5');
  });

  it('shows a super admin everything, without an organization', async () => {
    const res = await users(a.superToken, b.orgId);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((u: { email: string }) => u.email).sort()).toEqual(
      people(b)
        .map((p) => p.email)
        .sort(),
    );
  });

  it('pages with limit and continuationToken', async () => {
    const first = await users(a.admin.token, b.orgId, { limit: 3 }, a.orgId);
    expect(first.body.data.items).toHaveLength(3);
    expect(first.body.data.continuationToken).toEqual(expect.any(String));
    const second = await users(
      a.admin.token,
      b.orgId,
      { limit: 3, continuationToken: first.body.data.continuationToken },
      a.orgId,
    );
    expect(second.status).toBe(200);
    expect(second.body.data.items).toHaveLength(2);
    expect(second.body.data).not.toHaveProperty('continuationToken');
    const ids = [...first.body.data.items, ...second.body.data.items].map((u: { userId: string }) => u.userId);
    expect(new Set(ids).size).toBe(5);
    const bad = await users(a.admin.token, b.orgId, { continuationToken: 'forged' }, a.orgId);
    expect(bad.status).toBe(400);
  });

  it('answers 404 for an organization that is not a live participant (declined, unknown, outsider)', async () => {
    for (const orgId of [declined.orgId, 'no-such-org', a.outsider.orgId]) {
      const res = await users(a.admin.token, orgId, {}, a.orgId);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
    }
  });

  it('refuses an admin without manageOwners (403), a treasurer (403) and an outsider (404)', async () => {
    expect((await users(b.admin.token, b.orgId, {}, b.orgId)).status).toBe(403);
    expect((await users(a.treasurer.token, b.orgId, {}, a.orgId)).status).toBe(403);
    const out = await users(a.outsider.token, b.orgId, {}, a.outsider.orgId);
    expect(out.status).toBe(404);
    expect(out.text).not.toContain(sharedEventId);
  });

  it('admits an admin holding a manageOwners grant, and not one holding only manageParticipants', async () => {
    await grantCapabilities(api, {
      sharedEventId,
      organizationId: b.orgId,
      grantorToken: a.superToken,
      userId: b.admin.id,
      capabilities: ['manageParticipants'],
    });
    expect((await users(b.admin.token, a.orgId, {}, b.orgId)).status).toBe(403);
    await grantCapabilities(api, {
      sharedEventId,
      organizationId: b.orgId,
      grantorToken: a.superToken,
      userId: b.admin.id,
      capabilities: ['manageOwners'],
    });
    const res = await users(b.admin.token, a.orgId, {}, b.orgId);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(a.admin.email);
  });
});
