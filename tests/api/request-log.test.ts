import { onRequestLine, type TelemetryEvent } from '../../shared/telemetry/telemetry';
import { TestHost, SUPER_ADMIN_EMAIL } from '../helpers/harness';
import { setupOrganization } from '../helpers/fixtures';

/**
 * The request log (shared/http/request-log.ts, docs/operations.md "Request log"): one line per request on the local
 * host, the same line the Functions host writes (tests/azure/core-tools-local.test.ts checks it there).
 */
let api: TestHost;
let lines: TelemetryEvent['properties'][];
let off: () => void;

beforeAll(async () => {
  api = await TestHost.start();
});
afterAll(() => api.close());
beforeEach(() => {
  lines = [];
  off = onRequestLine((e) => lines.push(e.properties));
});
afterEach(() => off());

describe('the request log', () => {
  it('writes one line per request with the store calls and charge the response headers report', async () => {
    const response = await api.request('GET', 'health', { headers: { 'x-correlation-id': 'log-probe-1' } });
    expect(lines).toEqual([
      {
        route: 'health',
        template: 'health',
        method: 'GET',
        status: 200,
        durationMs: expect.any(Number),
        storeOps: Number(response.headers.get('x-store-ops')),
        storeRu: Number(response.headers.get('x-store-ru')),
        correlationId: 'log-probe-1',
        userId: undefined,
        invocationId: undefined,
        operationId: undefined,
      },
    ]);
  });

  it('takes the trace id of a caller traceparent as the operation id; ignores a malformed one', async () => {
    await api.request('GET', 'health', {
      headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    });
    await api.request('GET', 'health', { headers: { traceparent: 'not-a-traceparent' } });
    expect(lines.map((l) => l.operationId)).toEqual(['0af7651916cd43dd8448eb211c80319c', undefined]);
  });

  it('names the caller of a refused request, and logs the route template, never the path, token or address', async () => {
    const f = await setupOrganization(api);
    const token = f.superToken;
    const member = f.member.token;
    lines.length = 0;
    const me = await api.request('GET', 'auth/me', { token });
    const refused = await api.request('GET', `organizations/${f.orgId}`, { token: member });
    expect(refused.status).toBe(403);
    expect(lines.map((l) => [l.route, l.status])).toEqual([
      ['auth-me', 200],
      ['organizations-get', 403],
    ]);
    expect(lines[0].userId).toBe(me.body.data.user.id);
    expect(lines[1].userId).toBe(f.member.id);
    expect(lines[1].template).toBe('organizations/{id}');
    const text = JSON.stringify(lines);
    for (const secret of [token, member, SUPER_ADMIN_EMAIL, f.member.email, f.orgId]) {
      expect(text).not.toContain(secret);
    }
  });

  it('logs a 401 without a user', async () => {
    await api.request('GET', 'auth/me', { token: 'not-a-token' });
    expect(lines).toEqual([expect.objectContaining({ route: 'auth-me', status: 401, userId: undefined })]);
  });
});
