/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import type { TestHost } from './harness';
import type { Person } from './fixtures';
import { DESK, openTab, PHONE, shot, signIn, visit, type Tab } from '../browser/harness';
import type { Browser } from 'playwright-core';

/**
 * Helpers of the back-office page tests beside the browser harness of tests/browser/harness.ts: a signed-in tab opened on a page, both
 * widths' screenshots of one page, and a captioned table read as text.
 */
export async function openAs(
  browser: Browser,
  api: TestHost,
  person: Person,
  organizationId: string,
  path: string,
  viewport = DESK,
): Promise<Tab> {
  const tab = await openTab(browser, viewport);
  await signIn(tab, api, person, organizationId);
  await visit(tab, `${api.url}${path}`);
  return tab;
}

/** The page at 375 px and 1280 px (`<name>-375.png`, `-1280.png` under .artifacts/screenshots). */
export async function screenshots(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? DESK;
  for (const size of [PHONE, DESK]) {
    await page.setViewportSize(size);
    await shot(page, `${name}-${size.width}`);
  }
  await page.setViewportSize(before);
}

/** Text of each body row of the table with this caption, cells trimmed. */
export async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: caption, exact: true }).first();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td')).map((c) => (c.textContent ?? '').trim())),
    );
}
