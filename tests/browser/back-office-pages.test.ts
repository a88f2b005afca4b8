import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import type { TestHost } from '../helpers/harness';
import { orderApi } from '../helpers/orders';
import { createSharedEvent } from '../helpers/shared-events/create';
import { ROOT } from '../helpers/web-build';
import {
  axeViolations,
  describeInBrowser,
  DESK,
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
 * Every back-office page (treasurer, admin, super admin, Shared Event, partner) at 375 and 1280 px, with data on it: no serious or critical axe violation, no console error,
 * never blank, and a bounded number of API calls (the layout's four plus the page's own sections). A member who
 * types an admin address reads "not allowed".
 */
jest.setTimeout(300_000);

/** Layout (me, notifications, delegated events, capabilities) plus the page's own calls. */
const CALL_BUDGET: Record<string, number> = { default: 9, shared: 13 };

describeInBrowser('back-office pages (Chromium, 375 and 1280 px)', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;
  let pages: string[];
  const metrics: { page: string; width: number; loadMs: number; apiCalls: string[] }[] = [];

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
    const event = await createEvent(api, f, { name: 'Autumn Gala', enableQuotas: true });
    const orders = orderApi(api, f);
    const allocation = await api.post('allocations', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: {
        eventId: event.id,
        userId: f.member.id,
        items: event.ticketTypes.map((t: { id: string }) => ({ ticketTypeId: t.id, allocated: 5 })),
      },
    });
    expect(allocation.status).toBe(201);
    const delivered = await orders.delivered(f.member, event, [2, 1]);
    await orders.reportSold(f.member, delivered.id, { soldQuantity: 3 });
    await orders.post(`orders/${delivered.id}/approve-reconciliation`, f.ticketManager);
    const pledge = await api.put(`management/events/${event.id}/commitment`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { status: 'open' },
    });
    expect(pledge.status).toBe(200);
    await api.post(`organizations/${f.orgId}/invitations`, { token: f.admin.token, body: {} });
    const se = await createSharedEvent(api, f);
    // The admin is a super admin too, so the super-admin pages open inside the organization.
    await api.put(`users/${f.admin.id}/super-admin`, { token: f.superToken, body: { isSuperAdmin: true } });
    pages = [
      `/treasurer?event=${event.id}`,
      '/treasurer/reports',
      '/admin',
      `/admin/commitment?event=${event.id}`,
      '/admin/members',
      `/admin/archive?event=${event.id}`,
      `/admin/delegations?event=${event.id}`,
      '/shared-events',
      `/shared-events/${se.id}`,
      '/super/organizations',
      '/super/users',
      '/super/impersonation',
    ];
  }, 180_000);

  afterAll(async () => {
    writeFileSync(join(ROOT, '.artifacts', 'page-metrics-back-office.json'), JSON.stringify(metrics, null, 2));
    await browser?.close();
    await api?.close();
  });

  async function tour(tab: Tab, width: number) {
    for (const path of pages) {
      tab.apiCalls.length = 0;
      const loadMs = await visit(tab, `${api.url}${path}`);
      await tab.page.waitForLoadState('networkidle');
      const name = `back-office-page-${path
        .replace(/\?.*$/, '')
        .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, 'one')
        .replace(/[/]+/g, '-')
        .replace(/^-|-$/g, '')}-${width}`;
      await shot(tab.page, name);
      metrics.push({ page: path, width, loadMs, apiCalls: [...tab.apiCalls] });
      const budget = path.startsWith('/shared-events/') ? CALL_BUDGET.shared : CALL_BUDGET.default;
      expect({ path, violations: await axeViolations(tab.page) }).toEqual({ path, violations: [] });
      expect({ path, calls: tab.apiCalls }).toEqual({ path, calls: expect.any(Array) });
      expect({ path, overBudget: tab.apiCalls.length > budget }).toEqual({ path, overBudget: false });
      expect({ path, blank: (await tab.page.locator('main').innerText()).trim().length === 0 }).toEqual({
        path,
        blank: false,
      });
      expect({ path, notAllowed: await tab.page.getByText('Not allowed.').count() }).toEqual({ path, notAllowed: 0 });
    }
  }

  it.each([PHONE, DESK])('admin, treasurer and super-admin pages at %p', async (viewport) => {
    const tab = await openTab(browser, viewport);
    await signIn(tab, api, f.admin, f.orgId);
    await tour(tab, viewport.width);
    if (viewport.width === PHONE.width)
      expect(await tab.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('a member typing an admin address reads "not allowed", with no admin links', async () => {
    const tab = await openTab(browser, PHONE);
    await signIn(tab, api, f.member, f.orgId);
    for (const path of ['/admin/members', '/super/users', '/treasurer/reports']) {
      await visit(tab, `${api.url}${path}`);
      await tab.page.getByText('Not allowed.').waitFor();
    }
    expect(await tab.page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
    expect(await tab.page.getByRole('navigation', { name: 'Super admin' }).count()).toBe(0);
    // The pages are refused before any call: nothing is logged.
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });
});
