import { onTelemetry } from '../../shared/telemetry/telemetry';
import { SUPER_ADMIN_EMAIL, TestHost, uniqueEmail } from '../helpers/harness';
import { expireLoginChallenge } from '../helpers/seed';

/**
 * Known users are made through the user routes by a second super admin, so the first login of
 * SUPER_ADMIN_EMAIL stays a first login and its per-address limit stays untouched.
 */
const SEEDING_ADMIN_EMAIL = 'seeder@example.org';
let api: TestHost;
let seederToken: string;
beforeAll(async () => {
  api = await TestHost.start({ SUPER_ADMIN_EMAILS: `${SUPER_ADMIN_EMAIL},${SEEDING_ADMIN_EMAIL}` });
  seederToken = await api.login(SEEDING_ADMIN_EMAIL);
});
afterAll(() => api.close());

const codeIn = (text: string) => /code: (\d{6})/.exec(text)?.[1] ?? '';
const tokenIn = (text: string) => decodeURIComponent(/token=([^\s]+)/.exec(text)?.[1] ?? '');

async function knownUser(prefix = 'member') {
  const email = uniqueEmail(prefix);
  const res = await api.post('users/import', {
    token: seederToken,
    rawBody: `email,name\n${email},Known Person\n`,
    headers: { 'content-type': 'text/csv' },
  });
  if (res.status !== 200 || res.body.data.created !== 1) throw new Error(`user import failed: ${res.text}`);
  return email;
}

