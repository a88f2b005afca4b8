import { HttpRequest } from '@azure/functions';
import { answerUnknownRoute, serveRoute } from '../../shared/http/functions-host';
import { loadFunctions } from '../../shared/http/load-functions';
import { resetConfig } from '../../shared/config';

/**
 * Issue 22, the Azure side: the Functions adapter hands the pipeline the path as the client sent it, so a `.` or `..`
 * segment the host leaves in the URL (or in a route parameter, or in the catch-all's path) is refused with 400
 * before the caller is resolved or anything is read (no store is opened here: any read would fail the test).
 */
const routes = loadFunctions();
const route = (name: string) => {
  const found = routes.find((r) => r.name === name);
  if (!found) throw new Error(`no route ${name}`);
  return found;
};

// A configured host (else every answer is the 503 of host-readiness.ts); the endpoint is never reached.
const SETTINGS = {
  COSMOS_ENDPOINT: 'https://127.0.0.1:9',
  JWT_SECRET: 'component-test-secret-of-at-least-32-bytes',
  // A test-only Ed25519 key (PKCS#8, base64 DER): on Azure the host refuses to start without one.
  TICKET_SIGNING_KEY: 'MC4CAQAwBQYDK2VwBCIEINZIsR6BfsBwTWPIWvyY5UpDVwMMlSMFCzySH/03mJuL',
  ACS_CONNECTION_STRING: 'endpoint=https://acs.example.net/;accesskey=a2V5',
  EMAIL_SENDER: 'DoNotReply@example.net',
};
const saved: Record<string, string | undefined> = {};
beforeAll(() => {
  for (const [k, v] of Object.entries(SETTINGS)) [saved[k], process.env[k]] = [process.env[k], v];
  resetConfig();
});
afterAll(() => {
  for (const k of Object.keys(SETTINGS)) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfig();
});

async function answer(name: string, url: string, params: Record<string, string>, method = 'DELETE') {
  const request = new HttpRequest({ method, url, headers: { authorization: 'Bearer x' }, params });
  const response = await serveRoute(route(name), request, () => Promise.resolve());
  return { status: response.status, body: JSON.parse(String(response.body)) };
}

describe('dot segments under the Azure Functions adapter', () => {
  it.each([
    ['..', 'members/..'],
    ['%2e%2e', 'members/%2e%2e'],
    ['%2E.', 'members/%2E.'],
  ])('members-remove with memberId %s: 400 VALIDATION_ERROR', async (memberId, tail) => {
    const res = await answer('members-remove', `https://app.example.net/api/organizations/o1/${tail}`, {
      id: 'o1',
      memberId: memberId.replace(/%2e/gi, '.'),
    });
    expect([res.status, res.body.error]).toEqual([400, 'VALIDATION_ERROR']);
  });

  // On Azure, Kestrel resolves `..` before the worker sees the URL: the request arrives resolved (here: the
  // organization's own route), and only the front end's X-WAWS-Unencoded-URL (or X-Original-URL) still shows it.
  it.each([
    ['x-waws-unencoded-url', '/api/organizations/o1/members/..'],
    ['x-waws-unencoded-url', '/api/organizations/o1/members/%2E%2e?x=1'],
    ['x-original-url', '/api/organizations/o1/members/.'],
  ])('a resolved request whose %s holds a dot segment (%s): 400 VALIDATION_ERROR', async (header, original) => {
    const request = new HttpRequest({
      method: 'DELETE',
      url: 'https://app.example.net/api/organizations/o1',
      headers: { authorization: 'Bearer x', [header]: original },
      params: { id: 'o1' },
    });
    const response = await serveRoute(route('organizations-delete'), request, () => Promise.reject(new Error('read')));
    expect([response.status, JSON.parse(String(response.body)).error]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('a forwarded original URL without dot segments is not refused (the request goes on to authentication)', async () => {
    const request = new HttpRequest({
      method: 'DELETE',
      url: 'https://app.example.net/api/organizations/o1',
      headers: { authorization: 'Bearer x', 'x-waws-unencoded-url': '/api/organizations/o1?next=../x' },
      params: { id: 'o1' },
    });
    const response = await serveRoute(route('organizations-delete'), request, () => Promise.resolve());
    expect([response.status, JSON.parse(String(response.body)).error]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('the catch-all answers a dot segment in X-WAWS-Unencoded-URL with 400, not 404', async () => {
    const request = new HttpRequest({
      method: 'GET',
      url: 'https://app.example.net/api/x/y',
      headers: { 'x-waws-unencoded-url': '/api/x/z/../y' },
      params: { path: 'x/y' },
    });
    const response = await answerUnknownRoute(request);
    expect([response.status, JSON.parse(String(response.body)).error]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('the catch-all answers a dot segment with 400, not 404', async () => {
    const request = new HttpRequest({
      method: 'GET',
      url: 'https://app.example.net/api/x/%2E%2E/y',
      params: { path: 'x/%2E%2E/y' },
    });
    const response = await answerUnknownRoute(request);
    expect([response.status, JSON.parse(String(response.body)).error]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
