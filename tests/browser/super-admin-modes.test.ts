import type { Browser } from 'playwright-core';
import { openAs, screenshots } from '../helpers/browser-pages';
import { createEvent, createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { SUPER_ADMIN_EMAIL, type TestHost } from '../helpers/harness';
import { axeViolations, describeInBrowser, openTab, startWorld, unexpected } from './harness';

/**
 * A super admin changes organizations' modes in the pages: an organization with no ties becomes a selling
 * partner; one that still owns an event is refused, and the refusal says why and what to do.
 */
jest.setTimeout(180_000);

/** A second super admin who has never logged in and belongs to no organization. */
const NEW_SUPER_ADMIN = 'night-shift-root@example.org';

describeInBrowser('super admin in the browser', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;

  beforeAll(async () => {
    ({ api, browser } = await startWorld({ SUPER_ADMIN_EMAILS: `${SUPER_ADMIN_EMAIL},${NEW_SUPER_ADMIN}` }));
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

  it('a super admin of no organization logs in, lands on Organizations and creates one', async () => {
    const tab = await openTab(browser);
    const { page } = tab;
    await page.goto(`${api.url}/`);
    await page.waitForURL(/\/login/);
    await page.getByLabel('E-mail address').fill(NEW_SUPER_ADMIN);
    await page.getByRole('button', { name: 'Send me a login code' }).click();
    await page.getByText(/We sent a 6-digit code/).waitFor();
    const code = /code: (\d{6})/.exec(api.lastEmailTo(NEW_SUPER_ADMIN)?.text ?? '')?.[1] ?? '';
    await page.getByLabel('Login code').fill(code);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/super/organizations');
    await page.getByText('No organization chosen').waitFor();
    // Only what needs no organization: no member pages, no notifications, no picker with nothing to pick.
    expect(await page.getByRole('navigation', { name: 'Member' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Notifications' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /organization$/ }).count()).toBe(0);

    const form = page.getByRole('form', { name: 'New organization' });
    await form.getByLabel('Name').fill('Harbour Singers');
    await form.getByRole('button', { name: 'Create organization' }).click();
    await form.getByText('Created Harbour Singers.').waitFor();
    await page.getByRole('heading', { name: 'Harbour Singers', exact: true }).waitFor();
    const listed = await api.get('organizations', { token: f.superToken, query: { limit: 50 } });
    expect(listed.status).toBe(200);
    expect(listed.body.data.items.map((o: { name: string }) => o.name)).toContain('Harbour Singers');
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'super-no-organization');

    // The other super-admin pages open too, and a page that needs an organization leads back here.
    // On a phone the area links wait behind Menu, which closes again after each move.
    const nav = page.getByRole('navigation', { name: 'Super admin' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('table', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('link', { name: 'Impersonation audit' }).click();
    await page.getByRole('heading', { name: /Impersonation/, level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${api.url}/history`);
    await page.waitForURL(/\/super\/organizations$/);
    await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
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
  it('a name typed and submitted in one moment (a paste and Enter) creates the organization with that name', async () => {
    // The form's state is a render behind the field here, and TanStack Query takes a new mutationFn only after the
    // next paint: before useSuperAction kept the latest write (data/current-mutation.ts), this sent the name of the
    // last render (empty: a 400 the page showed), not the one submitted.
    const tab = await openAs(browser, api, f.admin, f.orgId, '/super/organizations');
    const { page } = tab;
    const form = page.getByRole('form', { name: 'New organization' });
    await form.getByLabel('Name').waitFor();
    await page.evaluate(() => {
      const { document, HTMLInputElement, Event } = globalThis as any;
      const field = document.querySelector('form[aria-label="New organization"] input');
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, 'Quayside Quartet');
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.form.requestSubmit();
    });
    await form.getByText('Created Quayside Quartet.').waitFor();
    const listed = await api.get('organizations', { token: f.superToken, query: { limit: 50 } });
    expect(listed.body.data.items.map((o: { name: string }) => o.name)).toContain('Quayside Quartet');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });
});
