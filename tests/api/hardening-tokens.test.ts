import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { registeredRoutes } from '../../shared/http/route';
import { TestHost } from '../helpers/harness';
import { addPerson } from '../helpers/fixtures';
import { authorizedCaller, buildRouteWorld, fillRoute, scopedQuery, type RouteWorld } from '../helpers/route-world';

/**
 * The token matrix (issue 15), generated from the route table: every non-public route, with real ids and the query
 * its fully authorized caller would send, refuses with 401 UNAUTHORIZED a token that is garbage, unsigned
 * (`alg: none`), signed with another secret, stripped of its signature, tampered with (claims of a super admin
 * under the real signature), expired, revoked by logout, or held by a soft-deleted user (both the token issued
 * before the deletion and one forged with the secret for the user's current token version, so the deletion itself
 * is what refuses it). No token at all is the route matrix's case (route-matrix.test.ts).
 * Algorithm pinned: HS384, HS512 with the right secret and RS256 "verified" with the HMAC secret (key confusion)
 * are refused the same way.
 */
const secret = `tokens-${'k'.repeat(48)}`;
let api: TestHost;
let w: RouteWorld;
const tokens: Record<string, string> = {};
let requests = 0;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const hmac = (alg: 'sha256' | 'sha384' | 'sha512', data: string) =>
  createHmac(alg, secret).update(data).digest('base64url');

beforeAll(async () => {
  api = await TestHost.start({ JWT_SECRET: secret });
  w = await buildRouteWorld(api);
  const real = w.f.admin.token;
  const [header, payload] = real.split('.');
  const claims = jwt.decode(real) as { sub: string; ver: number; iat: number; exp: number };
  const superClaims = jwt.decode(w.superToken) as { sub: string; ver: number };

  // Revoked by logout: a second admin of A logs in, keeps the token, logs out.
  const leaver = await addPerson(api, w.superToken, w.f.orgId, 'admin', 'Lea Leaver');
  const out = await api.post('auth/logout', { token: leaver.token, body: {} });
  if (out.status !== 200) throw new Error(`logout failed: ${out.status} ${out.text}`);
  // Soft-deleted: a third admin of A, deleted by the super admin.
  const gone = await addPerson(api, w.superToken, w.f.orgId, 'admin', 'Gus Gone');
  const deleted = await api.del('users/bulk-delete', { token: w.superToken, body: { userIds: [gone.id] } });
  if (deleted.status !== 200) throw new Error(`bulk delete failed: ${deleted.status} ${deleted.text}`);
  const goneVer = (jwt.decode(gone.token) as { ver: number }).ver;

  const unsignedPayload = b64({ ...claims });
  Object.assign(tokens, {
    garbage: 'garbage',
    'garbage three parts': 'a.b.c',
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${unsignedPayload}.`,
    'wrong secret': jwt.sign({ sub: claims.sub, ver: claims.ver }, `other-${secret}`, { algorithm: 'HS256' }),
    'stripped signature': `${header}.${payload}.`,
    'no signature part': `${header}.${payload}`,
    'tampered claims (super admin sub, real signature)': `${header}.${b64({ ...claims, sub: superClaims.sub, ver: superClaims.ver })}.${real.split('.')[2]}`,
    expired: jwt.sign({ sub: claims.sub, ver: claims.ver, iat: now() - 7200, exp: now() - 60 }, secret, {
      algorithm: 'HS256',
      noTimestamp: true,
    }),
    'after logout': leaver.token,
    'soft-deleted user': gone.token,
    'soft-deleted user, current version': jwt.sign({ sub: gone.id, ver: goneVer + 1 }, secret, {
      algorithm: 'HS256',
      expiresIn: 3600,
    }),
  });
}, 300_000);
afterAll(async () => {
  await api?.close();
  console.log(
    `token matrix figures: ${registeredRoutes().filter((r) => r.auth !== 'public').length} routes, ${requests} requests`,
  );
});

/** Sends `token` to every non-public route as its fully authorized caller would; returns the routes not at 401. */
async function notRefused(token: string): Promise<string[]> {
  const failures: string[] = [];
  for (const route of registeredRoutes().filter((r) => r.auth !== 'public')) {
    const caller = authorizedCaller(w, route);
    requests += 1;
    const csv = route.bodyType === 'csv';
    const res = await api.request(route.method, fillRoute(w, route), {
      token,
      query: scopedQuery(route, caller),
      // the body the route takes, in its media type, so only the token can be what is refused
      rawBody: route.method === 'GET' ? undefined : csv ? 'email,name,role\n' : '{}',
      headers: route.method === 'GET' ? {} : { 'content-type': csv ? 'text/csv' : 'application/json' },
    });
    if (res.status !== 401 || res.body?.error !== 'UNAUTHORIZED')
      failures.push(`${route.method} ${route.route} → ${res.status}`);
  }
  return failures;
}

describe('token matrix', () => {
  it('accepts the real token of the same admin (so what the matrix refuses is the token alone)', async () => {
    expect((await api.get('auth/me', { token: w.f.admin.token })).status).toBe(200);
    const orders = await api.get('orders', { token: w.f.admin.token, query: { organizationId: w.f.orgId } });
    expect(orders.status).toBe(200);
  });

  it.each([
    'garbage',
    'garbage three parts',
    'alg none',
    'wrong secret',
    'stripped signature',
    'no signature part',
    'tampered claims (super admin sub, real signature)',
    'expired',
    'after logout',
    'soft-deleted user',
    'soft-deleted user, current version',
  ])(
    'refuses a token that is %s with 401 on every non-public route',
    async (kind) => {
      expect(await notRefused(tokens[kind])).toEqual([]);
    },
    120_000,
  );

  it('pins the algorithm: HS384, HS512 with the right secret and RS256 with the HMAC secret are refused', async () => {
    const claims = { sub: (jwt.decode(w.f.admin.token) as { sub: string }).sub, ver: 0, iat: now(), exp: now() + 3600 };
    claims.ver = (jwt.decode(w.f.admin.token) as { ver: number }).ver;
    const signed = (alg: string, hash: 'sha256' | 'sha384' | 'sha512') => {
      const head = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}`;
      return `${head}.${hmac(hash, head)}`;
    };
    // the same claims under HS256 pass: what refuses the others is the algorithm alone
    expect((await api.get('auth/me', { token: signed('HS256', 'sha256') })).status).toBe(200);
    for (const token of [signed('HS384', 'sha384'), signed('HS512', 'sha512'), signed('RS256', 'sha256')]) {
      expect(await notRefused(token)).toEqual([]);
    }
  }, 300_000);
});
