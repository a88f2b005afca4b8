import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { openAs, screenshots, tableRows } from '../helpers/browser-pages';
import {
  axeViolations,
  describeInBrowser,
  DESK,
  openTab,
  PHONE,
  signIn,
  startWorld,
  unexpected,
  visit,
} from './harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import type { TestHost } from '../helpers/harness';
import { orderApi } from '../helpers/orders';
import { ticketApi } from '../helpers/tickets';

/**
 * Issues 34 and 35 in a real browser, the treasurer's side: the dashboard's door figures equal a hand count of
 * check-ins made through the API; the treasurer issues Mia's invoice (told it was e-mailed), opens its PDF, records
 * two payments (the status goes partly paid, then paid, and agrees with GET receivables to the cent); the
 * reconcile page warns before settling an order whose tickets came through the door beyond what was reported sold,
 * goes back, and settles after confirming. At 375 and 1280 px, axe clean, and once in German.
 */
jest.setTimeout(240_000);
let api: TestHost;
let f: OrgFixture;
let browser: Browser;
let event: any;
let maxOrderId: string;
let S1: string;

const q = () => ({ organizationId: f.orgId });
/** The figures of GET receivables for a member, as the API answers them. */
async function receivableOf(userId: string) {
  const res = await api.get(`management/events/${event.id}/receivables`, { token: f.treasurer.token, query: q() });
  expect(res.status).toBe(200);
  return res.body.data.items.find((r: { userId: string }) => r.userId === userId);
}
/** Money as the client shows it in English (en-GB, the tab's language) and EUR (the organization's currency). */
const eur = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);

