import { HttpRequest } from '@azure/functions';
import { answerUnknownRoute, serveRoute } from '../../shared/http/functions-host';
import { loadFunctions } from '../../shared/http/load-functions';
import { resetConfig } from '../../shared/config';

/**
 * Issue 32, the Azure side: a request-target starting with `//` (or holding `//` in its path) is refused with 400
 * like a dot segment, whether the worker's URL, the front end's forwarded original or the catch-all's path shows it,
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

const refused = (response: { status?: number; body?: unknown }) =>
  expect([response.status, JSON.parse(String(response.body)).error]).toEqual([400, 'VALIDATION_ERROR']);

describe('empty segments under the Azure Functions adapter', () => {
  it('a route whose URL path starts with // : 400 before authentication or any read', async () => {
    const request = new HttpRequest({
      method: 'DELETE',
      url: 'https://app.example.net//x/api/organizations/o1',
      headers: { authorization: 'Bearer x' },
      params: { id: 'o1' },
    });
    refused(await serveRoute(route('organizations-delete'), request, () => Promise.reject(new Error('read'))));
  });

  it.each([
    ['x-waws-unencoded-url', '//x/api/organizations/o1'],
    ['x-original-url', '/api//organizations/o1'],
  ])('a resolved request whose %s holds an empty segment (%s): 400', async (header, original) => {
    const request = new HttpRequest({
      method: 'DELETE',
      url: 'https://app.example.net/api/organizations/o1',
      headers: { authorization: 'Bearer x', [header]: original },
      params: { id: 'o1' },
    });
    refused(await serveRoute(route('organizations-delete'), request, () => Promise.reject(new Error('read'))));
  });

  it('the catch-all answers //x/api/auth/me with 400, not 404', async () => {
    const request = new HttpRequest({ method: 'GET', url: 'https://app.example.net//x/api/auth/me', params: {} });
    refused(await answerUnknownRoute(request));
  });

  it('a plain URL is not refused (the request goes on to authentication)', async () => {
    const request = new HttpRequest({
      method: 'DELETE',
      url: 'https://app.example.net/api/organizations/o1?next=//x',
      headers: { authorization: 'Bearer x' },
      params: { id: 'o1' },
    });
    const response = await serveRoute(route('organizations-delete'), request, () => Promise.resolve());
    expect([response.status, JSON.parse(String(response.body)).error]).toEqual([401, 'UNAUTHORIZED']);
  });
});