describe('POST /api/auth/magic-link', () => {
  it('sends a link and a code to a known user and answers { sent: true }', async () => {
    const email = await knownUser();
    const res = await api.post('auth/magic-link', { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { sent: true } });
    const mail = api.lastEmailTo(email)!;
    expect(mail.subject).toBeTruthy();
    expect(codeIn(mail.text)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('http://localhost:5173/auth/verify?token=');
  });

  it('answers the same for an unknown address and sends nothing (no account probing)', async () => {
    const email = uniqueEmail('stranger');
    const res = await api.post('auth/magic-link', { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { sent: true } });
    expect(api.lastEmailTo(email)).toBeUndefined();
  });

  it.each([
    ['malformed e-mail', { email: 'not-an-email' }],
    ['missing e-mail', {}],
    ['wrong type', { email: 42 }],
    ['unknown field', { email: 'a@example.org', extra: true }],
    ['huge string', { email: `${'a'.repeat(5000)}@example.org` }],
  ])('refuses %s with 400 and details', async (_label, body) => {
    const res = await api.post('auth/magic-link', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(res.body.details.length).toBeGreaterThan(0);
    expect(res.body.details[0]).toEqual({ path: expect.any(String), message: expect.any(String) });
  });

  it('cannot dodge the per-IP limit with client-chosen X-Forwarded-For entries', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await api.post('auth/magic-link', {
        body: { email: uniqueEmail() },
        headers: { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.99` },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
  });

  it('limits requests per address, for known and unknown addresses alike (no flooding one inbox)', async () => {
    for (const email of [await knownUser(), uniqueEmail('unknown')]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await api.post('auth/magic-link', { body: { email } })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await api.post('auth/magic-link', {
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: 'VALIDATION_ERROR',
      message: 'Request body is not valid JSON',
    });
  });

  it('rate limits per IP: the sixth request in a minute gets 429 with Retry-After', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await api.post('auth/magic-link', {
        body: { email: uniqueEmail() },
        headers: { 'x-forwarded-for': ip },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toMatchObject({ success: false, error: 'RATE_LIMITED' });
        const retryAfter = Number(res.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
    }
    // Five allowed, the sixth refused (unless the minute rolled over mid-test, then still at most one 429).
    expect(statuses.slice(0, 5).filter((s) => s === 200).length).toBeGreaterThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
  });
});

describe('POST /api/auth/verify-code and /api/auth/verify', () => {
  it('logs in with the code and returns a token, its expiry and the user', async () => {
    const email = await knownUser();
    await api.post('auth/magic-link', { body: { email } });
    const res = await api.post('auth/verify-code', { body: { email, code: codeIn(api.lastEmailTo(email)!.text) } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      token: expect.any(String),
      user: { email, name: 'Known Person', isSuperAdmin: false },
    });
    const lifetime = Date.parse(res.body.data.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);
    expect(JSON.stringify(res.body)).not.toMatch(/tokenVersion|_etag|Hash/);
  });

  it('logs in with the link token exactly once', async () => {
    const email = await knownUser();
    await api.post('auth/magic-link', { body: { email } });
    const token = tokenIn(api.lastEmailTo(email)!.text);
    const first = await api.post('auth/verify', { body: { token } });
    expect(first.status).toBe(200);
    const again = await api.post('auth/verify', { body: { token } });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ success: false, error: 'INVALID_LOGIN', errorCode: 'INVALID_LOGIN' });
  });

  it('lets only one of parallel verifications of the same link win', async () => {
    const email = await knownUser();
    await api.post('auth/magic-link', { body: { email } });
    const token = tokenIn(api.lastEmailTo(email)!.text);
    const results = await Promise.all(Array.from({ length: 8 }, () => api.post('auth/verify', { body: { token } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(7);
  });

  it('voids the earlier link and code when a new one is requested', async () => {
    const email = await knownUser();
    await api.post('auth/magic-link', { body: { email } });
    const first = api.lastEmailTo(email)!;
    await api.post('auth/magic-link', { body: { email } });
    const oldCode = await api.post('auth/verify-code', { body: { email, code: codeIn(first.text) } });
    const oldLink = await api.post('auth/verify', { body: { token: tokenIn(first.text) } });
    // The old code may coincide with the new one by chance (1 in a million); the old link never matches.
    expect(oldLink.status).toBe(401);
    if (codeIn(first.text) !== codeIn(api.lastEmailTo(email)!.text)) expect(oldCode.status).toBe(401);
  });

  it('voids the login after five wrong codes, even for the right code afterwards', async () => {
    const email = await knownUser();
    await api.post('auth/magic-link', { body: { email } });
    const code = codeIn(api.lastEmailTo(email)!.text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await api.post('auth/verify-code', { body: { email, code: wrong } });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('INVALID_LOGIN');
    }
    const right = await api.post('auth/verify-code', { body: { email, code } });
    expect(right.status).toBe(401);
  });

  it('refuses an expired link (expiry is checked in code, not only by TTL)', async () => {
    const email = await knownUser();
    await api.post('auth/magic-link', { body: { email } });
    const token = tokenIn(api.lastEmailTo(email)!.text);
    // The embedded store has no TTL: the stored challenge is moved past its expiry (seed module).
    await expireLoginChallenge(email);
    const res = await api.post('auth/verify', { body: { token } });
    expect([res.status, res.body.error]).toEqual([401, 'INVALID_LOGIN']);
    await api.post('auth/magic-link', { body: { email } });
    const fresh = tokenIn(api.lastEmailTo(email)!.text);
    expect((await api.post('auth/verify', { body: { token: fresh } })).status).toBe(200);
  });

  it.each([
    ['garbage token', 'auth/verify', { token: 'nope' }],
    ['forged token', 'auth/verify', { token: `${'a'.repeat(64)}.secret` }],
    ['unknown e-mail code', 'auth/verify-code', { email: 'nobody@example.org', code: '123456' }],
  ])('answers %s with one generic 401', async (_label, path, body) => {
    const res = await api.post(path, { body });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      success: false,
      error: 'INVALID_LOGIN',
      message: 'The login link or code is invalid or has expired',
    });
  });

  it.each([
    ['code of 5 digits', { email: 'a@example.org', code: '12345' }],
    ['code as number', { email: 'a@example.org', code: 123456 }],
    ['missing email', { code: '123456' }],
    ['unknown field', { email: 'a@example.org', code: '123456', admin: true }],
  ])('refuses verify-code with %s as 400', async (_label, body) => {
    const res = await api.post('auth/verify-code', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
  });

  it('creates the super admin from SUPER_ADMIN_EMAILS at first login', async () => {
    const token = await api.login(SUPER_ADMIN_EMAIL);
    const me = await api.get('auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ email: SUPER_ADMIN_EMAIL, isSuperAdmin: true });
  });

  it('never writes the code or link secret into the store or the logs in clear', async () => {
    const events: string[] = [];
    const off = onTelemetry((e) => events.push(JSON.stringify(e)));
    const email = await knownUser();
    await api.post('auth/magic-link', { body: { email } });
    off();
    const mail = api.lastEmailTo(email)!;
    const secret = tokenIn(mail.text).split('.')[1];
    expect(events.join('\n')).not.toContain(secret);
  });
});

describe('GET /api/auth/me, POST /api/auth/logout', () => {
  it('returns the caller and revokes every token at logout', async () => {
    const email = await knownUser();
    const token = await api.login(email);
    const other = await api.login(email);
    const me = await api.get('auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({ user: expect.objectContaining({ email }), memberships: [] });
    // Budget: one point read for the user (plus the membership query of this route itself).
    const out = await api.post('auth/logout', { token });
    expect(out.status).toBe(200);
    expect((await api.get('auth/me', { token })).status).toBe(401);
    expect((await api.get('auth/me', { token: other })).status).toBe(401);
    const fresh = await api.login(email);
    expect((await api.get('auth/me', { token: fresh })).status).toBe(200);
  });

  it('refuses a soft-deleted user with 401 and sends them no login mail', async () => {
    const email = await knownUser();
    const token = await api.login(email);
    const me = await api.get('auth/me', { token });
    const removed = await api.del('users/bulk-delete', {
      token: seederToken,
      body: { userIds: [me.body.data.user.id] },
    });
    expect(removed.status).toBe(200);
    const res = await api.get('auth/me', { token });
    expect(res.status).toBe(401);
    const before = api.outbox().length;
    await api.post('auth/magic-link', { body: { email } });
    expect(api.outbox().length).toBe(before);
  });

  it.each([
    ['no header', undefined],
    ['not a JWT', 'Bearer abc'],
    ['wrong scheme', 'Basic abc'],
    ['bad signature', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwidmVyIjowfQ.c2lnbmF0dXJl'],
  ])('answers %s with 401', async (_label, authorization) => {
    const res = await api.get('auth/me', { headers: authorization ? { authorization } : {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
  });
});