describeInBrowser('treasurer: door figures, invoices and payments in the browser', () => {
  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
    event = await createEvent(api, f, {
      name: 'Winter Gala',
      venueCapacity: 40,
      showtimes: [
        { dateTime: '2027-12-01T14:00:00.000Z', label: 'Matinee' },
        { dateTime: '2027-12-01T19:00:00.000Z', label: 'Evening' },
      ],
    });
    [S1] = event.showtimes.map((s: any) => s.showtimeId);
    const orders = orderApi(api, f);
    const t = ticketApi(api, f);
    // Mia: 3 tickets on the matinee, all reported sold, settled; 2 of them come through the door.
    const mia = await orders.settledAllSold(f.member, event, [2, 1], { showtimeId: S1 });
    for (const ticket of (await t.tickets(`orders/${mia.id}`)).slice(0, 2)) {
      expect((await t.scan({ code: ticket.code, showtimeId: ticket.showtimeId })).body.data.result).toBe('admitted');
    }
    // Max: 3 tickets on the matinee, 2 come through the door, 1 reported sold, 2 reported returned (only the one
    // still issued can be marked returned): awaiting reconciliation with more admitted than reported sold.
    const max = await orders.delivered(f.member2, event, [3, 0], { showtimeId: S1 });
    for (const ticket of (await t.tickets(`orders/${max.id}`)).slice(0, 2)) {
      expect((await t.scan({ code: ticket.code, showtimeId: ticket.showtimeId })).body.data.result).toBe('admitted');
    }
    await orders.expectStatus(await orders.reportSold(f.member2, max.id, { soldQuantity: 1 }), 200, 'report sold');
    await orders.expectStatus(await orders.ret(f.ticketManager, max.id, { returnQuantity: 2 }), 200, 'return');
    maxOrderId = max.id;
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('shows door figures equal to a hand count, issues an invoice, opens its PDF and records payments', async () => {
    const tab = await openAs(browser, api, f.treasurer, f.orgId, `/treasurer?event=${event.id}`, DESK);
    const { page } = tab;
    const keys: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/payments'))
        keys.push(request.headers()['idempotency-key']);
    });
    await page.getByRole('heading', { name: 'What the door saw' }).waitFor();
    await page.getByRole('table', { name: 'Tickets at the door per showtime' }).waitFor();

    // The hand count of what the API was told above: matinee issued 3 + 3, returned 1 (Max's one issued ticket),
    // reported sold 3 + 1, admitted 2 + 2; nothing on the evening.
    const showtimes = await tableRows(page, 'Tickets at the door per showtime');
    expect(showtimes.map((r) => r[0]?.split(' — ')[0])).toEqual(['Matinee', 'Evening']);
    expect(showtimes.map((r) => r.slice(1))).toEqual([
      ['6', '1', '4', '4'],
      ['0', '0', '0', '0'],
    ]);
    expect(await tableRows(page, 'Tickets at the door per member')).toEqual([
      ['Max Member', '1', '2', '1: still owed'],
      ['Mia Member', '3', '2', '0'],
    ]);
    await page.getByText('1 member had more tickets come through the door than they reported sold').waitFor();

    // Issue Mia's invoice: the page says it was e-mailed, and the outbox holds it with the PDF.
    const before = await tableRows(page, 'Invoiced, paid and outstanding per member');
    expect(before.find((r) => r[0] === 'Mia Member')?.[4]).toBe('Not invoiced');
    await page.getByRole('button', { name: 'Issue invoice to Mia Member' }).click();
    await page.getByText('Invoice issued for Mia Member: done').waitFor();
    await page.getByText('The invoice was e-mailed to Mia Member with the PDF attached.').waitFor();
    expect(api.outbox().filter((m) => m.to === f.member.email).length).toBeGreaterThan(0);
    const invoiced = await receivableOf(f.member.id);
    expect(invoiced).toMatchObject({ invoiced: 60, paid: 0, outstanding: 60, status: 'unpaid' });
    await page
      .getByRole('row', { name: /Mia Member/ })
      .getByRole('cell', { name: 'Unpaid', exact: true })
      .waitFor();

    // The invoice PDF, saved under the server's name.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Invoice PDF of Mia Member' }).first().click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // A first payment: partly paid, and the screen agrees with the API to the cent.
    const pay = async (amount: string, note: string) => {
      await page.getByRole('button', { name: 'Record payment from Mia Member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record a payment from Mia Member' });
      await dialog.getByLabel('Amount').fill(amount);
      await dialog.getByLabel('Note (optional)').fill(note);
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await pay('20.25', 'cash at rehearsal');
    await page
      .getByText(/^Recorded €20\.25 paid by Mia Member on .*\. The invoice is now partly paid, €39\.75 outstanding\.$/)
      .waitFor();
    const miaStatus = (status: string) =>
      page
        .getByRole('row', { name: /Mia Member/ })
        .getByRole('cell', { name: status, exact: true })
        .waitFor();
    await miaStatus('Partly paid');
    let api1 = await receivableOf(f.member.id);
    expect(api1).toMatchObject({ paid: 20.25, outstanding: 39.75, status: 'partly_paid' });
    let row = (await tableRows(page, 'Invoiced, paid and outstanding per member')).find((r) => r[0] === 'Mia Member')!;
    expect(row.slice(1, 5)).toEqual([eur(api1.invoiced), eur(api1.paid), eur(api1.outstanding), 'Partly paid']);

    // The rest: paid.
    await pay('39.75', 'bank transfer');
    await page.getByText(/The invoice is now paid, €0\.00 outstanding\.$/).waitFor();
    await miaStatus('Paid');
    api1 = await receivableOf(f.member.id);
    expect(api1).toMatchObject({ invoiced: 60, paid: 60, outstanding: 0, status: 'paid' });
    row = (await tableRows(page, 'Invoiced, paid and outstanding per member')).find((r) => r[0] === 'Mia Member')!;
    expect(row.slice(1, 5)).toEqual([eur(60), eur(60), eur(0), 'Paid']);
    const total = (await tableRows(page, 'Invoiced, paid and outstanding per member')).find((r) => r[0] === 'Total')!;
    expect(total.slice(1, 4)).toEqual([eur(60), eur(60), eur(0)]);
    // Each payment went through the outbox with a key of its own.
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    expect(keys.every((k) => typeof k === 'string' && k.length >= 16)).toBe(true);

    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    // The phone layout settles after the resize: give it up to 5 s, polling with plain expressions (the page's CSP
    // refuses the eval a waitForFunction string predicate needs), then hold it.
    for (let tries = 0; tries < 25; tries += 1) {
      if (Number(await page.evaluate('document.documentElement.scrollWidth')) <= PHONE.width) break;
      await page.waitForTimeout(200);
    }
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'treasurer-invoices');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('reconcile warns when the door admitted more than was reported sold, goes back, and settles after confirming', async () => {
    const tab = await openAs(browser, api, f.treasurer, f.orgId, `/manage/reconcile`, PHONE);
    const { page } = tab;
    await page.getByRole('button', { name: 'Approve reconciliation' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'More tickets came through the door' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      "The door admitted 2 of this order's tickets, but Max Member reported only 1 sold.",
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await screenshots(page, 'reconcile-admitted-beyond-sold');

    // Going back settles nothing.
    await warning.getByRole('button', { name: 'Go back' }).click();
    await warning.waitFor({ state: 'detached' });
    const orders = orderApi(api, f);
    expect((await orders.get(maxOrderId)).status).toBe('awaitingReconciliation');

    // Confirming settles: the order leaves the list to settle.
    await page.getByRole('button', { name: 'Approve reconciliation' }).click();
    await warning.getByRole('button', { name: 'Settle anyway' }).click();
    await page.getByText('No order is waiting for reconciliation.').waitFor();
    expect((await orders.get(maxOrderId)).status).toBe('settled');
    // The two warnings were 409 answers, which the browser logs itself.
    expect(unexpected(tab, [/status of 409/])).toEqual([]);
    await tab.context.close();
  });

  it('offers the organization’s day as “paid on”, not the device’s, which can be a day the API calls the future', async () => {
    // A device whose calendar day differs from UTC's right now (the organization has set no time zone: the API counts
    // days in UTC): a day behind before 10:00 UTC, a day ahead after (UTC-12, UTC+14).
    const utcDay = new Date().toISOString().slice(0, 10);
    const zone = new Date().getUTCHours() < 10 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';
    const tab = await openTab(browser, DESK, 'en-GB', zone);
    await signIn(tab, api, f.treasurer, f.orgId);
    await visit(tab, `${api.url}/treasurer?event=${event.id}`);
    const deviceDay = await tab.page.evaluate('new Date().toLocaleDateString("en-CA")');
    expect(deviceDay).not.toBe(utcDay);
    await tab.page.getByRole('button', { name: 'Record payment from Mia Member' }).click();
    const paidOn = tab.page.getByRole('dialog').getByLabel('Paid on');
    await expect(paidOn.inputValue()).resolves.toBe(utcDay);
    await expect(paidOn.getAttribute('max')).resolves.toBe(utcDay);
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('reads in German at 375 px: door figures and receivables, axe clean', async () => {
    const tab = await openTab(browser, PHONE, 'de-DE');
    await signIn(tab, api, f.treasurer, f.orgId);
    await visit(tab, `${api.url}/treasurer?event=${event.id}`);
    const { page } = tab;
    await page.getByRole('heading', { name: 'Veranstaltungs-Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'Was der Einlass gesehen hat' }).waitFor();
    expect(await tableRows(page, 'Karten am Einlass pro Mitglied')).toEqual([
      ['Max Member', '1', '2', '1: noch geschuldet'],
      ['Mia Member', '3', '2', '0'],
    ]);
    const receivables = await tableRows(page, 'Berechnet, bezahlt und offen pro Mitglied');
    const mia = receivables.find((r) => r[0] === 'Mia Member')!;
    expect(mia[4]).toBe('Bezahlt');
    expect(mia[1]).toBe(new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(60));
    // Max's order is settled now (the previous test): something to invoice, not yet invoiced.
    expect(receivables.find((r) => r[0] === 'Max Member')![4]).toBe('Nicht berechnet');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'treasurer-invoices-de');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });
});
