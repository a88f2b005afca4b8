import { resetConfig } from '../../shared/config';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';

let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start({ E2E_TEST_MODE: 'false' });
  f = await setupOrganization(api);
});
afterAll(() => api.close());

describe('impersonation audit', () => {
  it('records entries with server-derived actor and time and lists them newest first', async () => {
    const start = await api.post('impersonation/audit', {
      token: f.superToken,
      query: { organizationId: f.orgId },
      body: { targetUserId: f.member.id, action: 'start' },
    });
    expect(start.status).toBe(201);
    const end = await api.post('impersonation/audit', {
      token: f.superToken,
      query: { organizationId: f.orgId },
      body: { targetUserId: f.member.id, action: 'end', duration: 120 },
    });
    const me = (await api.get('auth/me', { token: f.superToken })).body.data.user.id;
    expect(end.body.data).toMatchObject({
      organizationId: f.orgId,
      adminUserId: me,
      targetUserId: f.member.id,
      action: 'end',
      duration: 120,
    });
    const list = await api.get('impersonation/audit', { token: f.superToken, query: { organizationId: f.orgId } });
    expect(list.body.data.items.map((i: any) => i.action)).toEqual(['end', 'start']);
    const all = await api.get('impersonation/audit', { token: f.superToken, query: { targetUserId: f.member.id } });
    expect(all.body.data.items).toHaveLength(2);
  });

  it.each([
    ['adminUserId in body', { targetUserId: 'u', action: 'start', adminUserId: 'someone' }],
    ['bad action', { targetUserId: 'u', action: 'begin' }],
    ['negative duration', { targetUserId: 'u', action: 'end', duration: -1 }],
  ])('refuses %s with 400', async (_label, body) => {
    const res = await api.post('impersonation/audit', {
      token: f.superToken,
      query: { organizationId: f.orgId },
      body,
    });
    expect(res.status).toBe(400);
  });

  it('is super admin only', async () => {
    expect((await api.get('impersonation/audit', { token: f.admin.token })).status).toBe(403);
    const res = await api.post('impersonation/audit', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { targetUserId: f.member.id, action: 'start' },
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/management/cleanup', () => {
  afterEach(() => {
    process.env.E2E_TEST_MODE = 'false';
    resetConfig();
  });

  it('is hidden (404) unless E2E_TEST_MODE=true', async () => {
    const res = await api.post('management/cleanup', { token: f.superToken, query: { confirm: 'yes' } });
    expect(res.status).toBe(404);
  });

  it('needs confirm=yes, is super admin only, and then deletes everything but super admins', async () => {
    process.env.E2E_TEST_MODE = 'true';
    resetConfig();
    await createEvent(api, f);
    expect((await api.post('management/cleanup', { token: f.superToken })).status).toBe(400);
    expect((await api.post('management/cleanup', { token: f.admin.token, query: { confirm: 'yes' } })).status).toBe(
      403,
    );
    const res = await api.post('management/cleanup', { token: f.superToken, query: { confirm: 'yes' } });
    expect(res.status).toBe(200);
    expect(res.body.data.deleted.orgs).toBeGreaterThan(5);
    expect((await api.get('auth/me', { token: f.superToken })).status).toBe(200);
    expect((await api.get('auth/me', { token: f.member.token })).status).toBe(401);
    expect((await api.get('organizations', { token: f.superToken })).body.data.items).toEqual([]);
  });
});
