import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestHost } from '../helpers/harness';
import { ensureWebBuild, WEB_DIST } from '../helpers/web-build';

/** The local host serves the built client at `/` and keeps `/api` for the API (scripts/static-files.ts). */
let api: TestHost;

beforeAll(async () => {
  await ensureWebBuild();
  api = await TestHost.start();
}, 120_000);
afterAll(() => api?.close());

const get = (path: string) => fetch(`${api.url}${path}`);

describe('the local host serves the web client', () => {
  it('answers / and any client route with index.html, under a strict CSP and no referrer', async () => {
    const index = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    for (const path of ['/', '/login', '/auth/verify?token=abc', '/join/SOMECODE', '/manage/delivered']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await res.text()).toBe(index);
    }
  });

  it('serves hashed assets for a year and a missing asset as 404, never the HTML shell', async () => {
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(WEB_DIST, 'index.html'), 'utf8'))![1];
    const res = await get(script);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await get('/assets/gone-123.js')).status).toBe(404);
  });

  it('never leaves web/dist', async () => {
    for (const path of [
      '/..%2f..%2fpackage.json',
      '/assets/..%2f..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
    ]) {
      const text = await (await get(path)).text();
      expect(text).not.toContain('"devDependencies"');
    }
  });

  it('leaves /api to the API: an unknown API path is the JSON envelope, not the client', async () => {
    const res = await get('/api/no-such-route');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
    expect((await get('/api/health')).status).toBe(200);
  });
});
