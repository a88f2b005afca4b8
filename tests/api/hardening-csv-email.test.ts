import { TestHost, uniqueEmail } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';

/** One e-mail rule: a CSV line is refused exactly when the JSON route would refuse the same address. */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const csv = (lines: string[]) => ({ rawBody: lines.join('\n'), headers: { 'content-type': 'text/csv' } });
const hostile = () => {
  const [local, domain] = uniqueEmail('ctl').split('@');
  return [
    `${local}\u0001x@${domain}`,
    `${local}\u007fx@${domain}`,
    `${local}@exa\u0008mple.org`,
    `${local}"x"@${domain}`,
  ];
};

describe('e-mail addresses with control characters', () => {
  it('are refused by the JSON member route', async () => {
    for (const email of hostile()) {
      const res = await api.post(`organizations/${f.orgId}/members`, {
        token: f.superToken,
        body: { email, name: 'Ctl', role: 'member' },
      });
      expect([res.status, res.body?.details?.[0]?.path]).toEqual([400, '/email']);
    }
  });

  it('are reported and skipped by the members import, good lines still land', async () => {
    const bad = hostile();
    const good = uniqueEmail('good');
    const res = await api.post(`organizations/${f.orgId}/members/import`, {
      token: f.superToken,
      ...csv(['email,name,role', ...bad.map((e) => `${e},Ctl,member`), `${good},Good,member`]),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.created).toBe(1);
    expect(res.body.data.errors).toEqual(bad.map((_e, i) => ({ line: i + 2, message: 'invalid e-mail address' })));
    const members = await api.get(`organizations/${f.orgId}/members`, { token: f.superToken, query: { limit: 200 } });
    const emails = members.body.data.items.map((m: { email?: string; user?: { email: string } }) => JSON.stringify(m));
    expect(emails.some((m: string) => m.includes(good))).toBe(true);
    expect(emails.some((m: string) => m.includes('ctl-'))).toBe(false);
  });

  it('are reported and skipped by the users import, good lines still land', async () => {
    const bad = hostile();
    const good = uniqueEmail('good');
    const res = await api.post('users/import', {
      token: f.superToken,
      ...csv(['email,name', ...bad.map((e) => `${e},Ctl`), `${good},Good`]),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.created).toBe(1);
    expect(res.body.data.errors).toEqual(bad.map((_e, i) => ({ line: i + 2, message: 'invalid e-mail address' })));
    const found = await api.get('users', { token: f.superToken, query: { search: 'ctl-', limit: 50 } });
    expect(found.status).toBe(200);
    expect(found.body.data.items).toEqual([]);
  });
});
