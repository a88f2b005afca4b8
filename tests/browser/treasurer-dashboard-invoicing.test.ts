import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { openAs, screenshots, tableRows } from '../helpers/browser-pages';
import { axeViolations, describeInBrowser, PHONE, startWorld, unexpected } from './harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import type { TestHost } from '../helpers/harness';
import { orderApi } from '../helpers/orders';
import { injectStoreFault } from '../helpers/seed';

/**
 * The treasurer in a real browser: the dashboard's charts and tables, invoicing a member (first a real 207 from the
 * server, its store made to refuse one record's write, shown record by record; then the retry), and the Excel
 * export, which is opened with exceljs and must say what the screen says.
 */
jest.setTimeout(180_000);
let api: TestHost;
let f: OrgFixture;
let browser: Browser;
let event: any;
let miaSecondOrderId: string;

describeInBrowser('treasurer dashboard in the browser', () => {
  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
    event = await createEvent(api, f, {
      name: 'Autumn Gala',
      venueCapacity: 30,
      showtimes: [
        { dateTime: '2027-10-01T14:00:00.000Z', label: 'Matinee' },
        { dateTime: '2027-10-01T19:00:00.000Z', label: 'Evening' },
      ],
    });
    const orders = orderApi(api, f);
    const [s1, s2] = event.showtimes.map((s: any) => s.showtimeId);
    await orders.settledAllSold(f.member, event, [2, 1], { showtimeId: s1 });
    // Mia's second settled order: the one whose invoice write is made to fail once (a 207 from the real server).
    const second = await orders.delivered(f.member, event, [1, 0], { showtimeId: s2 });
    await orders.reportSold(f.member, second.id, { soldQuantity: 1 });
    await orders.expectStatus(
      await orders.post(`orders/${second.id}/approve-reconciliation`, f.ticketManager),
      200,
      'settle',
    );
    miaSecondOrderId = second.id;
    const max = await orders.delivered(f.member2, event, [1, 0], { showtimeId: s2 });
    await orders.reportSold(f.member2, max.id, { soldQuantity: 1 });
  }, 180_000);
  afterAll(async () => {
    injectStoreFault(undefined);
    await browser?.close();
    await api?.close();
  });

  it('invoices a member and downloads the Excel file, which equals the dashboard on screen', async () => {
    const tab = await openAs(browser, api, f.treasurer, f.orgId, `/treasurer?event=${event.id}`);
    const { page } = tab;
    await page.getByRole('heading', { name: 'Event dashboard' }).waitFor();
    await page.getByRole('table', { name: 'Sales and invoicing per member' }).waitFor();

    // Invoice Mia (settled, ready to invoice); Max's order is not settled yet, so nothing to issue.
    let members = await tableRows(page, 'Sales and invoicing per member');
    const miaRow = members.find((r) => r[0] === 'Mia Member')!;
    expect(miaRow[3]).toBe('Ready to invoice');
    // The store refuses the write of one of Mia's orders (as a concurrent change would): 207, shown record by record.
    injectStoreFault((op) => (op.kind === 'replace' && op.id === miaSecondOrderId ? 412 : false));
    await page.getByRole('button', { name: 'Issue invoice to Mia Member' }).click();
    await page.getByText('Invoice issued for Mia Member: partly done (HTTP 207).').waitFor();
    const notChanged = page.getByRole('list', { name: 'Records not changed' });
    expect(await notChanged.textContent()).toBe(
      `order ${miaSecondOrderId}: conflict (changed by someone else meanwhile; try again)`,
    );
    await page
      .getByRole('row', { name: /Mia Member/ })
      .getByRole('cell', { name: 'Partly invoiced', exact: true })
      .waitFor();
    injectStoreFault(undefined);
    await page.getByRole('button', { name: 'Issue invoice to Mia Member' }).click();
    await page.getByText('Invoice issued for Mia Member: done').waitFor();
    await page
      .getByRole('row', { name: /Mia Member/ })
      .getByRole('cell', { name: 'Invoiced', exact: true })
      .waitFor();
    members = await tableRows(page, 'Sales and invoicing per member');
    expect(members.find((r) => r[0] === 'Mia Member')![3]).toBe('Invoiced');
    expect(members.find((r) => r[0] === 'Max Member')![3]).toBe('Awaiting settlement');
    expect(await page.getByRole('button', { name: 'Issue invoice to Max Member' }).isDisabled()).toBe(true);

    // Totals and the per-type table on screen.
    const figure = async (term: string) =>
      (await page
        .locator('dl.figures div', { has: page.locator('dt', { hasText: term }) })
        .locator('dd')
        .textContent())!;
    const soldOnScreen = await figure('Tickets sold');
    // The events overview on the same page (its own route, figures kept as sales happen) agrees with the dashboard.
    const glance = (await tableRows(page, 'Events at a glance')).find((r) => r[0] === 'Autumn Gala')!;
    expect([glance[2], glance[3], glance[4], glance[5]]).toEqual([
      soldOnScreen,
      await figure('Remaining'),
      await figure('Revenue'),
      await figure('Fees'),
    ]);
    const types = await tableRows(page, 'Sales per ticket type');
    const showtimes = await tableRows(page, 'Sales per showtime');
    expect(showtimes.map((r) => r[4])).toEqual(['3', '2']);
    // Chart canvases drew (the chart chunk loaded).
    expect(await page.locator('.chart canvas').count()).toBeGreaterThanOrEqual(4);

    // The Excel export, saved under the server's name, read back with exceljs.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`dashboard-autumn-gala-${event.id}.xlsx`);
    await page.getByText(`Downloaded dashboard-autumn-gala-${event.id}.xlsx.`).waitFor();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const rows = (name: string) => {
      const out: unknown[][] = [];
      workbook.getWorksheet(name)!.eachRow((row, n) => n > 1 && out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    const summary = rows('Summary')[0];
    expect(String(summary[4])).toBe(soldOnScreen); // Tickets sold
    const excelMembers = rows('Members');
    for (const screen of members) {
      const line = excelMembers.find((r) => r[1] === screen[0])!;
      expect(String(line[2])).toBe(screen[1]); // tickets
      expect(line[4]).toBe(screen[3] === 'Invoiced' ? 'invoiced' : line[4]);
    }
    expect(excelMembers.find((r) => r[1] === 'Mia Member')![4]).toBe('invoiced');
    expect(excelMembers.find((r) => r[1] === 'Max Member')![4]).toBe('awaitingSettlement');
    const excelTypes = rows('Ticket types');
    expect(excelTypes.map((r) => [r[1], String(r[3])])).toEqual(types.map((r) => [r[0], r[2]]));
    const excelShowtimes = rows('Showtimes');
    expect(excelShowtimes.map((r) => String(r[6]))).toEqual(showtimes.map((r) => r[4]));

    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'treasurer-dashboard');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('shows the report tabs and downloads the transactions CSV under its name, at phone width too', async () => {
    const tab = await openAs(browser, api, f.treasurer, f.orgId, '/treasurer/reports', PHONE);
    const { page } = tab;
    await page.getByRole('table', { name: 'Members' }).waitFor();
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.getByRole('table', { name: 'Events' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Transactions CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('report-transactions.csv');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

    // A direct sale marked invoiced by its id (no route lists other members' registrations).
    const sale = await api.post('registrations', {
      token: f.member2.token,
      query: { organizationId: f.orgId },
      body: {
        eventId: event.id,
        showtimeId: event.showtimes[0].showtimeId,
        tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 2 }],
      },
    });
    expect(sale.status).toBe(201);
    await page.getByLabel('Registration id').fill(sale.body.data.id);
    await page.getByRole('button', { name: 'Mark invoiced' }).click();
    await page.getByText("Max Member's sale of 2 tickets (€50.00) is invoiced.").waitFor();
    // The sentence is built from the answer's invoicedAt: the server recorded it.
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'treasurer-reports');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('a member reaching the treasurer page reads "not allowed", and has no treasurer links', async () => {
    const tab = await openAs(browser, api, f.member, f.orgId, '/treasurer');
    await tab.page.getByText('Not allowed.').waitFor();
    expect(await tab.page.getByRole('navigation', { name: 'Treasurer' }).count()).toBe(0);
    await tab.context.close();
  });
});
