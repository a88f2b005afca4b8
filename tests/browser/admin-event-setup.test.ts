import type { Browser } from 'playwright-core';
import { openAs, screenshots } from '../helpers/browser-pages';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import type { TestHost } from '../helpers/harness';
import { axeViolations, describeInBrowser, PHONE, unexpected, visit, startWorld } from './harness';

/** An admin sets up an event in the browser (two showtimes, two ticket types) and a member orders from it. */
jest.setTimeout(180_000);

describeInBrowser('admin events in the browser', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('creates an event with two showtimes and two ticket types, keyboard only, that a member then orders from', async () => {
    const tab = await openAs(browser, api, f.admin, f.orgId, '/admin');
    const { page } = tab;
    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('form', { name: 'New event' });
    await form.getByLabel('Name', { exact: true }).fill('Winter Songs');
    await form.getByLabel('Date', { exact: true }).fill('2027-12-12T19:00');
    await form.getByLabel('Location', { exact: true }).fill('Cathedral');
    await form.getByLabel('Seats per showtime').fill('40');
    await form.getByLabel('Showtime 1 date and time').fill('2027-12-12T15:00');
    await form.getByLabel('Showtime 1 label').fill('Afternoon');
    await form.getByRole('button', { name: 'Add a showtime' }).click();
    await form.getByLabel('Showtime 2 date and time').fill('2027-12-12T20:00');
    await form.getByLabel('Showtime 2 label').fill('Evening');
    await form.getByLabel('Ticket type 1 name').fill('Adult');
    await form.getByLabel('Ticket type 1 price').fill('20');
    // The second ticket type is added and filled from the keyboard alone.
    await form.getByRole('button', { name: 'Add a ticket type' }).focus();
    await page.keyboard.press('Enter');
    await form.getByLabel('Ticket type 2 name').focus();
    await page.keyboard.type('Student');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12.5');
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'admin-event-form');
    await form.getByRole('button', { name: 'Create event' }).focus();
    await page.keyboard.press('Enter');
    const card = page.getByRole('listitem').filter({ hasText: 'Winter Songs' });
    await card.waitFor();
    await card.getByText(/Afternoon.*Evening/).waitFor();
    await card.getByText(/Adult.*Student/).waitFor();

    // Edit with the same call: rename the second showtime; sales stay attached because ids are kept.
    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Showtime 2 label').fill('Late evening');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await card.getByText(/Late evening/).waitFor();
    // Close and reopen sales.
    await card.getByRole('button', { name: 'Close sales' }).click();
    await page.getByRole('heading', { name: 'Winter Songs (sales closed)' }).waitFor();
    await card.getByRole('button', { name: 'Open sales' }).click();
    await page.getByRole('heading', { name: 'Winter Songs', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'admin-events');
    expect(unexpected(tab)).toEqual([]);

    // The member orders from it on a phone.
    const member = await openAs(browser, api, f.member, f.orgId, '/', PHONE);
    const m = member.page;
    await m.getByRole('heading', { name: 'Winter Songs' }).waitFor();
    await m.getByLabel('Showtime').selectOption({ label: await optionLabel(m, 'Late evening') });
    await m.getByLabel(/^Adult/).fill('2');
    await m.getByLabel(/^Student/).fill('1');
    await m.getByRole('button', { name: 'Send request' }).click();
    await m.getByText('Requested 3 tickets').waitFor();
    expect(unexpected(member)).toEqual([]);

    const orders = await api.get('orders', { token: f.admin.token, query: { organizationId: f.orgId } });
    expect(orders.body.data.items).toHaveLength(1);
    const order = orders.body.data.items[0];
    expect(order.showtimeLabel).toBe('Late evening');
    expect(order.tickets.map((t: any) => [t.ticketTypeName, t.quantity, t.unitPrice])).toEqual([
      ['Adult', 2, 20],
      ['Student', 1, 12.5],
    ]);
    await visit(tab, `${api.url}/admin`);
    await member.context.close();
    await tab.context.close();
  });
});

async function optionLabel(page: import('playwright-core').Page, text: string) {
  const labels = await page.getByLabel('Showtime').locator('option').allTextContents();
  return labels.find((l) => l.includes(text))!;
}
