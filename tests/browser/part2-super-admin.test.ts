import type { Browser } from 'playwright-core';
import { openAs, screenshots } from '../helpers/browser-part2';
import { createEvent, createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import type { TestHost } from '../helpers/harness';
import { axeViolations, describeInBrowser, startWorld, unexpected } from './harness';

/**
 * A super admin changes organizations' modes in the pages: an organization with no ties becomes a selling
 * partner; one that still owns an event is refused, and the refusal says why and what to do.
 */
jest.setTimeout(180_000);

describeInBrowser('super admin in the browser', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api, { name: 'Cathedral Choir' });
    await createEvent(api, f); // the tie that blocks a downgrade
    await createOrganization(api, f.superToken, { name: 'Market Stall Sellers' });
    // The organization's admin is made a super admin too (the pages open inside an organization).
    const flag = await api.put(`users/${f.admin.id}/super-admin`, {
      token: f.superToken,
      body: { isSuperAdmin: true },
    });
    expect(flag.status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('changes a mode, and sees the downgrade refusal explained', async () => {
    const tab = await openAs(browser, api, f.admin, f.orgId, '/super/organizations');
    const { page } = tab;
    const card = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

    await card('Market Stall Sellers').getByRole('button', { name: 'Make it: Selling partner only' }).click();
    await card('Market Stall Sellers').getByText('Selling partner only ·').waitFor();
    await card('Market Stall Sellers').getByRole('button', { name: 'Make it: Full organization' }).waitFor();

    await card('Cathedral Choir').getByRole('button', { name: 'Make it: Selling partner only' }).click();
    const refusal = card('Cathedral Choir').getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      /Cathedral Choir cannot become a selling partner yet, because it still owns events of its own \(delete them first\)\..*ORG_MODE_DOWNGRADE_BLOCKED/,
    );
    await card('Cathedral Choir').getByText('Full organization ·').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'super-organizations');
    // The refused PUT is the browser's own "failed to load" line; nothing else may be logged.
    expect(unexpected(tab, [/status of 409/])).toEqual([]);

    await page.getByRole('navigation', { name: 'Super admin' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('table', { name: 'Users' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'super-users');
    await tab.context.close();
  });
});
