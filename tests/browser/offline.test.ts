import type { Browser, Page, Request } from 'playwright-core';
import type { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { describeInBrowser, PHONE, signIn, startWorld, unexpected, visit, waitSettled, type Tab } from './harness';

/**
 * Safe on a bad connection (issue 33; docs/decisions/web-client-offline.md): a lost answer and a retry write once,
 * a report sold made offline survives a reload and is sent once when the connection returns, a refused queued
 * write is shown with the API's reason, and the built client is an installable progressive web app.
 */
jest.setTimeout(120_000);

type EventFixture = { id: string; name: string; ticketTypes: { id: string; name: string }[] };

describeInBrowser('web client on a bad connection (Chromium)', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;
  let event: EventFixture;
  let orders: ReturnType<typeof orderApi>;

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
    const date = new Date(Date.now() - 3_600_000).toISOString();
    event = await createEvent(api, f, { name: 'Foyer Evening', venueCapacity: 60, date });
    orders = orderApi(api, f);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  /** A phone tab; `serviceWorkers: 'block'` where the test intercepts the page's own requests. */
  async function phone(person: Person, serviceWorkers: 'allow' | 'block'): Promise<Tab> {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB', serviceWorkers });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const tab: Tab = { page, context, problems: [], apiCalls: [] };
    page.on('console', (m) => m.type() === 'error' && tab.problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => tab.problems.push(`page error: ${e.message}`));
    await signIn(tab, api, person, f.orgId);
    return tab;
  }

  /** Lets the first POST to `path` reach the API and be handled, then drops its answer (a lost connection). */
  async function loseFirstAnswer(page: Page, path: RegExp) {
    const keys: string[] = [];
    let dropped = false;
    await page.route(path, async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      keys.push((await request.headerValue('idempotency-key')) ?? '');
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch(); // the API handles it ...
      await route.abort('connectionreset'); // ... and the phone never hears back
    });
    return keys;
  }

  const myItems = async (who: Person, kind: 'order' | 'registration') => {
    const path = kind === 'order' ? 'me/orders' : 'me/history';
    const res = await api.get(path, { token: who.token, query: { organizationId: f.orgId } });
    const items = res.body.data.items as { kind?: string; totalQuantity: number }[];
    return kind === 'order' ? items : items.filter((i) => i.kind === 'registration');
  };

  it('a ticket request whose answer was lost, sent again, makes one order', async () => {
    const tab = await phone(f.member, 'block');
    const { page } = tab;
    const keys = await loseFirstAnswer(page, /\/api\/orders\?/);
    await visit(tab, `${api.url}/`);
    await page.getByLabel(/^Adult/).fill('2');
    await page.getByRole('button', { name: 'Send request' }).click();
    // No answer: kept on the phone with its key, not an error.
    await page.getByText('Waiting to send.').waitFor();
    await page.locator('.pending-item', { hasText: 'Ticket request: 2 tickets for Foyer Evening' }).waitFor();
    expect(await myItems(f.member, 'order')).toHaveLength(1); // the API did write it

    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Requested 2 tickets').waitFor();
    await page.locator('.pending-item').waitFor({ state: 'detached' });
    const mine = await myItems(f.member, 'order');
    expect(mine.map((o) => o.totalQuantity)).toEqual([2]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(unexpected(tab, [/Failed to load resource/])).toEqual([]);
    await tab.context.close();
  });

  it('a direct sale whose answer was lost, retried after a reload, makes one registration', async () => {
    const tab = await phone(f.member2, 'block');
    const { page } = tab;
    const keys = await loseFirstAnswer(page, /\/api\/registrations\?/);
    await visit(tab, `${api.url}/sales`);
    const form = page.getByRole('form', { name: /Register a sale/ });
    await form.getByLabel(/^Adult/).fill('3');
    await page.getByRole('button', { name: 'Register sale' }).click();
    await page.getByText('Waiting to send.').waitFor();
    expect(await myItems(f.member2, 'registration')).toHaveLength(1);

    // A reload keeps the pending sale and its key, and sends it again on load, under the same key.
    await page.reload();
    await waitSettled(page);
    await page.locator('.pending-item').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: /^3 tickets/ }).waitFor();
    expect((await myItems(f.member2, 'registration')).map((r) => r.totalQuantity)).toEqual([3]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(unexpected(tab, [/Failed to load resource/])).toEqual([]);
    await tab.context.close();
  });

  it('a page whose code does not arrive says so in plain words, and opens once the connection is back', async () => {
    const tab = await phone(f.member, 'block');
    const { page } = tab;
    await visit(tab, `${api.url}/`);
    let blocked = true;
    await page.route(/\/assets\/StatsPage-[^/]+\.js$/, (route) =>
      blocked ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('link', { name: 'My stats' }).first().click();
    const notice = page.getByRole('alert');
    await notice.getByText('The service could not be reached. Check the connection and try again.').waitFor();
    expect(await notice.textContent()).not.toMatch(/dynamically imported module|assets\//);
    await notice.getByText('Details').click();
    await notice.getByText(/NETWORK_ERROR/).waitFor();

    blocked = false;
    await page.reload();
    await waitSettled(page);
    await page.getByRole('heading', { name: 'My stats' }).waitFor();
    expect(unexpected(tab, [/Failed to load resource|ERR_INTERNET_DISCONNECTED|dynamically imported module/])).toEqual(
      [],
    );
    await tab.context.close();
  });

  /** A delivered order of `person` with `adults` Adult tickets, and the phone's service worker ready. */
  async function deliveredAndReady(tab: Tab, person: Person, adults: number) {
    const order = await orders.delivered(person, event, [adults, 0]);
    await visit(tab, `${api.url}/history?tab=delivered`);
    await tab.page.evaluate(async () => {
      await (globalThis as any).navigator.serviceWorker.ready;
    });
    // Once the worker controls the page, this load's answers are kept for offline use.
    await tab.page.reload();
    await waitSettled(tab.page);
    await tab.page.waitForFunction(() => Boolean((globalThis as any).navigator.serviceWorker.controller));
    return order as { id: string };
  }

  const orderCard = (page: Page) => page.locator('article', { hasText: 'Foyer Evening' }).first();

  it('a report sold made offline survives a reload and is sent once when the connection returns', async () => {
    const tab = await phone(f.ticketManager, 'allow');
    const { page } = tab;
    const order = await deliveredAndReady(tab, f.ticketManager, 4);
    const sent: Request[] = [];
    page.on('requestfinished', (r) => r.url().includes('/report-sold') && sent.push(r));

    await tab.context.setOffline(true);
    const card = orderCard(page);
    await card
      .getByRole('group', { name: /Newly sold/ })
      .getByLabel(/Adult/)
      .fill('2');
    await card.getByRole('button', { name: 'Report 2 sold' }).click();
    await page.getByText('Waiting to send.').waitFor();

    // Offline reload: the shell and the last data load come from the service worker; the report still waits.
    await page.reload();
    await waitSettled(page);
    await page.getByRole('heading', { name: 'My orders' }).waitFor();
    await orderCard(page).getByText('outstanding 4').waitFor();
    const pending = page.locator('.pending-item', { hasText: 'Report 2 sold on Foyer Evening' });
    await pending.getByText('Waiting to send').waitFor();
    expect((await orders.get(order.id)).soldQuantity ?? 0).toBe(0);

    // Sent on the 'online' event, or (Chromium's offline emulation does not always fire it after a reload made
    // offline) by the retry that follows a failed try within seconds.
    await tab.context.setOffline(false);
    await pending.waitFor({ state: 'detached', timeout: 45_000 });
    await orderCard(page).getByText('outstanding 2').waitFor();
    const saved = await orders.get(order.id);
    expect(saved.soldQuantity).toBe(2);
    expect(sent).toHaveLength(1);
    expect((await sent[0].response())?.status()).toBe(200);
    expect(unexpected(tab, [/Failed to load resource|ERR_INTERNET_DISCONNECTED/])).toEqual([]);
    await tab.context.close();
  });

  it('a queued report the API refuses is shown as failed with its reason', async () => {
    const tab = await phone(f.member, 'allow');
    const { page } = tab;
    const order = await deliveredAndReady(tab, f.member, 3);
    await tab.context.setOffline(true);
    const card = orderCard(page);
    await card
      .getByRole('group', { name: /Newly sold/ })
      .getByLabel(/Adult/)
      .fill('3');
    await card.getByRole('button', { name: 'Report 3 sold' }).click();
    await page.getByText('Waiting to send.').waitFor();
    // Meanwhile the ticket manager takes two back: three sold no longer fits.
    orders.expectStatus(
      await orders.ret(f.ticketManager, order.id, { returnQuantity: 2 }),
      200,
      'return while the member is offline',
    );

    await tab.context.setOffline(false);
    const failed = page.locator('.pending-item.failed', { hasText: 'Report 3 sold on Foyer Evening' });
    await failed.getByText('soldQuantity cannot exceed ordered minus returned (1)').waitFor();
    expect((await orders.get(order.id)).soldQuantity ?? 0).toBe(0);
    await failed.getByRole('button', { name: 'Dismiss' }).click();
    await failed.waitFor({ state: 'detached' });
    expect(unexpected(tab, [/Failed to load resource|ERR_INTERNET_DISCONNECTED/])).toEqual([]);
    await tab.context.close();
  });

  it('the built client is installable: a valid manifest, its icons and a registered service worker', async () => {
    const manifestRes = await fetch(`${api.url}/manifest.webmanifest`);
    expect(manifestRes.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestRes.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Tickets', start_url: '/', display: 'standalone' });
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['192x192', 'maskable'],
      ['512x512', 'maskable'],
    ]) {
      const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
      expect(icon).toBeDefined();
      const res = await fetch(`${api.url}${icon!.src}`);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
    }
    const sw = await fetch(`${api.url}/sw.js`);
    expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-store');

    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${api.url}/login`);
    const scriptURL = await page.evaluate(async () => {
      const registration = await (globalThis as any).navigator.serviceWorker.ready;
      return registration.active.scriptURL as string;
    });
    expect(scriptURL).toBe(`${api.url}/sw.js`);
    // Chromium's own installability check (the one behind "Install app").
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito profiles, where Chromium never offers to install; nothing else may fail.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    await context.close();
  });
});
