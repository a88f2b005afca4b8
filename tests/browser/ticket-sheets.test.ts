import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { openAs } from '../helpers/browser-pages';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import type { TestHost } from '../helpers/harness';
import { orderApi } from '../helpers/orders';
import { readPdf } from '../helpers/pdf';
import { axeViolations, describeInBrowser, PHONE, shot, startWorld, unexpected, visit } from './harness';

/**
 * Ticket sheets in the browser (issue 34, docs/decisions/web-client-back-office.md "Ticket sheets"): a ticket manager
 * on a phone delivers an order from the queue, then on the delivered page downloads its tickets PDF (fetched with the
 * session's token; its text holds every serial the API lists) and opens the list; the member sees the same serials
 * under "My tickets" and downloads the same tickets; the capacity page prints the whole showtime's stock. Axe clean
 * at 375 px, no console error.
 */
jest.setTimeout(300_000);

describeInBrowser('ticket sheets in the browser', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;
  let event: { id: string; ticketTypes: { id: string }[]; showtimes: { showtimeId: string }[] };
  let orderId: string;

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api, { name: 'Cathedral Choir' });
    event = await createEvent(api, f, {
      showtimes: [{ dateTime: '2027-05-01T18:00:00.000Z', label: 'Evening' }],
    });
    const orders = orderApi(api, f);
    const order = await orders.create(f.member, event, [2, 1]);
    await orders.approve(order.id);
    orderId = order.id;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  const serialsOf = async (person: Person) => {
    const res = await api.get(`orders/${orderId}/tickets`, { token: person.token, query: { organizationId: f.orgId } });
    expect(res.status).toBe(200);
    return (res.body.data.items as { serial: string; status: string }[]).map((i) => i.serial);
  };
  const pdfText = async (page: Page, button: Locator) => {
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    return pdf.pages.map((p) => p.text.join('\n')).join('\n');
  };
  const listed = (scope: Locator) =>
    scope.getByTestId('ticket-serial').evaluateAll((items) => items.map((i) => i.getAttribute('data-serial')));

  it('a ticket manager delivers an order, downloads its tickets PDF and sees its serials', async () => {
    const tab = await openAs(browser, api, f.ticketManager, f.orgId, '/manage', PHONE);
    const { page } = tab;
    const queued = page.locator(`#order-card-${orderId}`);
    await queued.getByRole('button', { name: 'Mark delivered' }).click();
    await page.getByText(/^Delivered 3 tickets to Mia Member/).waitFor();

    const serials = await serialsOf(f.ticketManager);
    expect(serials).toHaveLength(3);

    await visit(tab, `${api.url}/manage/delivered`);
    const card = page.locator(`#order-card-${orderId}`);
    await card.waitFor();
    const text = await pdfText(page, card.getByRole('button', { name: 'Print tickets Mia Member' }));
    for (const serial of serials) expect(text).toContain(serial);

    await card.locator('summary').click();
    await card.getByTestId('ticket-serial').first().waitFor();
    expect(await listed(card)).toEqual(serials);
    await card
      .getByText(/Adult · Issued/)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'ticket-sheets-delivered-375');

    // The whole showtime's stock for a print shop, from the capacity page (its showtimes already listed there).
    await visit(tab, `${api.url}/manage/capacity`);
    const stock = page.getByRole('region', { name: "Print a showtime's tickets" });
    await stock.waitFor();
    const all = await pdfText(page, stock.getByRole('button', { name: "Print the showtime's tickets" }));
    for (const serial of serials) expect(all).toContain(serial);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'ticket-sheets-capacity-375');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('the member sees the same serials under "My tickets" and downloads them', async () => {
    const serials = await serialsOf(f.member);
    expect(serials).toHaveLength(3);
    const tab = await openAs(browser, api, f.member, f.orgId, '/history?tab=delivered', PHONE);
    const { page } = tab;
    const card = page.locator(`#order-card-${orderId}`);
    await card.waitFor();
    await card.locator('summary', { hasText: 'My tickets' }).click();
    await card.getByTestId('ticket-serial').first().waitFor();
    expect(await listed(card)).toEqual(serials);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'ticket-sheets-member-375');

    const text = await pdfText(page, card.getByRole('button', { name: 'Download my tickets (PDF)' }));
    for (const serial of serials) expect(text).toContain(serial);
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });
});
