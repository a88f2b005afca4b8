import jwt from 'jsonwebtoken';
import { TestHost } from '../helpers/harness';

/** A token signed with the right secret is still refused when its lifetime is not one this service issues. */
const secret = `hardening-${'s'.repeat(40)}`;
let api: TestHost;
let claims: { sub: string; ver: number };
beforeAll(async () => {
  api = await TestHost.start({ JWT_SECRET: secret });
  const real = jwt.decode(await api.loginSuperAdmin()) as { sub: string; ver: number };
  claims = { sub: real.sub, ver: real.ver };
});
afterAll(() => api.close());

const now = () => Math.floor(Date.now() / 1000);
const me = (token: string) => api.get('auth/me', { token });
const forge = (extra: Record<string, number>, noTimestamp = false) =>
  jwt.sign({ ...claims, ...extra }, secret, { algorithm: 'HS256', noTimestamp });

describe('token lifetime', () => {
  it('accepts a forged-with-the-secret token of a normal lifetime (the secret is the one the host uses)', async () => {
    const res = await me(forge({ iat: now(), exp: now() + 3600 }));
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(claims.sub);
  });

  it.each([
    ['no exp', () => forge({ iat: now() })],
    ['no iat', () => forge({ exp: now() + 3600 }, true)],
    ['an exp 100 years ahead', () => forge({ iat: now(), exp: now() + 100 * 365 * 86400 })],
    ['a lifetime of 8 days', () => forge({ iat: now() - 86400, exp: now() + 7 * 86400 })],
    ['an iat an hour in the future', () => forge({ iat: now() + 3600, exp: now() + 7200 })],
  ])('refuses a token with %s with 401', async (_what, token) => {
    const res = await me(token());
    expect([res.status, res.body?.error]).toEqual([401, 'UNAUTHORIZED']);
  });
});
