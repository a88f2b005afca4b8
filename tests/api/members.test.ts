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

describe('members', () => {
  it('adds a new person as a member, creating the user, and lists them', async () => {
    const email = uniqueEmail('new');
    const res = await api.post(`organizations/${f.orgId}/members`, {
      token: f.superToken,
      body: { email, name: 'Nina New' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.membership).toMatchObject({ organizationId: f.orgId, role: 'member', approved: true });
    expect(res.body.data.user).toMatchObject({ email, name: 'Nina New' });
    const again = await api.post(`organizations/${f.orgId}/members`, { token: f.superToken, body: { email } });
    expect(again.status).toBe(409);
    const list = await api.get(`organizations/${f.orgId}/members`, { token: f.superToken, query: { limit: 200 } });
    expect(list.status).toBe(200);
    expect(list.body.data.items.some((m: any) => m.user.email === email)).toBe(true);
    // The new member can log in and sees the membership in /auth/me.
    const token = await api.login(email);
    const me = await api.get('auth/me', { token });
    expect(me.body.data.memberships).toEqual([
      {
        organizationId: f.orgId,
        organizationName: expect.any(String),
        role: 'member',
        approved: true,
        currency: 'EUR',
        defaultLocale: 'en',
        sellsForOthers: false,
      },
    ]);
  });

  it('changes a role, which takes effect on the next request', async () => {
    const res = await api.put(`organizations/${f.orgId}/members/${f.member2.id}`, {
      token: f.superToken,
      body: { role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('admin');
    const put = await api.put(`organizations/${f.orgId}`, { token: f.member2.token, body: {} });
    expect(put.status).toBe(200);
    await api.put(`organizations/${f.orgId}/members/${f.member2.id}`, {
      token: f.superToken,
      body: { role: 'member' },
    });
    expect((await api.put(`organizations/${f.orgId}`, { token: f.member2.token, body: {} })).status).toBe(403);
  });

  it('an unapproved membership grants nothing', async () => {
    await api.put(`organizations/${f.orgId}/members/${f.admin.id}`, { token: f.superToken, body: { approved: false } });
    expect((await api.put(`organizations/${f.orgId}`, { token: f.admin.token, body: {} })).status).toBe(403);
    await api.put(`organizations/${f.orgId}/members/${f.admin.id}`, { token: f.superToken, body: { approved: true } });
    expect((await api.put(`organizations/${f.orgId}`, { token: f.admin.token, body: {} })).status).toBe(200);
  });

  it('removes a membership and answers 404 for an unknown one', async () => {
    const email = uniqueEmail('leaver');
    const added = await api.post(`organizations/${f.orgId}/members`, {
      token: f.superToken,
      body: { email, role: 'admin' },
    });
    const userId = added.body.data.user.id;
    const token = await api.login(email);
    expect((await api.del(`organizations/${f.orgId}/members/${userId}`, { token: f.superToken })).status).toBe(200);
    expect((await api.put(`organizations/${f.orgId}`, { token, body: {} })).status).toBe(403);
    expect((await api.del(`organizations/${f.orgId}/members/${userId}`, { token: f.superToken })).status).toBe(404);
  });

  it('refuses to add a soft-deleted user (409 USER_DELETED, line error on import) until restored', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Careful choir' });
    const email = uniqueEmail('deleted');
    const added = await api.post(`organizations/${f.orgId}/members`, { token: f.superToken, body: { email } });
    const userId = added.body.data.user.id;
    await api.del('users/bulk-delete', { token: f.superToken, body: { userIds: [userId] } });
    const res = await api.post(`organizations/${orgId}/members`, { token: f.superToken, body: { email } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('USER_DELETED');
    const imported = await api.post(`organizations/${orgId}/members/import`, {
      token: f.superToken,
      ...csv(['email,name,role', `${email},Gone,member`]),
    });
    expect(imported.body.data).toEqual({
      created: 0,
      updated: 0,
      skipped: 0,
      errors: [{ line: 2, message: 'user is deleted; restore the user first' }],
    });
    await api.post(`users/${userId}/restore`, { token: f.superToken });
    expect((await api.post(`organizations/${orgId}/members`, { token: f.superToken, body: { email } })).status).toBe(
      201,
    );
  });

  it.each([
    ['bad e-mail', { email: 'x' }],
    ['bad role', { email: 'a@example.org', role: 'owner' }],
    ['unknown field', { email: 'a@example.org', organizationId: 'x' }],
  ])('refuses %s with 400', async (_label, body) => {
    const res = await api.post(`organizations/${f.orgId}/members`, { token: f.superToken, body });
    expect(res.status).toBe(400);
  });

  it('is super admin only: an organization admin gets 403 on every member route', async () => {
    const token = f.admin.token;
    expect((await api.get(`organizations/${f.orgId}/members`, { token })).status).toBe(403);
    expect(
      (await api.post(`organizations/${f.orgId}/members`, { token, body: { email: 'x@example.org' } })).status,
    ).toBe(403);
    expect(
      (await api.put(`organizations/${f.orgId}/members/${f.member.id}`, { token, body: { role: 'admin' } })).status,
    ).toBe(403);
    expect((await api.del(`organizations/${f.orgId}/members/${f.member.id}`, { token })).status).toBe(403);
    expect((await api.post(`organizations/${f.orgId}/members/import`, { token, ...csv(['email']) })).status).toBe(403);
  });
});

describe('POST /api/organizations/{id}/members/import', () => {
  it('applies good lines and reports bad and duplicate lines with their numbers', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Import choir' });
    const a = uniqueEmail('imp');
    const b = uniqueEmail('imp');
    const res = await api.post(`organizations/${orgId}/members/import`, {
      token: f.superToken,
      ...csv([
        'email,name,role',
        `${a},Anna,member`,
        'not-an-email,Bad,member',
        `${b},Ben,admin`,
        `${a},Anna again,member`,
        `${f.member.email},Mia,owner`,
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      created: 2,
      updated: 0,
      skipped: 0,
      errors: [
        { line: 3, message: 'invalid e-mail address' },
        { line: 5, message: expect.stringContaining('duplicate e-mail (first on line 2)') },
        { line: 6, message: 'invalid role "owner"' },
      ],
    });
    const again = await api.post(`organizations/${orgId}/members/import`, {
      token: f.superToken,
      ...csv(['email,name,role', `${a},Anna,treasurer`, `${b},Ben,admin`]),
    });
    expect(again.body.data).toMatchObject({ created: 0, updated: 1, skipped: 1, errors: [] });
    const list = await api.get(`organizations/${orgId}/members`, { token: f.superToken });
    expect(list.body.data.items.map((m: any) => [m.user.email, m.role]).sort()).toEqual(
      [
        [a, 'treasurer'],
        [b, 'admin'],
      ].sort(),
    );
  });

  it('imports 1,000 lines in one call', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Big choir' });
    const lines = [
      'email,name,role',
      ...Array.from({ length: 1000 }, (_, i) => `bulk-${i}-${orgId.slice(0, 6)}@example.org,Singer ${i},member`),
    ];
    const res = await api.post(`organizations/${orgId}/members/import`, { token: f.superToken, ...csv(lines) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ created: 1000, updated: 0, skipped: 0, errors: [] });
    let count = 0;
    let continuationToken: string | undefined;
    do {
      const page = await api.get(`organizations/${orgId}/members`, {
        token: f.superToken,
        query: { limit: 200, continuationToken },
      });
      count += page.body.data.items.length;
      continuationToken = page.body.data.continuationToken;
    } while (continuationToken);
    expect(count).toBe(1000);
  }, 60000);

  it('reads RFC 4180 files: BOM, CRLF, quoted commas, doubled quotes and line breaks, blank lines', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Quoting choir' });
    const [a, b, c, d, e, g] = ['a', 'b', 'c', 'd', 'e', 'g'].map((p) => uniqueEmail(`rfc-${p}`));
    const text = [
      '\uFEFFEmail,Name,Role',
      `${a},"Doe, Jane",member`,
      '',
      `"${b}","Multi\r\nLine ""Q""",admin`,
      'not-an-email,x,member',
      `${c},Doe, John,member`,
      `"${d}"x,D,member`,
      `${e},"never closed,member`,
      `${g},Gee,treasurer`,
      '',
    ].join('\r\n');
    const res = await api.post(`organizations/${orgId}/members/import`, {
      token: f.superToken,
      rawBody: text,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(200);
    // Lines are physical lines of the file: the quoted line break makes b's record span lines 4 and 5, and the
    // reader resumes after each malformed line, so g's line after them still counts.
    expect(res.body.data).toEqual({
      created: 3,
      updated: 0,
      skipped: 0,
      errors: [
        { line: 6, message: 'invalid e-mail address' },
        { line: 7, message: 'has 4 fields but the header has 3' },
        { line: 8, message: 'unreadable CSV: unexpected text after a closing quote' },
        { line: 9, message: 'unreadable CSV: quoted field is never closed' },
      ],
    });
    const list = await api.get(`organizations/${orgId}/members`, { token: f.superToken });
    expect(list.body.data.items.map((m: any) => [m.user.email, m.user.name, m.role]).sort()).toEqual(
      [
        [a, 'Doe, Jane', 'member'],
        [b, 'Multi\r\nLine "Q"', 'admin'],
        [g, 'Gee', 'treasurer'],
      ].sort(),
    );
  });

  it('answers a header-only file with zero counts and reads a huge line as one bad line', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Quiet choir' });
    const headerOnly = await api.post(`organizations/${orgId}/members/import`, {
      token: f.superToken,
      ...csv(['email,name,role', '']),
    });
    expect(headerOnly.body.data).toEqual({ created: 0, updated: 0, skipped: 0, errors: [] });
    const huge = await api.post(`organizations/${orgId}/members/import`, {
      token: f.superToken,
      ...csv(['email,name,role', `${uniqueEmail('huge')},${'n'.repeat(300_000)},member`, `${uniqueEmail('ok')},Ok,`]),
    });
    expect(huge.status).toBe(200);
    expect(huge.body.data).toEqual({
      created: 1,
      updated: 0,
      skipped: 0,
      errors: [{ line: 2, message: 'name longer than 255 characters' }],
    });
  });

  it.each([
    ['an empty file', ''],
    ['only a BOM', '\uFEFF'],
    ['a repeated column', 'email,email,role\nx@example.org,y@example.org,member'],
    ['a misspelt column', 'email,name,rol\nx@example.org,X,admin'],
    ['a quoted comma in the header', '"email,name",role\nx@example.org,member'],
    ['semicolons', 'email;name;role\nx@example.org;X;member'],
    ['a broken header', '"email,name,role\nx@example.org,X,member'],
    ['more than 5,000 lines', ['email', ...Array.from({ length: 5001 }, (_, i) => `m${i}@example.org`)].join('\n')],
  ])('refuses %s with 400 and writes nothing', async (_label, text) => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Strict choir' });
    const res = await api.post(`organizations/${orgId}/members/import`, {
      token: f.superToken,
      rawBody: text,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    const list = await api.get(`organizations/${orgId}/members`, { token: f.superToken });
    expect(list.body.data.items).toEqual([]);
  });

  it('refuses a file without an email column with 400', async () => {
    const res = await api.post(`organizations/${f.orgId}/members/import`, {
      token: f.superToken,
      ...csv(['name,role', 'A,member']),
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0].message).toContain('email');
  });
});
