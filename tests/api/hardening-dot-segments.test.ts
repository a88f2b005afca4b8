import http from 'node:http';
import { TestHost } from '../helpers/harness';
import { createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';

/**
 * Issue 22: a `.` or `..` path segment (raw or percent-encoded, any case) is refused with 400 before routing. Before,
 * `DELETE organizations/{id}/members/..` resolved to `DELETE organizations/{id}` and soft-deleted the organization.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

/** The target sent byte for byte (fetch would resolve the dot segments itself). */
function raw(method: string, target: string, token: string, body?: unknown) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: api.host.port, method, path: target }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', reject);
    req.setHeader('authorization', `Bearer ${token}`);
    if (body !== undefined) req.setHeader('content-type', 'application/json');
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('dot segments in the request path', () => {
  it.each(['..', '.', '%2e%2e', '%2E%2e', '.%2E', '%2e'])(
    'DELETE organizations/{id}/members/%s as a super admin: 400, the organization stays',
    async (segment) => {
      const orgId = await createOrganization(api, f.superToken, { name: 'Dot choir' });
      const res = await raw('DELETE', `/api/organizations/${orgId}/members/${segment}`, f.superToken);
      expect([res.status, res.body?.error]).toEqual([400, 'VALIDATION_ERROR']);
      const after = await api.get(`organizations/${orgId}`, { token: f.superToken });
      expect(after.status).toBe(200);
      expect(after.body.data).not.toHaveProperty('deletedAt');
    },
  );

  it('PUT organizations/{id}/members/.. as the admin: 400, the organization keeps its name', async () => {
    const before = await api.get(`organizations/${f.orgId}`, { token: f.superToken });
    const res = await raw('PUT', `/api/organizations/${f.orgId}/members/..`, f.admin.token, { name: 'Renamed' });
    expect([res.status, res.body?.error]).toEqual([400, 'VALIDATION_ERROR']);
    const after = await api.get(`organizations/${f.orgId}`, { token: f.superToken });
    expect(after.body.data.name).toBe(before.body.data.name);
  });

  it('refuses a dot segment in the middle of the path and in a GET, but not dots inside a segment', async () => {
    const mid = await raw('GET', `/api/organizations/${f.orgId}/members/../members`, f.superToken);
    expect(mid.status).toBe(400);
    const dotted = await raw('GET', `/api/events/a..b?organizationId=${f.orgId}`, f.admin.token);
    expect(dotted.status).toBe(404);
    const inQuery = await raw('GET', `/api/events?organizationId=${f.orgId}&x=..`, f.admin.token);
    expect(inQuery.body?.error).toBe('VALIDATION_ERROR'); // an unknown query parameter, not a path
  });
});
