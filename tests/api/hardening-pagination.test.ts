import { createHash } from 'node:crypto';
import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';

/** Continuation tokens are sealed: nothing readable inside, nothing forgeable, nothing reusable across lists. */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const users = (continuationToken?: string) =>
  api.get('users', { token: f.superToken, query: { limit: 2, continuationToken } });

const flipByte = (token: string, at: number) => {
  const bytes = Buffer.from(token, 'base64url');
  bytes[at % bytes.length] ^= 0x20;
  return bytes.toString('base64url');
};

describe('continuation tokens on GET /api/users', () => {
  it('pages with a valid token and the token holds no e-mail, _rid or JSON', async () => {
    const first = await users();
    expect(first.status).toBe(200);
    const token = first.body.data.continuationToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const decoded = Buffer.from(token, 'base64url').toString('latin1');
    for (const user of first.body.data.items) {
      expect(decoded).not.toContain(user.email);
      expect(token).not.toContain(user.email);
    }
    // Random ciphertext may hold any single byte; what must never show is a word of the store token.
    expect(decoded).not.toMatch(/RID|"token"|example\.org/);

    const second = await users(token);
    expect(second.status).toBe(200);
    expect(second.body.data.items).toHaveLength(2);
    const firstEmails = first.body.data.items.map((u: { email: string }) => u.email);
    for (const user of second.body.data.items) expect(firstEmails).not.toContain(user.email);
    expect(second.body.data.items[0].email > firstEmails[1]).toBe(true);
  });

  it('refuses a token with any flipped byte with 400', async () => {
    const token = (await users()).body.data.continuationToken as string;
    const length = Buffer.from(token, 'base64url').length;
    for (const at of [0, 1, 7, 13, Math.floor(length / 2), length - 1]) {
      const res = await users(flipByte(token, at));
      expect([at, res.status, res.body?.error, res.body?.details]).toEqual([
        at,
        400,
        'VALIDATION_ERROR',
        [{ path: '/continuationToken', message: 'is invalid' }],
      ]);
    }
  });

  it('refuses a token from another list with 400', async () => {
    const members = await api.get(`organizations/${f.orgId}/members`, { token: f.superToken, query: { limit: 2 } });
    expect(members.status).toBe(200);
    const foreign = members.body.data.continuationToken as string;
    expect(foreign).toBeTruthy();
    const res = await users(foreign);
    expect([res.status, res.body?.error]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('refuses a hand-made base64 JSON token (the old format) with 400', async () => {
    const query = "SELECT * FROM c WHERE c.docType = 'user' AND NOT IS_DEFINED(c.deletedAt) ORDER BY c.email";
    const q = createHash('sha256').update(query).digest('base64url').slice(0, 16);
    for (const c of ['garbage', '{"token":"+RID:~abc","range":{"min":"","max":"FF"}}']) {
      const forged = Buffer.from(JSON.stringify({ v: 1, q, c })).toString('base64url');
      const res = await users(forged);
      expect([res.status, res.body?.error]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });
});
