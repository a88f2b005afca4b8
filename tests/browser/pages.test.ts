import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { ROOT } from '../helpers/web-build';
import {
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
  type Tab,
} from './harness';

/**
 * Every page at phone and desk width, over an organization with data in every state: no serious or critical axe
 * violation, no console error, a fixed small number of API calls, a screenshot, and the load time measured.
 */
jest.setTimeout(240_000);

const MEMBER_PAGES = [
  '/',
  '/history',
  '/history?tab=delivered',
  '/sales',
  '/stats',
  '/pledge',
  '/notifications',
  '/orgs',
];
const MANAGER_PAGES = [
  '/manage',
  '/manage/delivered',
  '/manage/reconcile',
  '/manage/free-tickets',
  '/manage/external',
  '/manage/capacity',
];
/** The most API calls a page may make (the layout's me + notifications, plus the page's own). */
const CALL_BUDGET = 6;

describeInBrowser('every page (Chromium, 375 and 1280 px)', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;
  let invitationCode: string;
  const metrics: { page: string; width: number; loadMs: number; apiCalls: string[] }[] = [];

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
    const q = { organizationId: f.orgId };
    const event = await createEvent(api, f, {
      name: 'Spring Concert',
      date: '2099-05-01T19:00:00.000Z',
      enableQuotas: true,
      showtimes: [
        { dateTime: '2099-05-01T14:00:00.000Z', label: 'Matinee' },
        { dateTime: '2099-05-01T19:00:00.000Z', label: 'Evening' },
      ],
    });
    const [matinee] = event.showtimes;
    const [adult, child] = event.ticketTypes;
    const as = (token: string, method: 'post' | 'put', path: string, body: unknown) =>
      api[method](path, { token, query: q, body }).then((res) => {
        if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.text}`);
        return res.body.data;
      });
    for (const person of [f.member, f.member2]) {
      await as(f.ticketManager.token, 'post', 'allocations', {
        eventId: event.id,
        userId: person.id,
        items: [
          { ticketTypeId: adult.id, allocated: 20 },
          { ticketTypeId: child.id, allocated: 10 },
        ],
      });
    }
    await as(f.admin.token, 'put', `management/events/${event.id}/commitment`, { status: 'open' });
    const orders = orderApi(api, f);
    const extra = { showtimeId: matinee.showtimeId };
    await orders.create(f.member, event, [2, 0], extra); // pending
    await orders.approve((await orders.create(f.member, event, [1, 1], extra)).id); // approved
    const delivered = await orders.delivered(f.member, event, [3, 1], extra);
    await orders.reportSold(f.member, delivered.id, {
      soldQuantity: 1,
      soldTypeQuantities: [{ ticketTypeId: adult.id, soldQuantity: 1 }],
    });
    const settled = await orders.delivered(f.member, event, [2, 0], extra);
    await orders.reportSold(f.member, settled.id, {
      soldQuantity: 2,
      soldTypeQuantities: [{ ticketTypeId: adult.id, soldQuantity: 2 }],
    });
    await as(f.ticketManager.token, 'post', `orders/${settled.id}/approve-reconciliation`, undefined);
    const transferred = await orders.delivered(f.member2, event, [2, 0], extra);
    await as(f.ticketManager.token, 'post', `orders/${transferred.id}/transfer`, {
      toUserId: f.member.id,
      transferRequestId: '0b8e7f1e-64c4-4a0e-a1c1-2d5b0b0f4e21',
      quantity: 1,
    }); // two notifications, one for the member
    await as(f.member.token, 'post', 'registrations', {
      eventId: event.id,
      showtimeId: matinee.showtimeId,
      tickets: [{ ticketTypeId: adult.id, quantity: 2 }],
      buyerName: 'Neighbour',
    });
    await as(f.ticketManager.token, 'post', `events/${event.id}/free-tickets`, {
      showtimeId: matinee.showtimeId,
      ticketTypeId: child.id,
      quantity: 2,
      recipient: 'Press',
    });
    await as(
      f.ticketManager.token,
      'post',
      `management/events/${event.id}/showtimes/${matinee.showtimeId}/external-sales`,
      {
        tickets: [{ ticketTypeId: adult.id, quantity: 5 }],
        source: 'Box office',
      },
    );
    invitationCode = (await as(f.admin.token, 'post', `organizations/${f.orgId}/invitations`, {})).code;
  }, 180_000);

  afterAll(async () => {
    writeFileSync(join(ROOT, '.artifacts', 'page-metrics.json'), JSON.stringify(metrics, null, 2));
    await browser?.close();
    await api?.close();
  });

  async function tour(tab: Tab, paths: string[], width: number, prefix: string) {
    for (const path of paths) {
      tab.apiCalls.length = 0;
      const loadMs = await visit(tab, `${api.url}${path}`);
      await tab.page.waitForLoadState('networkidle');
      const name = `${prefix}-${path.replace(/[/?=&]+/g, '-').replace(/^-|-$/g, '') || 'home'}-${width}`;
      await shot(tab.page, name);
      metrics.push({ page: path, width, loadMs, apiCalls: [...tab.apiCalls] });
      expect({ path, violations: await axeViolations(tab.page) }).toEqual({ path, violations: [] });
      expect({ path, calls: tab.apiCalls.length <= CALL_BUDGET }).toEqual({ path, calls: true });
      expect({ path, blank: (await tab.page.locator('main').innerText()).trim().length === 0 }).toEqual({
        path,
        blank: false,
      });
    }
  }

  it.each([PHONE, DESK])('member pages at %p', async (viewport) => {
    const tab = await openTab(browser, viewport);
    await signIn(tab, api, f.member, f.orgId);
    await tour(tab, MEMBER_PAGES, viewport.width, 'member');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it.each([DESK, PHONE])('ticket manager pages at %p', async (viewport) => {
    const tab = await openTab(browser, viewport);
    await signIn(tab, api, f.ticketManager, f.orgId);
    await tour(tab, MANAGER_PAGES, viewport.width, 'manager');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('the pages without a session: login, an invitation link, a login link without its token', async () => {
    for (const viewport of [PHONE, DESK]) {
      const tab = await openTab(browser, viewport);
      for (const [path, name] of [
        ['/login', 'login'],
        [`/join/${invitationCode}`, 'join'],
        ['/auth/verify', 'verify-no-token'],
      ]) {
        tab.apiCalls.length = 0;
        const loadMs = await visit(tab, `${api.url}${path}`);
        await shot(tab.page, `${name}-${viewport.width}`);
        metrics.push({ page: path, width: viewport.width, loadMs, apiCalls: [...tab.apiCalls] });
        expect({ path, violations: await axeViolations(tab.page) }).toEqual({ path, violations: [] });
      }
      expect(unexpected(tab)).toEqual([]);
      await tab.context.close();
    }
  });

  // Counted, not timed: the work a load costs (its API calls) is what the page controls; how long it takes on a machine shared with the rest of the suite is load's. Its time (navigation start to
  // the seats shown, on a phone) is printed here and measured by the bench (docs/performance.md, "The web client").
  it("the member's home loads with a bounded number of API calls (counted; its time is the bench's)", async () => {
    const tab = await openTab(browser, PHONE);
    await signIn(tab, api, f.member, f.orgId);
    const files: string[] = [];
    tab.page.on('request', (request) => {
      if (['script', 'stylesheet'].includes(request.resourceType())) files.push(new URL(request.url()).pathname);
    });
    tab.apiCalls.length = 0;
    const loadMs = await visit(tab, `${api.url}/`);
    await tab.page.waitForLoadState('networkidle');
    const calls = [...tab.apiCalls];
    await tab.context.close();
    console.log(`member home: ${loadMs} ms, ${calls.length} API calls, ${files.length} script and style files`);
    expect(calls.length).toBeLessThanOrEqual(CALL_BUDGET);
  });
});
