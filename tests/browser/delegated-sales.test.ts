import type { Browser } from 'playwright-core';
import { openAs, screenshots, tableRows } from '../helpers/browser-pages';
import { setupPartner, type PartnerFixture } from '../helpers/delegations';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import type { TestHost } from '../helpers/harness';
import { resetConfig } from '../../shared/config';
import { axeViolations, describeInBrowser, PHONE, startWorld, unexpected, visit } from './harness';

/**
 * Delegated sales through the pages: the owner's admin invites a selling partner, whose admin accepts from the
 * link; a plain partner member (no role beyond member) reads the delegated event's catalog and requests tickets
 * through self-service on a phone, then follows the request's status in their own list; the partner's ticket
 * manager approves and delivers in one step and reports them sold; the owner's dashboard shows them in the partner
 * channel.
 */
jest.setTimeout(180_000);

describeInBrowser('delegated sales in the browser', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;
  let partner: PartnerFixture;
  let event: any;

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
    partner = await setupPartner(api, f.superToken, { name: 'Riverside Sellers', organizationMode: 'sellingPartner' });
    event = await createEvent(api, f, { name: 'Summer Serenade', venueCapacity: 25 });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('a partner member orders through a delegation and the owner sees the partner channel', async () => {
    // The owner invites the partner by its admin's e-mail.
    const owner = await openAs(browser, api, f.admin, f.orgId, `/admin/delegations?event=${event.id}`);
    await owner.page.getByLabel("Partner admin's e-mail").fill(partner.admin.email);
    await owner.page.getByRole('button', { name: 'Invite to sell' }).click();
    const link = await owner.page.getByRole('link', { name: 'this link' }).getAttribute('href');
    expect(link).toContain('/delegations/accept?token=');
    expect(unexpected(owner)).toEqual([]);

    // The partner admin accepts from the link.
    const url = new URL(link!);
    const admin = await openAs(browser, api, partner.admin, partner.orgId, url.pathname + url.search);
    await admin.page.getByRole('button', { name: 'Accept the invitation' }).click();
    await admin.page.getByText(/Accepted: you now sell for/).waitFor();
    expect(unexpected(admin)).toEqual([]);
    await visit(owner, `${api.url}/admin/delegations?event=${event.id}`);
    expect((await tableRows(owner.page, 'Delegations'))[0].slice(0, 2)).toEqual(['Riverside Sellers', 'active']);
    await screenshots(owner.page, 'owner-delegations');

    // A plain partner member (role member only) orders on a phone from the member catalog: no seat counts, no
    // queue, and the request shows in their own list, waiting for approval.
    const member = await openAs(browser, api, partner.member, partner.orgId, '/partner', PHONE);
    const m = member.page;
    await m.getByRole('heading', { name: /^Summer Serenade for / }).waitFor();
    expect(await m.getByRole('table', { name: 'Seats left per showtime' }).count()).toBe(0);
    expect(await m.getByRole('heading', { name: 'Queue' }).count()).toBe(0);
    await m.getByLabel(/^Adult/).fill('2');
    await m.getByLabel(/^Child/).fill('1');
    await m.getByRole('button', { name: 'Send request' }).click();
    await m.getByText(/Requested 3 tickets/).waitFor();
    await m.getByRole('table', { name: 'Your requests' }).waitFor();
    const requested = await tableRows(m, 'Your requests');
    expect(requested.map((r) => [r[2], r[4]])).toEqual([['3', 'Waiting for approval']]);
    expect(await axeViolations(m)).toEqual([]);
    await screenshots(m, 'partner-self-order');
    expect(member.apiCalls.some((c) => c.includes('/sales-context'))).toBe(false);
    expect(unexpected(member)).toEqual([]);

    // The partner's ticket manager approves and delivers in one step, then reports 2 sold.
    const manager = await openAs(browser, api, partner.ticketManager, partner.orgId, '/partner');
    const t = manager.page;
    await t.getByRole('button', { name: 'Approve and deliver: Pia Partner 3 tickets' }).click();
    const report = t.getByRole('form', { name: 'Report on Pia Partner' });
    await report.waitFor();
    await report.getByLabel('Sold in total').fill('2');
    await report.getByRole('button', { name: 'Report sold' }).click();
    await t.getByRole('cell', { name: '2', exact: true }).first().waitFor();
    expect(await axeViolations(t)).toEqual([]);
    await screenshots(t, 'partner-queue');
    expect(unexpected(manager)).toEqual([]);

    // The member sees the new status of their request.
    await visit(member, `${api.url}/partner`);
    await m.getByRole('table', { name: 'Your requests' }).waitFor();
    expect((await tableRows(m, 'Your requests')).map((r) => r[4])).toEqual(['Delivered to you']);
    expect(unexpected(member)).toEqual([]);

    // The owner's dashboard: the partner channel and the partner organization.
    await visit(owner, `${api.url}/treasurer?event=${event.id}`);
    await owner.page.getByRole('table', { name: 'Partner organizations' }).waitFor();
    const channels = await tableRows(owner.page, 'Tickets per channel');
    expect(channels.find((r) => r[0] === 'Partners')![1]).toBe('2');
    expect((await tableRows(owner.page, 'Partner organizations'))[0].slice(0, 2)).toEqual(['Riverside Sellers', '2']);
    await screenshots(owner.page, 'owner-dashboard-partner-channel');
    expect(unexpected(owner)).toEqual([]);
    for (const tab of [owner, admin, member, manager]) await tab.context.close();
  });

  it('tells a plain member in a sentence when the catalog or member ordering is switched off', async () => {
    // The host runs in this process: the switches are read afresh once the configuration is reset.
    const switched = (env: Record<string, string>) => {
      Object.assign(process.env, env);
      resetConfig();
    };
    try {
      switched({ DELEGATED_MEMBER_CATALOG_ENABLED: 'false' });
      const member = await openAs(browser, api, partner.member, partner.orgId, '/partner', PHONE);
      const m = member.page;
      await m.getByText('Ticket types and showtimes are not shown to members here yet.', { exact: false }).waitFor();
      expect(await m.getByRole('alert').count()).toBe(0);
      // Their own requests stay listed.
      await m.getByRole('table', { name: 'Your requests' }).waitFor();
      expect(await axeViolations(m)).toEqual([]);
      await screenshots(m, 'partner-catalog-off');
      expect(unexpected(member, [/status of 503/])).toEqual([]);

      switched({ DELEGATED_MEMBER_CATALOG_ENABLED: 'true', DELEGATED_MEMBER_ORDERING_ENABLED: 'false' });
      await visit(member, `${api.url}/partner`);
      await m.getByLabel(/^Adult/).fill('1');
      await m.getByRole('button', { name: 'Send request' }).click();
      await m.getByText('Members cannot request tickets for themselves here yet.', { exact: false }).waitFor();
      expect(await m.getByRole('heading', { name: 'Selling for partners' }).count()).toBe(1);
      expect(unexpected(member, [/status of 503/])).toEqual([]);
      await member.context.close();
    } finally {
      switched({ DELEGATED_MEMBER_CATALOG_ENABLED: 'true', DELEGATED_MEMBER_ORDERING_ENABLED: 'true' });
    }
  });
});
