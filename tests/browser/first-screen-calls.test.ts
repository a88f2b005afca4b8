import type { Browser } from 'playwright-core';
import type { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { activeDelegation, setupPartner, type PartnerFixture } from '../helpers/delegations';
import { orderApi } from '../helpers/orders';
import { seedNotifications } from '../helpers/seed';
import {
  DESK,
  describeInBrowser,
  openTab,
  PHONE,
  signIn,
  startWorld,
  unexpected,
  waitSettled,
  type Tab,
} from './harness';

/**
 * Issue 36, "The member's first screen": each load of the member's home and of the manager's queue makes at most
 * three API calls, and shows what it showed with six (the unread badge, the partner link, the seats left, the
 * event filter's choices). Counted on a fresh load and on a reload, each until the network is quiet; the bench's
 * web scenario counts the same (scripts/bench/web.ts).
 */
jest.setTimeout(240_000);

const MAX_CALLS = 3;

describeInBrowser("the first screen's API calls (Chromium)", () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;
  let partner: PartnerFixture;

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
    const q = { organizationId: f.orgId };
    // Quotas on: the member's home also asks for the member's allocation (its worst case).
    const event = await createEvent(api, f, {
      name: 'Spring Concert',
      date: '2099-05-01T19:00:00.000Z',
      enableQuotas: true,
    });
    await createEvent(api, f, { name: 'Autumn Gala', date: '2099-10-01T19:00:00.000Z' });
    const [adult] = event.ticketTypes;
    const allocated = await api.post('allocations', {
      token: f.ticketManager.token,
      query: q,
      body: { eventId: event.id, userId: f.member.id, items: [{ ticketTypeId: adult.id, allocated: 10 }] },
    });
    expect(allocated.status).toBe(201);
    const orders = orderApi(api, f);
    await orders.create(f.member, event, [2, 0]); // pending
    await orders.approve((await orders.create(f.member, event, [1, 0])).id); // approved
    await seedNotifications(f.orgId, [
      { userId: f.member.id, type: 'test', title: 'One', message: 'One' },
      { userId: f.member.id, type: 'test', title: 'Two', message: 'Two' },
    ]);
    // A partner organization that sells the event: its member's shell shows the partner link.
    partner = await setupPartner(api, f.superToken);
    await activeDelegation(api, f, event.id, partner);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  /** A load of `path` (a fresh one, then a reload): the API calls each made until the network was quiet. */
  async function loads(tab: Tab, path: string): Promise<string[][]> {
    const counted: string[][] = [];
    for (const reload of [false, true]) {
      tab.apiCalls.length = 0;
      if (reload) await tab.page.reload();
      else await tab.page.goto(`${api.url}${path}`);
      await waitSettled(tab.page);
      await tab.page.waitForLoadState('networkidle');
      counted.push([...tab.apiCalls]);
    }
    return counted;
  }

  it('the member’s home: at most 3 calls, with the unread badge and the seats left', async () => {
    const tab = await openTab(browser, PHONE);
    await signIn(tab, api, f.member, f.orgId);
    for (const calls of await loads(tab, '/')) {
      expect({ calls, count: calls.length <= MAX_CALLS }).toEqual({ calls, count: true });
      // What the removed calls answered still shows: the count from auth/me, the seats from events-active.
      expect(calls).not.toEqual(expect.arrayContaining(['GET /api/notifications']));
    }
    // The two seeded and the approval's: the count GET /api/notifications gives.
    const list = await api.get('notifications', { token: f.member.token, query: { organizationId: f.orgId } });
    expect(list.body.data.unreadCount).toBe(3);
    await expect(tab.page.locator('.badge').first().innerText()).resolves.toContain('3');
    await expect(tab.page.getByText('100 of 100 left').count()).resolves.toBeGreaterThan(0);
    await expect(tab.page.getByTestId('seats-left').innerText()).resolves.toContain('100');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('the manager’s queue: at most 3 calls, with both lists and every event to filter by', async () => {
    const tab = await openTab(browser, DESK);
    await signIn(tab, api, f.ticketManager, f.orgId);
    for (const calls of await loads(tab, '/manage')) {
      expect({ calls, count: calls.length <= MAX_CALLS }).toEqual({ calls, count: true });
      expect(calls.filter((c) => c === 'GET /api/events')).toEqual([]);
    }
    const options = await tab.page.locator('.event-select option').allInnerTexts();
    expect(options).toEqual([
      expect.any(String), // every event
      expect.stringContaining('Spring Concert'),
      expect.stringContaining('Autumn Gala'),
    ]);
    await expect(tab.page.locator('#pending-title + *').count()).resolves.toBeGreaterThan(0);
    await expect(tab.page.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(1);
    await expect(tab.page.getByRole('button', { name: 'Mark delivered' }).count()).resolves.toBe(1);
    // Choosing an event narrows both lists without another events call.
    tab.apiCalls.length = 0;
    const autumn = await tab.page.locator('.event-select option', { hasText: 'Autumn Gala' }).getAttribute('value');
    await tab.page.locator('.event-select select').selectOption(autumn!);
    await waitSettled(tab.page);
    await tab.page.waitForLoadState('networkidle');
    expect(tab.apiCalls.every((c) => c === 'GET /api/orders')).toBe(true);
    await expect(tab.page.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  /**
   * Issue 33: the member's first screens ask their data from the small entry, beside the application's download
   * (web/src/api/early-answers.ts), not after React has started; the application takes those answers, so each read
   * is still made once. Chromium names the script that sent each request (its initiator).
   */
  it.each([
    // With quotas on, the home also asks for the member's allocation of the event: it needs the event's id first.
    ['the home', '/', ['GET /api/auth/me', 'GET /api/events-active'], ['GET /api/my-allocations'], 'member'],
    ['my orders', '/history?tab=delivered', ['GET /api/auth/me', 'GET /api/me/orders'], [], 'member'],
    ['direct sales', '/sales', ['GET /api/auth/me', 'GET /api/events-active', 'GET /api/me/history'], [], 'member'],
    // Issue 36's web scenario: the manager's queue asks both lists early; an admin's home asks no capability of its
    // own (auth/me carries it).
    ['the queue', '/manage', ['GET /api/auth/me', 'GET /api/orders', 'GET /api/orders'], [], 'ticketManager'],
    ['an admin’s home', '/', ['GET /api/auth/me', 'GET /api/events-active'], ['GET /api/my-allocations'], 'admin'],
  ] as const)(
    '%s: the first reads are sent by the entry, once each, and the page shows them',
    async (_name, path, reads, later, who) => {
      const tab = await openTab(browser, PHONE);
      await signIn(tab, api, f[who], f.orgId);
      const cdp = await tab.context.newCDPSession(tab.page);
      await cdp.send('Network.enable');
      const senders: string[] = [];
      cdp.on('Network.requestWillBeSent', (event) => {
        const url = new URL(event.request.url);
        if (!url.pathname.startsWith('/api/')) return;
        const frames = event.initiator.stack?.callFrames ?? [];
        const script = frames.length > 0 ? new URL(frames[frames.length - 1]!.url).pathname : event.initiator.type;
        // The application is two chunks (its own code and its libraries): a read it sends may start in either.
        const sender = script
          .replace(/-[\w-]+\.js$/, '.js')
          .replace(/^\/assets\/(boot|libraries)\.js$/, 'the application');
        senders.push(`${event.request.method} ${url.pathname} from ${sender}`);
      });
      tab.apiCalls.length = 0;
      await tab.page.goto(`${api.url}${path}`);
      await waitSettled(tab.page);
      await tab.page.waitForLoadState('networkidle');
      expect([...tab.apiCalls].sort()).toEqual([...reads, ...later].sort());
      expect(senders.sort()).toEqual(
        [
          ...reads.map((read) => `${read} from /assets/index.js`),
          ...later.map((read) => `${read} from the application`),
        ].sort(),
      );
      // What the early answers carried is on screen (the same checks as the pages' own tests).
      if (path === '/') await expect(tab.page.getByTestId('seats-left').innerText()).resolves.toContain('100');
      if (path === '/sales') await tab.page.locator('#register-title').waitFor();
      if (path === '/manage') {
        await expect(tab.page.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(1);
        await expect(tab.page.getByRole('button', { name: 'Mark delivered' }).count()).resolves.toBe(1);
      }
      // The member has unread notifications (the badge shows only a count above zero).
      if (who === 'member') await expect(tab.page.locator('.badge').first().innerText()).resolves.toMatch(/\d/);
      expect(unexpected(tab)).toEqual([]);
      await tab.context.close();
    },
  );

  it('a partner organization’s member: at most 3 calls, and the partner link shows', async () => {
    const tab = await openTab(browser, DESK);
    await signIn(tab, api, partner.member, partner.orgId);
    for (const calls of await loads(tab, '/')) {
      expect({ calls, count: calls.length <= MAX_CALLS }).toEqual({ calls, count: true });
      expect(calls.some((c) => c.includes('/delegated-events'))).toBe(false);
    }
    await expect(tab.page.locator('a[href="/partner"]').count()).resolves.toBe(1);
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });
});
