import http from 'node:http';
import { TestHost } from '../helpers/harness';
import { createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';

/**
 * What the host answers before (or instead of) a route: request-targets a URL may not hold, bodies of another
 * media type, and the correlation id on every answer, the router's own included.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start({ CORS_ORIGINS: 'https://app.example.org', BODY_LIMIT_BYTES: '4096' });
  f = await setupOrganization(api);
});
afterAll(() => api.close());

/** A request with the target sent byte for byte (fetch would strip a fragment and escape the rest). */
function raw(
  method: string,
  target: string,
  token?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: api.host.url.replace(/^http:\/\//, '').split(':')[0], port: api.host.port, method, path: target },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', reject);
    if (token) req.setHeader('authorization', `Bearer ${token}`);
    req.end();
  });
}

describe('request-target', () => {
  it('refuses a raw # with 400 before routing: the organization is not deleted', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Fragile choir' });
    const res = await raw('DELETE', `/api/organizations/${orgId}#/members/${f.member.id}`, f.superToken);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(res.headers['x-correlation-id']).toBeTruthy();
    const after = await api.get(`organizations/${orgId}`, { token: f.superToken });
    expect(after.status).toBe(200);
    expect(after.body.data).not.toHaveProperty('deletedAt');
  });

  it.each(['/api/events#x', '/api/events?organizationId=a#b', '/api/events/a"b', '/api/events/a%zzb', '/api/ev{ents'])(
    'refuses %s with 400',
    async (target) => {
      const res = await raw('GET', target, f.admin.token);
      expect([res.status, res.body?.error]).toEqual([400, 'VALIDATION_ERROR']);
    },
  );

  it('still serves a plain target with a query', async () => {
    const res = await raw('GET', `/api/events?organizationId=${f.orgId}`, f.admin.token);
    expect(res.status).toBe(200);
  });
});

describe('media types', () => {
  const name = () => ({ name: `Choir ${Date.now()}` });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'text/csv', ''])(
    'answers 415 to a JSON body sent as %p, and writes nothing',
    async (type) => {
      const before = (await api.get('organizations', { token: f.superToken })).body.data.items.length;
      const res = await api.post('organizations', {
        token: f.superToken,
        rawBody: JSON.stringify(name()),
        headers: { 'content-type': type },
      });
      expect([res.status, res.body?.error]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      expect(res.headers.get('x-correlation-id')).toBeTruthy();
      expect((await api.get('organizations', { token: f.superToken })).body.data.items.length).toBe(before);
    },
  );

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json'])(
    'accepts a JSON body sent as %p',
    async (type) => {
      const res = await api.post('organizations', {
        token: f.superToken,
        rawBody: JSON.stringify(name()),
        headers: { 'content-type': type },
      });
      expect(res.status).toBe(201);
    },
  );

  it('needs no type when there is no body', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Bodiless choir' });
    const res = await api.del(`organizations/${orgId}`, {
      token: f.superToken,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
  });

  it('answers 415 to a CSV import sent as JSON, and accepts text/csv', async () => {
    const csv = `email,name,role\nmedia-${Date.now()}@example.org,Media Person,member\n`;
    const path = `organizations/${f.orgId}/members/import`;
    const wrong = await api.post(path, {
      token: f.admin.token,
      rawBody: csv,
      headers: { 'content-type': 'application/json' },
    });
    expect([wrong.status, wrong.body?.error]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const right = await api.post(path, { token: f.superToken, rawBody: csv, headers: { 'content-type': 'text/csv' } });
    expect(right.status).toBe(200);
    expect(right.body.data.created).toBe(1);
  });
});

describe('x-correlation-id on every answer', () => {
  const id = (res: { headers: Headers }) => res.headers.get('x-correlation-id');

  it('on the router 404', async () => {
    const res = await api.get('no-such-route', { token: f.admin.token });
    expect(res.status).toBe(404);
    expect(id(res)).toMatch(/\S/);
  });

  it('on the router 413', async () => {
    const res = await api.post('auth/magic-link', {
      rawBody: JSON.stringify({ email: 'x'.repeat(8000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(id(res)).toMatch(/\S/);
  });

  it('on an OPTIONS preflight, allowed origin or not', async () => {
    for (const origin of ['https://app.example.org', 'https://evil.example.org']) {
      const res = await api.request('OPTIONS', 'events', {
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(res.status).toBe(204);
      expect(id(res)).toMatch(/\S/);
    }
  });

  it('echoes the caller-given id, on router answers and route answers alike', async () => {
    const headers = { 'x-correlation-id': 'trace-123' };
    expect(id(await api.get('no-such-route', { headers }))).toBe('trace-123');
    expect(id(await api.get('events', { token: f.admin.token, query: { organizationId: f.orgId }, headers }))).toBe(
      'trace-123',
    );
  });
});
