import { TestHost, uniqueEmail } from '../helpers/harness';
import { createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';

let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const csv = (lines: string[]) => ({ rawBody: lines.join('\n'), headers: { 'content-type': 'text/csv' } });
const meId = async () => (await api.get('auth/me', { token: f.superToken })).body.data.user.id as string;

describe('users', () => {
  it('lists users with paging and search, leaving soft-deleted users out', async () => {
    const page = await api.get('users', { token: f.superToken, query: { limit: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.data.items).toHaveLength(2);
    expect(page.body.data.continuationToken).toEqual(expect.any(String));
    const next = await api.get('users', {
      token: f.superToken,
      query: { limit: 2, continuationToken: page.body.data.continuationToken },
    });
    expect(next.body.data.items[0].id).not.toBe(page.body.data.items[0].id);
    const search = await api.get('users', { token: f.superToken, query: { search: 'Tina' } });
    expect(search.body.data.items.map((u: any) => u.email)).toEqual([f.ticketManager.email]);
    expect(search.text).not.toMatch(/tokenVersion|_etag/);
  });

  it('gets and updates a user', async () => {
    const res = await api.put(`users/${f.member.id}`, {
      token: f.superToken,
      body: { phone: '+31 6 1234', firstName: 'Mia' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: f.member.id,
      phone: '+31 6 1234',
      firstName: 'Mia',
      email: f.member.email,
    });
    const got = await api.get(`users/${f.member.id}`, { token: f.superToken });
    expect(got.body.data.phone).toBe('+31 6 1234');
    expect(
      (await api.put(`users/${f.member.id}`, { token: f.superToken, body: { email: 'x@example.org' } })).status,
    ).toBe(400);
    expect((await api.put(`users/${f.member.id}`, { token: f.superToken, body: {} })).status).toBe(400);
    const blank = await api.put(`users/${f.member.id}`, { token: f.superToken, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    const trimmed = await api.put(`users/${f.member.id}`, { token: f.superToken, body: { name: '  Mia Member ' } });
    expect(trimmed.body.data.name).toBe('Mia Member');
    expect((await api.get('users/nobody', { token: f.superToken })).status).toBe(404);
  });

  it('sets and clears the super-admin flag, but never one’s own', async () => {
    const on = await api.put(`users/${f.treasurer.id}/super-admin`, {
      token: f.superToken,
      body: { isSuperAdmin: true },
    });
    expect(on.body.data.isSuperAdmin).toBe(true);
    expect((await api.get('users', { token: f.treasurer.token })).status).toBe(200);
    const toggled = await api.put(`users/${f.treasurer.id}/super-admin`, { token: f.superToken, body: {} });
    expect(toggled.body.data.isSuperAdmin).toBe(false);
    expect((await api.get('users', { token: f.treasurer.token })).status).toBe(403);
    const self = await api.put(`users/${await meId()}/super-admin`, {
      token: f.superToken,
      body: { isSuperAdmin: false },
    });
    expect(self.status).toBe(403);
    // An empty body toggles: for one's own set flag that is a removal too.
    const selfToggle = await api.put(`users/${await meId()}/super-admin`, { token: f.superToken, body: {} });
    expect(selfToggle.status).toBe(403);
    expect((await api.get(`users/${await meId()}`, { token: f.superToken })).body.data.isSuperAdmin).toBe(true);
  });

  it('soft-deletes users in bulk (tokens stop working, lists skip them) and restores them', async () => {
    const email = uniqueEmail('gone');
    const added = await api.post(`organizations/${f.orgId}/members`, { token: f.superToken, body: { email } });
    const userId = added.body.data.user.id;
    const token = await api.login(email);
    const res = await api.del('users/bulk-delete', {
      token: f.superToken,
      body: { userIds: [userId, 'missing-user', await meId()] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      deleted: 1,
      deletedIds: [userId],
      notFound: ['missing-user'],
      skipped: [await meId()],
    });
    expect((await api.get('auth/me', { token })).status).toBe(401);
    const list = await api.get('users', { token: f.superToken, query: { search: email } });
    expect(list.body.data.items).toEqual([]);
    const withDeleted = await api.get('users', { token: f.superToken, query: { search: email, includeDeleted: true } });
    expect(withDeleted.body.data.items[0]).toMatchObject({ id: userId, deletedAt: expect.any(String) });
    const members = await api.get(`organizations/${f.orgId}/members`, { token: f.superToken, query: { limit: 200 } });
    expect(members.body.data.items.some((m: any) => m.userId === userId)).toBe(false);
    const restored = await api.post(`users/${userId}/restore`, { token: f.superToken });
    expect(restored.status).toBe(200);
    expect(restored.body.data.deletedAt).toBeUndefined();
    expect((await api.get('auth/me', { token: await api.login(email) })).status).toBe(200);
  });

  it('assigns users to an organization in bulk, leaving existing members as they are', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Assigned choir' });
    await api.post(`organizations/${orgId}/members`, {
      token: f.superToken,
      body: { email: f.member.email, role: 'treasurer' },
    });
    const res = await api.post('users/bulk-assign-organization', {
      token: f.superToken,
      body: { userIds: [f.member.id, f.member2.id, f.admin.id, 'ghost'], organizationId: orgId, role: 'ticketManager' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ assigned: 2, alreadyMember: [f.member.id], notFound: ['ghost'] });
    const members = await api.get(`organizations/${orgId}/members`, { token: f.superToken });
    expect(members.body.data.items.map((m: any) => [m.userId, m.role]).sort()).toEqual(
      [
        [f.member.id, 'treasurer'],
        [f.member2.id, 'ticketManager'],
        [f.admin.id, 'ticketManager'],
      ].sort(),
    );
  });

  it.each([
    ['empty list', { userIds: [] }],
    ['too many', { userIds: Array.from({ length: 201 }, (_, i) => `u${i}`) }],
    ['not an array', { userIds: 'u1' }],
  ])('refuses bulk delete with %s as 400', async (_label, body) => {
    expect((await api.del('users/bulk-delete', { token: f.superToken, body })).status).toBe(400);
  });

  it('imports users from CSV with good, bad and duplicate lines', async () => {
    const a = uniqueEmail('csv');
    const res = await api.post('users/import', {
      token: f.superToken,
      ...csv([
        'email,name,firstName,lastName,phone',
        `${a},Ann Csv,Ann,Csv,123`,
        'broken,,,,',
        `${a},Ann Dup,,,`,
        `${f.member.email},Mia Renamed,,,`,
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      created: 1,
      updated: 1,
      skipped: 0,
      errors: [
        { line: 3, message: 'invalid e-mail address' },
        { line: 4, message: 'duplicate e-mail (first on line 2)' },
      ],
    });
    const found = await api.get('users', { token: f.superToken, query: { search: a } });
    expect(found.body.data.items[0]).toMatchObject({
      name: 'Ann Csv',
      firstName: 'Ann',
      lastName: 'Csv',
      phone: '123',
    });
  });

  it('imports a CRLF file with a BOM, any header case and quoted values', async () => {
    const a = uniqueEmail('crlf');
    const res = await api.post('users/import', {
      token: f.superToken,
      rawBody: `\uFEFFEMAIL,Name,FirstName,LastName,Phone\r\n${a},"Smith, Anna",Anna,Smith,"+31 ""6"""\r\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ created: 1, updated: 0, skipped: 0, errors: [] });
    const found = await api.get('users', { token: f.superToken, query: { search: a } });
    expect(found.body.data.items[0]).toMatchObject({
      email: a,
      name: 'Smith, Anna',
      firstName: 'Anna',
      lastName: 'Smith',
      phone: '+31 "6"',
    });
  });

  it('is super admin only', async () => {
    for (const [method, path] of [
      ['GET', 'users'],
      ['GET', `users/${f.member.id}`],
      ['PUT', `users/${f.member.id}/super-admin`],
      ['POST', 'users/import'],
    ] as const) {
      const res = await api.request(method, path, { token: f.admin.token, body: method === 'PUT' ? {} : undefined });
      expect(res.status).toBe(403);
    }
  });
});
