/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { TestHost } from './harness';
import { ROOT } from './web-build';

/**
 * Part 2's browser harness: one headless Chromium per test file (Debian's /usr/bin/chromium), a tab per person
 * signed in by putting the API-issued session where the client keeps it, console errors collected, axe-core run
 * in the page, screenshots at both widths under the gitignored .artifacts/ folder.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(ROOT, '.artifacts', 'screenshots', 'part2');
export const WIDTHS = { phone: { width: 375, height: 800 }, desk: { width: 1280, height: 900 } } as const;

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}

export interface Tab {
  page: Page;
  consoleErrors: string[];
  close: () => Promise<void>;
}

/** A signed-in tab: the session (token from the API's own login) and the chosen organization in localStorage. */
export async function openAs(
  browser: Browser,
  api: TestHost,
  person: { id: string; email: string; token: string },
  organizationId: string,
  path: string,
  viewport: { width: number; height: number } = WIDTHS.desk,
): Promise<Tab> {
  const context = await browser.newContext({ viewport, acceptDownloads: true, bypassCSP: true });
  const session = {
    token: person.token,
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    userId: person.id,
    email: person.email,
  };
  await context.addInitScript(
    ([s, org]) => {
      localStorage.setItem('tickets.session', s);
      localStorage.setItem('tickets.organizationId', org);
    },
    [JSON.stringify(session), organizationId] as const,
  );
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.goto(`${api.url}${path}`);
  return { page, consoleErrors, close: () => context.close() };
}

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it stands (ids and the first target of each). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n: any) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
  return violations;
}

/** The page at 375 px and 1280 px as PNGs; also checks the phone width does not scroll sideways. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDTHS.desk);
}

/** Text of each row of a captioned table, cells trimmed. */
export async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.locator('table', { has: page.locator('caption', { hasText: caption }) }).first();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td')).map((c) => (c.textContent ?? '').trim())),
    );
}
