import { readdirSync, readFileSync } from 'node:fs';
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

  it('compresses text for a client that accepts it, byte for byte the same file', async () => {
    // The application chunk (the entry the page names is below the compression threshold).
    const script = `/assets/${readdirSync(join(WEB_DIST, 'assets')).find((f) => /^boot-.*\.js$/.test(f))}`;
    const original = readFileSync(join(WEB_DIST, script));
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${api.url}${script}`, { headers: { 'accept-encoding': encoding } });
      expect([res.status, res.headers.get('content-encoding'), res.headers.get('vary')]).toEqual([
        200,
        encoding,
        'accept-encoding',
      ]);
      expect(Number(res.headers.get('content-length'))).toBeLessThan(original.length / 2);
      expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
    }
    const plain = await fetch(`${api.url}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(original.length);
  });

  it('serves the service worker and the manifest of the installable app, never cached', async () => {
    const sw = await get('/sw.js');
    expect([sw.status, sw.headers.get('content-type'), sw.headers.get('cache-control')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'no-store',
    ]);
    expect(await sw.text()).toContain('precacheAndRoute');
    const manifest = await get('/manifest.webmanifest');
    expect([manifest.status, manifest.headers.get('content-type'), manifest.headers.get('cache-control')]).toEqual([
      200,
      'application/manifest+json; charset=utf-8',
      'no-store',
    ]);
    expect(await manifest.json()).toMatchObject({ name: 'Tickets', display: 'standalone' });
    const icon = await get('/icons/maskable-512.png');
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/png']);
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
