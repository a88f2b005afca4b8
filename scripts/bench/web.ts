import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { Member, World } from './world';

/**
 * The web client in the bench (issue 28): the member's home and the manager's queue, loaded in headless Chromium
 * (playwright-core driving /usr/bin/chromium, as tests/browser/harness.ts does) from the bench's own host, which
 * serves web/dist beside the API as `npm start` does. A load's time runs from the start of the navigation to the
 * end of the last API answer the page received before the network went quiet, by the browser's own clock
 * (resource timing: the time before the navigation itself and the driver's messages do not count).
 */
const ROOT = join(__dirname, '..', '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const newest = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
    ),
  );

/**
 * Builds web/dist when it is missing or older than the client's sources (the host reads it at start, so this
 * runs before the host is forked).
 */
export function ensureWebDist(): boolean {
  const index = join(ROOT, 'web', 'dist', 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newest(join(ROOT, 'web', 'src'))) return true;
  try {
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', 'web', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' }, // React's production build
      },
    );
  } catch (error) {
    console.warn('web: build failed', error);
  }
  return existsSync(join(ROOT, 'web', 'dist', 'index.html'));
}

export interface WebLoad {
  name: string;
  loads: number;
  p50: number;
  p95: number;
  apiCalls: number;
  /** The API paths the last measured load asked for, in the order their answers came (issue 36: at most 3). */
  apiPaths: string[];
  /** Why it could not be measured (no browser, no build). */
  skipped?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Puts the session into the client's storage, as tests/browser/harness.ts `signIn` does. */
async function signIn(page: Page, url: string, member: Member, organizationId: string) {
  const payload = JSON.parse(Buffer.from(member.token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
  await page.goto(`${url}/login`);
  const session = JSON.stringify({
    token: member.token,
    expiresAt: new Date(payload.exp * 1000).toISOString(),
    userId: member.id,
    email: `${member.id}@example.org`,
  });
  await page.evaluate(
    ([s, org]) => {
      const storage = (globalThis as { localStorage?: { setItem(k: string, v: string): void } }).localStorage!;
      storage.setItem('tickets.session', s!);
      storage.setItem('tickets.organizationId', org!);
    },
    [session, organizationId],
  );
}

/** `loads` navigations to `path` (after one unmeasured warm-up), each timed to its last API answer. */
async function measurePage(url: string, name: string, path: string, member: Member, orgId: string, loads: number) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, url, member, orgId);
    let lastApi = 0;
    let apiCalls = 0;
    let paths: string[] = [];
    const seen: string[] = [];
    let navigationAt = 0;
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      if (pathname.startsWith('/api/')) {
        lastApi = Date.now();
        apiCalls += 1;
        paths.push(pathname);
      }
    });
    // With BENCH_DEBUG: each API call's start and end after the navigation's start (where a page's time goes).
    page.on('requestfinished', (request) => {
      const u = new URL(request.url());
      const t = request.timing();
      seen.push(`${u.pathname} +${Math.round(t.startTime - navigationAt)} ms, ${Math.round(t.responseEnd)} ms`);
    });
    const times: number[] = [];
    let calls = 0;
    let calledPaths: string[] = [];
    for (let i = 0; i <= loads; i++) {
      lastApi = 0;
      apiCalls = 0;
      paths = [];
      seen.length = 0;
      navigationAt = Date.now();
      await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
      // The page shows its data: a heading and nothing still loading.
      await page.locator('h1').first().waitFor();
      await page.waitForFunction(
        () => !(globalThis as { document?: { querySelector(s: string): unknown } }).document!.querySelector('.loading'),
      );
      if (i === 0) continue; // warm-up: the client's files into the browser's cache, as for a returning visitor
      if (lastApi === 0) throw new Error(`${name}: the page made no API call`);
      // The browser's own clock: the end of the last API answer after the navigation's start (resource timing).
      const end = await page.evaluate(() =>
        Math.max(
          0,
          ...performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/api/'))
            .map((e) => (e as unknown as { responseEnd: number }).responseEnd),
        ),
      );
      times.push(end);
      calls = apiCalls;
      calledPaths = paths;
    }
    if (process.env.BENCH_DEBUG) console.warn(`web: ${name}: the last load's API calls`, seen);
    const sorted = [...times].sort((a, b) => a - b);
    return {
      name,
      loads,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      apiCalls: calls,
      apiPaths: calledPaths,
    };
  } finally {
    await browser.close();
  }
}

/** The member's home (`/`) and the manager's queue (`/manage`) at the seeded size. */
export async function webLoads(url: string, world: World, loads: number, built: boolean): Promise<WebLoad[]> {
  const pages = [
    { name: 'member home', path: '/', member: world.members[0]! },
    { name: 'manager queue', path: '/manage', member: world.ticketManager },
  ];
  const why = !existsSync(CHROMIUM) ? `no browser at ${CHROMIUM}` : !built ? 'web/dist could not be built' : undefined;
  if (why)
    return pages.map((p) => ({ name: p.name, loads: 0, p50: NaN, p95: NaN, apiCalls: 0, apiPaths: [], skipped: why }));
  const results: WebLoad[] = [];
  for (const p of pages) results.push(await measurePage(url, p.name, p.path, p.member, world.orgId, loads));
  return results;
}
