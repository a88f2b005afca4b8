import net from 'node:net';
import { TestHost } from '../helpers/harness';
import { createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';

/**
 * Issue 32: what the local host answers before routing. A request-target starting with `//` read as
 * `//host/path` routed `DELETE //x/api/organizations/{id}` to the organization delete; it is refused with 400 like a
 * dot segment. A request without Host and a CONNECT got Node's bare 400 or no answer; they get the envelope.
 * Raw sockets: fetch and http.request would fix the target or add the Host header themselves.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** Sends `request` byte for byte and reads the answer until the connection closes (or 5 s pass). */
function rawExchange(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(api.host.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const bodyText = rest.join('\r\n\r\n');
      let body: unknown;
      try {
        body = bodyText ? JSON.parse(bodyText) : undefined;
      } catch {
        body = bodyText;
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body });
    };
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', finish);
    socket.on('error', reject);
    socket.write(request);
  });
}

const request = (method: string, target: string, token: string, extra = '') =>
  `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n${extra}Connection: close\r\n\r\n`;

const expectEnvelope400 = (res: RawAnswer) => {
  expect(res.status).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-correlation-id']).toBeTruthy();
  expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
  expect(typeof res.body.message).toBe('string');
};

describe('a request-target with an empty segment', () => {
  it('DELETE //x/api/organizations/{id} as a super admin: 400, the organization stays', async () => {
    const orgId = await createOrganization(api, f.superToken, { name: 'Slash choir' });
    expectEnvelope400(await rawExchange(request('DELETE', `//x/api/organizations/${orgId}`, f.superToken)));
    const after = await api.get(`organizations/${orgId}`, { token: f.superToken });
    expect(after.status).toBe(200);
    expect(after.body.data).not.toHaveProperty('deletedAt');
  });

  it.each(['//x/api/auth/me', '//api/auth/me', '/api//auth/me', '//127.0.0.1/api/auth/me?x=1'])(
    'GET %s: 400 in the envelope, not routed',
    async (target) => {
      expectEnvelope400(await rawExchange(request('GET', target, f.admin.token)));
    },
  );

  it('a plain target and a trailing slash are still served, and `//` inside the query is not a path', async () => {
    expect((await rawExchange(request('GET', '/api/auth/me', f.admin.token))).status).toBe(200);
    expect((await rawExchange(request('GET', '/api/auth/me/', f.admin.token))).status).toBe(200);
    const inQuery = await rawExchange(request('GET', `/api/events?organizationId=${f.orgId}&next=//x`, f.admin.token));
    expect(inQuery.body?.message ?? '').not.toMatch(/segment/);
  });
});

describe('requests Node would answer outside the envelope', () => {
  it('an HTTP/1.1 request without Host: 400 in the envelope (not an empty body)', async () => {
    const res = await rawExchange(
      `GET /api/auth/me HTTP/1.1\r\nAuthorization: Bearer ${f.admin.token}\r\nConnection: close\r\n\r\n`,
    );
    expectEnvelope400(res);
  });

  it('CONNECT: 400 in the envelope, then the connection closes (not closed unanswered)', async () => {
    const res = await rawExchange('CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n');
    expectEnvelope400(res);
    expect(res.headers.connection).toBe('close');
  });
});
