import type { Browser } from 'playwright-core';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import type { TestHost } from '../helpers/harness';
import { orderApi } from '../helpers/orders';
import { axeViolations, describeInBrowser, openTab, signIn, startWorld, unexpected, visit, DESK } from './harness';

/**
 * A ticket manager's order lists show every event or the one chosen: the choice is the list call's own eventId
 * filter (one paged call per list), kept in the URL across a reload.
 */
jest.setTimeout(180_000);

describeInBrowser('manager order lists by event', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;
  let spring: { id: string; name: string; ticketTypes: { id: string }[] };

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    spring = await createEvent(api, f, { name: 'Spring Concert', date: inDays(20) });
    const winter = await createEvent(api, f, { name: 'Winter Concert', date: inDays(40) });
    const orders = orderApi(api, f);
    await orders.create(f.member, spring);
    await orders.create(f.member2, winter);
    const delivered = await orders.delivered(f.member2, spring, [1, 0]);
    expect(delivered.status).toBe('delivered');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('the queue shows every event, then only the chosen one, and keeps the choice across a reload', async () => {
    const tab = await openTab(browser, DESK);
    const { page } = tab;
    await signIn(tab, api, f.ticketManager, f.orgId);
    await visit(tab, `${api.url}/manage`);
    const waiting = page.getByRole('region', { name: 'Waiting for approval (oldest first)' });
    await waiting.getByText(/^Mia Member — /).waitFor();
    await waiting.getByText(/^Max Member — /).waitFor();

    const filtered = page.waitForRequest(
      (r) => r.url().includes('/api/orders?') && new URL(r.url()).searchParams.get('eventId') === spring.id,
    );
    const choice = page.getByRole('combobox', { name: 'Event' });
    expect(await choice.locator('option').allTextContents()).toEqual([
      'All events',
      expect.stringMatching(/^Spring Concert \(/),
      expect.stringMatching(/^Winter Concert \(/),
    ]);
    await choice.selectOption({ value: spring.id });
    await filtered;
    await waiting.getByText(/^Max Member — /).waitFor({ state: 'detached' });
    await waiting.getByText(/^Mia Member — /).waitFor();
    expect(new URL(page.url()).searchParams.get('event')).toBe(spring.id);

    tab.apiCalls.length = 0;
    await page.reload();
    await waiting.getByText(/^Mia Member — /).waitFor();
    expect(await waiting.getByText(/^Max Member — /).count()).toBe(0);
    // One paged call per list (pending, approved), whatever the choice.
    expect(tab.apiCalls.filter((c) => c === 'GET /api/orders')).toHaveLength(2);
    expect(await axeViolations(page)).toEqual([]);

    // The delivered list takes the same choice from the link; "All events" lifts it.
    await visit(tab, `${api.url}/manage/delivered?event=${spring.id}`);
    await page.getByText(/^Max Member — /).waitFor();
    await page.getByRole('combobox', { name: 'Event' }).selectOption({ label: 'All events' });
    await page.waitForURL((url) => !url.searchParams.has('event'));
    await page.getByText(/^Max Member — /).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });
});
