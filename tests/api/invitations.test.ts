import { TestHost, uniqueEmail } from '../helpers/harness';
import { createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';

let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api, { name: 'Harmony' });
});
afterAll(() => api.close());

const invite = (body: Record<string, unknown> = {}, token = f.admin.token, orgId = f.orgId) =>
  api.post(`organizations/${orgId}/invitations`, { token, body });

describe('invitations to join an organization', () => {
  it('creates a code, validates it publicly, and lets a new person join and log in', async () => {
    const res = await invite({ role: 'ticketManager' });
    expect(res.status).toBe(201);
    const inv = res.body.data;
    expect(inv).toMatchObject({ organizationId: f.orgId, organizationName: 'Harmony', role: 'ticketManager', uses: 0 });
    expect(inv.code).toMatch(/^[A-Za-z0-9_-]{12,}$/);
    const expiresInDays = (Date.parse(inv.expiresAt) - Date.now()) / 86400000;
    expect(expiresInDays).toBeGreaterThan(13.9);
    expect(expiresInDays).toBeLessThanOrEqual(14);

    const check = await api.get(`join/${inv.code}`);
    expect(check.body).toEqual({ success: true, data: { organizationName: 'Harmony', role: 'ticketManager' } });

    const email = uniqueEmail('joiner');
    const join = await api.post(`join/${inv.code}`, { body: { email, name: 'Jo Iner' } });
    expect(join.status).toBe(201);
    expect(join.body.data).toEqual({
      organizationId: f.orgId,
      organizationName: 'Harmony',
      role: 'ticketManager',
      approved: true,
    });
    expect(api.lastEmailTo(email)?.text).toMatch(/code: \d{6}/);
    const token = await api.login(email);
    const me = await api.get('auth/me', { token });
    expect(me.body.data.memberships).toEqual([
      {
        organizationId: f.orgId,
        organizationName: 'Harmony',
        role: 'ticketManager',
        approved: true,
        currency: 'EUR',
        defaultLocale: 'en',
        sellsForOthers: false,
      },
    ]);

    const again = await api.post(`join/${inv.code}`, { body: { email, name: 'Jo Iner' } });
    expect(again.status).toBe(200);
    const listed = await api.get(`organizations/${f.orgId}/invitations`, { token: f.admin.token });
    expect(listed.body.data.items.find((i: any) => i.code === inv.code).uses).toBe(1);
  });

  it('tells a code holder nothing about an existing member and never voids an existing user’s pending login', async () => {
    const inv = (await invite({ role: 'member' })).body.data;
    const asMember = await api.post(`join/${inv.code}`, { body: { email: f.treasurer.email, name: 'Whoever' } });
    expect(asMember.status).toBe(200);
    expect(asMember.body.data).toEqual({
      organizationId: f.orgId,
      organizationName: 'Harmony',
      role: 'member',
      approved: true,
    });

    // An existing user of the service (member elsewhere) asks for a login code, then someone names them here.
    const mailsBefore = api.outbox().length;
    await api.post('auth/magic-link', { body: { email: f.outsider.email } });
    const code = /code: (\d{6})/.exec(api.lastEmailTo(f.outsider.email)!.text)![1];
    const joined = await api.post(`join/${inv.code}`, { body: { email: f.outsider.email, name: 'Olga' } });
    expect(joined.status).toBe(201);
    expect(api.outbox().length).toBe(mailsBefore + 1); // only the login mail they asked for
    const login = await api.post('auth/verify-code', { body: { email: f.outsider.email, code } });
    expect(login.status).toBe(200);
  });

  it('keeps the organization name snapshot after a rename', async () => {
    const inv = (await invite()).body.data;
    await api.put(`organizations/${f.orgId}`, { token: f.admin.token, body: { name: 'Harmony Renamed' } });
    expect((await api.get(`join/${inv.code}`)).body.data.organizationName).toBe('Harmony');
    await api.put(`organizations/${f.orgId}`, { token: f.admin.token, body: { name: 'Harmony' } });
  });

  it('answers one generic 404 for unknown, revoked and used-up codes', async () => {
    const revoked = (await invite()).body.data;
    const del = await api.del(`organizations/${f.orgId}/invitations/${revoked.code}`, { token: f.admin.token });
    expect(del.status).toBe(200);
    expect(del.body.data.revokedAt).toEqual(expect.any(String));
    const usedUp = (await invite({ maxUses: 1 })).body.data;
    expect((await api.post(`join/${usedUp.code}`, { body: { email: uniqueEmail(), name: 'First' } })).status).toBe(201);
    const answers = await Promise.all([
      api.get('join/unknown-code-123456'),
      api.get(`join/${revoked.code}`),
      api.get(`join/${usedUp.code}`),
      api.post(`join/${usedUp.code}`, { body: { email: uniqueEmail(), name: 'Late' } }),
      api.get('join/short'),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(answers[0].body);
    }
  });

  it('holds maxUses under parallel acceptance', async () => {
    const inv = (await invite({ maxUses: 3 })).body.data;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.post(`join/${inv.code}`, { body: { email: uniqueEmail(`p${i}`), name: 'Racer' } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 404)).toHaveLength(5);
  });

  it('lets one person’s racing acceptances join once, consuming one use, the others answering 200', async () => {
    const inv = (await invite({ maxUses: 2 })).body.data;
    const email = uniqueEmail('double');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api.post(`join/${inv.code}`, { body: { email, name: 'Double Click' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    for (const r of results) expect(r.body.data).toMatchObject({ organizationId: f.orgId, approved: true });
    const listed = await api.get(`organizations/${f.orgId}/invitations`, { token: f.admin.token });
    expect(listed.body.data.items.find((i: any) => i.code === inv.code).uses).toBe(1);
    const other = await api.post(`join/${inv.code}`, { body: { email: uniqueEmail('second'), name: 'Second' } });
    expect(other.status).toBe(201);
  });

  it('answers the generic 404 once the organization is soft-deleted, and adds nobody', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Closing choir' });
    const inv = (await invite({}, f.superToken, orgId)).body.data;
    expect((await api.get(`join/${inv.code}`)).status).toBe(200);
    expect((await api.del(`organizations/${orgId}`, { token: f.superToken })).status).toBe(200);
    const unknown = await api.get('join/unknown-code-123456');
    const check = await api.get(`join/${inv.code}`);
    const join = await api.post(`join/${inv.code}`, { body: { email: uniqueEmail('late'), name: 'Late' } });
    expect([check.status, join.status]).toEqual([404, 404]);
    expect(check.body).toEqual(unknown.body);
    expect(join.body).toEqual(unknown.body);
  });

  it.each([
    ['role', { role: 'owner' }],
    ['days above 90', { expiresInDays: 91 }],
    ['fractional days', { expiresInDays: 1.5 }],
    ['zero maxUses', { maxUses: 0 }],
    ['unknown field', { organizationId: 'x' }],
  ])('refuses a bad %s with 400', async (_label, body) => {
    expect((await invite(body)).status).toBe(400);
  });

  it('refuses a bad accept body with 400', async () => {
    const inv = (await invite()).body.data;
    expect((await api.post(`join/${inv.code}`, { body: { email: 'nope', name: 'x' } })).status).toBe(400);
    expect((await api.post(`join/${inv.code}`, { body: { email: uniqueEmail() } })).status).toBe(400);
    expect((await api.post(`join/${inv.code}`, { body: { email: uniqueEmail(), name: '   ' } })).status).toBe(400);
  });

  it('is admin only: a treasurer and an outsider get 403', async () => {
    for (const token of [f.treasurer.token, f.outsider.token]) {
      expect((await invite({}, token)).status).toBe(403);
      expect((await api.get(`organizations/${f.orgId}/invitations`, { token })).status).toBe(403);
      expect((await api.del(`organizations/${f.orgId}/invitations/whatever-code-1`, { token })).status).toBe(403);
    }
  });
});
