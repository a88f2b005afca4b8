import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { resetConfig } from '../../shared/config';
import { TestHost } from '../helpers/harness';
import type { Person } from '../helpers/fixtures';
import { ensureWebBuild, ROOT } from '../helpers/web-build';

/**
 * Browser tests: Debian's Chromium driven by playwright-core (the library only; no browser download), against the
 * local host serving the built client and the API on one origin. Without a browser, `npm test` says how to enable
 * them and skips; with REQUIRE_BROWSER_TESTS=1 (set by .ci/run) a missing browser fails the run instead.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const required = process.env.REQUIRE_BROWSER_TESTS === '1';

export const describeInBrowser: jest.Describe = (() => {
  if (available) return describe;
  if (required) {
    return ((name: string) =>
      describe(name, () => {
        it('needs Chromium', () => {
          throw new Error(`REQUIRE_BROWSER_TESTS=1 but no browser at ${CHROMIUM} (apt-get install -y chromium)`);
        });
      })) as unknown as jest.Describe;
  }
  return describe.skip; // tests/browser/global-setup.ts (jest globalSetup) says so once per run
})();

export const SCREENSHOTS = join(ROOT, '.artifacts', 'screenshots');
export const PHONE = { width: 375, height: 740 };
export const DESK = { width: 1280, height: 860 };

/** The built client and a fresh host; `env` adds settings (e.g. more SUPER_ADMIN_EMAILS addresses). */
export async function startWorld(env: Record<string, string> = {}) {
  await ensureWebBuild();
  const api = await TestHost.start(env);
  // Login links in the outbox open this host's own client.
  process.env.APP_BASE_URL = api.url;
  resetConfig();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // A fresh temporary profile per launch (playwright's own user-data-dir), nothing from the machine's profile.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  return { api, browser };
}

/** Console errors and uncaught page errors, kept per tab; a test may allow the browser's own "failed to load". */
export interface Tab {
  page: Page;
  context: BrowserContext;
  problems: string[];
  apiCalls: string[];
}

/**
 * `locale` is the browser's language (navigator.languages), which the client speaks when the person chose none;
 * `timezoneId` the device's time zone.
 */
export async function openTab(
  browser: Browser,
  viewport = PHONE,
  locale = 'en-GB',
  timezoneId = 'Europe/Amsterdam',
): Promise<Tab> {
  const context = await browser.newContext({ viewport, locale, timezoneId });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const tab: Tab = { page, context, problems: [], apiCalls: [] };
  page.on('console', (message) => {
    // The resource a "Failed to load resource" names, so a failure says which request it was.
    const where = message.location().url;
    if (message.type() === 'error') tab.problems.push(`console: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => tab.problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) tab.apiCalls.push(`${request.method()} ${url.pathname}`);
  });
  return tab;
}

/**
 * The login page's first step as a person takes it (an English page): the e-mail typed, "Send me a login code"
 * pressed, the confirmation shown. Returns the 6-digit code from the e-mail the host sent.
 */
export async function askForLoginCode(page: Page, api: TestHost, email: string): Promise<string> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a login code' }).click();
  await page.getByText(/We sent a 6-digit code/).waitFor();
  return /code: (\d{6})/.exec(api.lastEmailTo(email)?.text ?? '')?.[1] ?? '';
}

/** Signs a tab in with a token the test already holds (set-up is not the flow under test). */
export async function signIn(tab: Tab, api: TestHost, person: Person, organizationId: string) {
  const payload = JSON.parse(Buffer.from(person.token.split('.')[1], 'base64url').toString('utf8')) as { exp: number };
  await tab.page.goto(`${api.url}/login`);
  await tab.page.evaluate(
    ([session, org]) => {
      const storage = (globalThis as any).localStorage;
      storage.setItem('tickets.session', session);
      storage.setItem('tickets.organizationId', org);
    },
    [
      JSON.stringify({
        token: person.token,
        expiresAt: new Date(payload.exp * 1000).toISOString(),
        userId: person.id,
        email: person.email,
      }),
      organizationId,
    ],
  );
}

/**
 * Goes to a page and waits until nothing on it is loading; returns the milliseconds from the start of the
 * navigation to that moment, as the page's own clock measures it (performance.now()).
 */
export async function visit(tab: Tab, url: string): Promise<number> {
  await tab.page.goto(url);
  await waitSettled(tab.page);
  return Math.round(await tab.page.evaluate(() => (globalThis as any).performance.now() as number));
}

export async function waitSettled(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'), undefined, {
    timeout: 15_000,
  });
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in the page: the serious and critical violations, as "rule: target" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type AxeViolation = { id: string; impact?: string; nodes: { target: string[] }[] };
    const { axe, document } = globalThis as any;
    const result: { violations: AxeViolation[] } = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  return violations;
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

/** The problems so far, less the expected ones (matching `allowed`); the tab starts the next test clean. */
export function unexpected(tab: Tab, allowed: RegExp[] = []): string[] {
  const seen = tab.problems.splice(0);
  return seen.filter((p) => !allowed.some((pattern) => pattern.test(p)));
}
