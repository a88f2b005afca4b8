import type { Browser, Page } from 'playwright-core';
import type { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import {
  askForLoginCode,
  axeViolations,
  DESK,
  describeInBrowser,
  openTab,
  PHONE,
  shot,
  signIn,
  startWorld,
  unexpected,
  visit,
} from './harness';

/**
 * Issue 33 in a real browser: the client in the person's language (English and German here, from the browser's
 * language and from the switcher), plurals, money in the organization's currency, and the phone-first layout
 * (bottom tab bar, menu, focus after "Send me a login code", seats left before sending, what a member owes, what
 * Approve and Mark delivered did, charts with nothing sold), at 375 and 1280 px, each page axe-clean.
 */
jest.setTimeout(180_000);

const noAxe = async (page: Page) => expect(await axeViolations(page)).toEqual([]);
/** The page never scrolls sideways (a wide table scrolls inside its own frame). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => {
    const { document, innerWidth } = globalThis as any;
    return document.documentElement.scrollWidth <= innerWidth;
  });

describeInBrowser('languages and the phone layout (Chromium)', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;
  let event: { id: string; name: string; ticketTypes: { id: string; name: string }[] };
  let orders: ReturnType<typeof orderApi>;

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
    const date = new Date(Date.now() - 3_600_000).toISOString(); // began an hour ago: sales are reported
    event = await createEvent(api, f, { name: 'Spring Concert', venueCapacity: 30, date });
    orders = orderApi(api, f);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it("a treasurer at 375 px: the organization's currency, charts with nothing sold say so, no sideways scroll", async () => {
    // Before any money exists the organization may still change its currency; the client formats with it.
    const put = (currency: string) =>
      api.put('organization-settings', {
        token: f.admin.token,
        query: { organizationId: f.orgId },
        body: { currency },
      });
    expect((await put('SEK')).status).toBe(200);
    const tab = await openTab(browser, PHONE);
    await signIn(tab, api, f.treasurer, f.orgId);
    await visit(tab, `${api.url}/treasurer`);
    const page = tab.page;
    await expect(page.locator('dl.figures').textContent()).resolves.toContain('SEK');
    expect((await put('EUR')).status).toBe(200);
    await page.getByText('Nothing sold yet: the chart appears with the first sale.').first().waitFor();
    expect(await page.locator('canvas').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await noAxe(page);
    await shot(page, 'phone-treasurer-nothing-sold-375');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('English at 375 px: after "Send me a login code" the code field has the focus; axe-clean', async () => {
    const tab = await openTab(browser, PHONE, 'en-GB');
    const page = tab.page;
    await page.goto(`${api.url}/login`);
    const code = await askForLoginCode(page, api, f.member.email);
    const focused = await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('autocomplete'));
    expect(focused).toBe('one-time-code');
    await noAxe(page);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Spring Concert' }).waitFor();
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
    f.member.token = await api.login(f.member.email);
  });

  it('a code filled and submitted in one moment (an autofilled one-time code) logs in with that code', async () => {
    // The page's state is a render behind the field here, and TanStack Query takes a new mutationFn only after the
    // next paint: before the login form read the submitted form itself, this sent the empty code of the last render.
    const tab = await openTab(browser, PHONE, 'en-GB');
    const page = tab.page;
    await page.goto(`${api.url}/login`);
    const code = await askForLoginCode(page, api, f.member2.email);
    expect(code).toMatch(/^\d{6}$/);
    await page.evaluate((value) => {
      const { document, HTMLInputElement, Event } = globalThis as any;
      const field = document.querySelector('input[autocomplete="one-time-code"]');
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.form.requestSubmit();
    }, code);
    await page.getByRole('heading', { name: 'Spring Concert' }).waitFor();
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('English at 375 px: tab bar at the bottom, a short header, seats left before sending, then a request', async () => {
    const tab = await openTab(browser, PHONE, 'en-GB');
    await signIn(tab, api, f.member, f.orgId);
    await visit(tab, `${api.url}/`);
    const page = tab.page;
    const header = await page.locator('header.top').boundingBox();
    expect(header!.height).toBeLessThan(120); // was about 390 px of four rows of links
    const tabbar = await page.getByRole('navigation', { name: 'Member' }).boundingBox();
    expect(Math.round(tabbar!.y + tabbar!.height)).toBe(PHONE.height);
    // Everything else waits behind Menu.
    expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();

    await expect(page.getByTestId('seats-left').textContent()).resolves.toContain(
      '30 seats are left for this showtime',
    );
    await page.getByLabel(/^Adult/).fill('40');
    await page.getByText('You are asking for more than that.').waitFor();
    await page.getByLabel(/^Adult/).fill('3');
    await noAxe(page);
    await shot(page, 'phone-member-home-en-375');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Requested 3 tickets.').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('a ticket manager at 1280 px: Approve and Mark delivered say what happened; "across 1 order"', async () => {
    const tab = await openTab(browser, DESK, 'en-GB');
    await signIn(tab, api, f.ticketManager, f.orgId);
    await visit(tab, `${api.url}/manage`);
    const page = tab.page;
    await page
      .locator('article', { hasText: 'Mia Member — 3 tickets' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await page.getByText("Approved Mia Member's request for 3 tickets. It now waits to be handed out.").waitFor();
    await page
      .locator('article', { hasText: 'Mia Member — 3 tickets' })
      .getByRole('button', { name: 'Mark delivered' })
      .click();
    await page.getByText('Delivered 3 tickets to Mia Member. They can now report what they sell.').waitFor();
    await noAxe(page);
    await visit(tab, `${api.url}/manage/delivered`);
    await page.getByText('3 tickets outstanding across 1 order.').waitFor();
    await noAxe(page);
    await shot(page, 'desk-manager-delivered-en-1280');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('German at 375 px (the browser speaks German): the member reads German, owes money in euros, axe-clean', async () => {
    const delivered = await orders.delivered(f.member as never, event, [3, 0]);
    const sold = await orders.reportSold(f.member, delivered.id, {
      soldQuantity: 2,
      soldTypeQuantities: [{ ticketTypeId: event.ticketTypes[0].id, soldQuantity: 2 }],
    });
    expect(sold.status).toBe(200);

    const tab = await openTab(browser, PHONE, 'de-DE');
    await signIn(tab, api, f.member, f.orgId);
    await visit(tab, `${api.url}/`);
    const page = tab.page;
    await page.getByRole('heading', { name: 'Veranstaltung', level: 1 }).waitFor();
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.lang)).toBe('de');
    await page.getByRole('navigation', { name: 'Mitglied' }).getByRole('link', { name: 'Karten' }).waitFor();
    await expect(page.getByTestId('seats-left').textContent()).resolves.toMatch(/Plätze frei/);
    await noAxe(page);
    await shot(page, 'phone-member-home-de-375');

    await visit(tab, `${api.url}/history?tab=delivered`);
    const owed = page.getByTestId('owed');
    // 2 adults sold at €25: sold × price, in the organization's currency (EUR until it says otherwise), German style.
    await expect(owed.textContent()).resolves.toMatch(/^Du schuldest 50,00\s€ für die 2 verkauften Karten\.$/);
    await page.locator(`#order-card-${delivered.id}`).getByText('offen 1').waitFor();
    await noAxe(page);
    await shot(page, 'phone-member-orders-de-375');

    // A refused write: plain German words in front, the code behind "Details".
    await page.route('**/api/orders/*/report-sold*', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        headers: { 'x-correlation-id': 'ref-123' },
        body: JSON.stringify({
          success: false,
          error: 'Conflict',
          errorCode: 'SALES_LOCKED',
          message: 'Sales are locked',
        }),
      }),
    );
    const card = page.locator(`#order-card-${delivered.id}`);
    await card
      .getByRole('group', { name: /Neu verkauft/ })
      .getByLabel(/Adult/)
      .fill('1');
    await card.getByRole('button', { name: '1 verkauft melden' }).click();
    const alert = card.getByRole('alert');
    await alert.getByText('Der Verkauf für diese Veranstaltung ist geschlossen.').waitFor();
    expect(await alert.getByText(/SALES_LOCKED/).isVisible()).toBe(false);
    await alert.getByText('Details').click();
    expect(await alert.getByText(/SALES_LOCKED/).isVisible()).toBe(true);
    await expect(alert.textContent()).resolves.toContain('Referenz ref-123');
    await noAxe(page);
    await page.unroute('**/api/orders/*/report-sold*');

    // The switcher in the menu: the choice wins over the browser's language, and stays after a reload.
    await page.getByRole('button', { name: 'Menü' }).click();
    const saved = page.waitForResponse((r) => r.url().includes('/api/auth/me') && r.request().method() === 'PATCH');
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('heading', { name: 'My orders', level: 1 }).waitFor();
    expect((await saved).status()).toBe(200); // saved to the member: it follows them (German at 1280 px below)
    await page.reload();
    await page.getByRole('heading', { name: 'My orders', level: 1 }).waitFor();
    await expect(page.getByTestId('owed').textContent()).resolves.toMatch(
      /^You owe €50\.00 for the 2 tickets you sold\.$/,
    );
    expect(unexpected(tab, [/status of 409/])).toEqual([]);
    await tab.context.close();
  });

  it("German at 375 px: a member's direct sale says who can change it; the page shows the seats left", async () => {
    const tab = await openTab(browser, PHONE, 'de-DE');
    await signIn(tab, api, f.member2, f.orgId);
    await visit(tab, `${api.url}/sales`);
    const page = tab.page;
    await expect(page.getByTestId('seats-left').textContent()).resolves.toMatch(/Plätze frei/);
    await page.getByLabel(/^Adult/).fill('1');
    await page.getByRole('button', { name: 'Verkauf erfassen' }).click();
    const success = page.getByRole('status').filter({ hasText: '1 Karte erfasst' });
    await success.waitFor();
    const text = (await success.textContent()) ?? '';
    expect(text).toContain('Die Kartenverwaltung kann ihn bis');
    expect(text).not.toContain('Du kannst ihn');
    await page.getByText(/durch die Kartenverwaltung änderbar/).waitFor();
    await noAxe(page);
    await shot(page, 'phone-member-sales-de-375');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('German at 1280 px: the desk layout shows the menu inline, axe-clean', async () => {
    const tab = await openTab(browser, DESK, 'de-DE');
    await signIn(tab, api, f.member, f.orgId);
    // This member chose English above on another device: the choice was saved to them, so it follows them here,
    // over the browser's German; choosing German again here saves that.
    await visit(tab, `${api.url}/stats`);
    const page = tab.page;
    await page.getByRole('heading', { name: 'My stats', level: 1 }).waitFor();
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Meine Zahlen', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Menü' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Abmelden' }).waitFor();
    await noAxe(page);
    await shot(page, 'desk-member-stats-de-1280');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });
});
