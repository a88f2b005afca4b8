import type { Browser } from 'playwright-core';
import { openAs, screenshots, tableRows } from '../helpers/browser-pages';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import type { TestHost } from '../helpers/harness';
import { participantOrganizations, sellOnProjection, type Participant } from '../helpers/shared-events/capacity';
import { createSharedEvent } from '../helpers/shared-events/create';
import { axeViolations, describeInBrowser, startWorld, unexpected, visit } from './harness';

/**
 * Two organizations run a pooled Shared Event through the pages: the organizer creates it and sends an invitation
 * link, whose recipient accepts it from the link; the organizer opens it (the consequence is stated first); each sells;
 * both dashboards show the pool's remaining seats, which count both organizations' sales.
 */
jest.setTimeout(180_000);

describeInBrowser('a pooled Shared Event in the browser', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;
  let choirB: Participant;

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
    [choirB] = await participantOrganizations(api, f, ['Harbour Singers']);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('is created, accepted, opened, sold by both, and both dashboards show the pool remaining', async () => {
    const organizer = await openAs(browser, api, f.admin, f.orgId, '/shared-events');
    const o = organizer.page;
    await o.getByRole('button', { name: 'New Shared Event' }).click();
    const form = o.getByRole('form', { name: 'New Shared Event' });
    await form.getByLabel('Name', { exact: true }).fill('Harbour Festival');
    await form.getByLabel('Date', { exact: true }).fill('2027-07-01T18:00');
    await form.getByLabel('Seats per showtime (pool)').fill('50');
    await form.getByLabel('Shared showtime 1 date and time').fill('2027-07-01T19:00');
    await form.getByLabel('Shared ticket type 1 name').fill('Adult');
    await form.getByLabel('Shared ticket type 1 price').fill('30');
    await form.getByRole('button', { name: 'Create Shared Event' }).click();
    await o.getByRole('heading', { name: 'Harbour Festival', level: 1 }).waitFor();
    const sharedEventId = new URL(o.url()).pathname.split('/').pop()!;

    // An invitation link for the other organization's admin; they open it and accept for their organization.
    await o.getByLabel("Send to an admin's e-mail (optional)").fill(choirB.admin.email);
    await o.getByRole('button', { name: 'Create invitation link' }).click();
    const link = await o.getByText('Share this link now').getByRole('link').getAttribute('href');
    expect(link).toContain('/shared-events/invitations/accept?token=');
    const guest = await openAs(
      browser,
      api,
      choirB.admin,
      choirB.orgId,
      new URL(link!).pathname + new URL(link!).search,
    );
    await guest.page.getByText('Harbour Festival', { exact: true }).waitFor();
    await guest.page.getByRole('button', { name: 'Accept the invitation' }).click();
    await guest.page.getByText('Harbour Festival joined.').waitFor();
    expect(unexpected(guest)).toEqual([]);

    // The organizer opens it; the consequence is said before the confirmation.
    await visit(organizer, `${api.url}/shared-events/${sharedEventId}`);
    await o.getByRole('button', { name: 'Open for sales…' }).click();
    await o.getByText('Every active organization can sell from now on.').waitFor();
    await o.getByRole('button', { name: 'Yes, open for sales' }).click();
    await o.getByText(/^Open for sales ·/).waitFor();
    expect(await axeViolations(o)).toEqual([]);
    await screenshots(o, 'shared-event');
    // The cancellation's consequences are stated before confirming (and not confirmed here).
    await o.getByRole('button', { name: 'Cancel the event…' }).click();
    await o.getByText(/every seat committed is returned/).waitFor();
    await o.getByRole('button', { name: 'No', exact: true }).click();

    // Each organization sells on its own projection: 3 + 4 seats from the pool of 50.
    const se = (
      await api.get(`shared-events/${sharedEventId}`, { token: f.admin.token, query: { organizationId: f.orgId } })
    ).body.data;
    expect((await sellOnProjection(api, { orgId: f.orgId, token: f.admin.token }, se, 3)).status).toBe(201);
    expect((await sellOnProjection(api, { orgId: choirB.orgId, token: choirB.admin.token }, se, 4)).status).toBe(201);

    for (const [tab, ownSold] of [
      [organizer, '3'],
      [guest, '4'],
    ] as const) {
      await visit(tab, `${api.url}/treasurer?event=se-${sharedEventId}`);
      await tab.page.getByRole('table', { name: 'Pool seats remaining' }).waitFor();
      const pool = await tableRows(tab.page, 'Pool seats remaining');
      expect(pool.map((r) => r.slice(1))).toEqual([['50', '7', '43']]);
      const own = await tableRows(tab.page, 'Sales per showtime');
      expect(own[0][4]).toBe(ownSold); // the organization's own sales
      expect(await axeViolations(tab.page)).toEqual([]);
      expect(unexpected(tab)).toEqual([]);
    }
    await screenshots(guest.page, 'shared-event-pool-dashboard');
    await organizer.context.close();
    await guest.context.close();
  });

  it('an admin accepts a link invitation from the pending list, and declines a roster invitation on its page', async () => {
    const byLink = await createSharedEvent(api, f, { name: 'Lighthouse Gala' });
    const link = await api.post(`shared-events/${byLink.id}/invitation-links`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { email: choirB.admin.email },
    });
    expect(link.status).toBe(201);
    await createSharedEvent(api, f, { name: 'Dockside Evening', invitedOrganizationIds: [choirB.orgId] });

    const tab = await openAs(browser, api, choirB.admin, choirB.orgId, '/shared-events/pending-invitations');
    const { page } = tab;
    await page.getByRole('button', { name: 'Accept Lighthouse Gala' }).click();
    await page.getByText('Joined Lighthouse Gala').waitFor();
    await page.getByText('No invitation is waiting.').waitFor();

    await page.getByRole('link', { name: 'Dockside Evening' }).click();
    await page.getByRole('button', { name: 'Decline for Harbour Singers' }).click();
    await page.getByText('Harbour Singers declined Dockside Evening.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/shared-events');
    expect(await axeViolations(page)).toEqual([]);
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });
});
