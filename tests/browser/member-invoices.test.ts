import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import type { Browser } from 'playwright-core';
import {
  axeViolations,
  describeInBrowser,
  openTab,
  PHONE,
  shot,
  signIn,
  startWorld,
  unexpected,
  visit,
} from './harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import type { TestHost } from '../helpers/harness';
import { orderApi } from '../helpers/orders';
import { readPdf } from '../helpers/pdf';
import { parseEpcPayload } from '../../shared/domain/invoicing/epc-qr';
import { moneyFormat } from '../../shared/domain/invoicing/invoice-labels';
import { remindersOnce } from '../../shared/domain/reminders/pass';
import { unsubscribeToken } from '../../shared/domain/reminders/unsubscribe-token';

/**
 * The member's side of invoices and reminders in a real browser, once in English and once in German
 * (docs/decisions/invoices-and-reminders.md): after the treasurer issues an invoice through the API, the member sees
 * its lines and total as the invoice API gives them (to the cent), downloads the PDF (whose text holds the total),
 * and on a 375 px phone opens "pay by scanning": the QR drawn on screen decodes to a valid EPC payload with the
 * amount and reference. The one-click unsubscribe page turns reminder e-mails off with a real token (the API agrees)
 * and says so with a tampered one; the profile switch turns them back on. The reminder e-mail's link opens the order.
 */
// Six browser flows with PDFs read in a child process: slow when the machine is shared.
jest.setTimeout(420_000);
let api: TestHost;
let f: OrgFixture;
let browser: Browser;
const IBAN = 'FI2112345600000785';
const SHOWTIME = '2027-05-01T18:00:00.000Z';
/** Per member: the event invoiced, and the delivered order a reminder chases, with the e-mail's link to it. */
const world: Record<string, { event: any; orderId: string; link: string }> = {};

const RUNS = [
  {
    language: 'en',
    browserLocale: 'en-GB',
    who: () => f.member,
    words: {
      title: 'Invoices',
      download: 'Download PDF',
      pay: 'Pay by scanning',
      done: 'Reminder e-mails are off.',
      invalid: 'This link is not valid.',
      switch: 'E-mail me reminders to report my ticket sales',
    },
  },
  {
    language: 'de',
    browserLocale: 'de-DE',
    who: () => f.member2,
    words: {
      title: 'Rechnungen',
      download: 'PDF herunterladen',
      pay: 'Per Scan bezahlen',
      done: 'Erinnerungs-E-Mails sind abbestellt.',
      invalid: 'Dieser Link ist ungültig.',
      switch: 'Mich per E-Mail an die Meldung meiner Kartenverkäufe erinnern',
    },
  },
] as const;

describeInBrowser('the member’s invoices, unsubscribe link and reminder link in the browser', () => {
  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api);
    const settings = await api.put('organization-settings', {
      token: f.admin.token,
      query: { organizationId: f.orgId },
      body: { payee: { accountHolder: 'Choir Treasury', iban: IBAN, bic: 'NDEAFIHH', paymentTermsDays: 14 } },
    });
    expect(settings.status).toBe(200);
    // The German member chose German: the client, the PDF and the e-mails speak it.
    expect((await api.patch('auth/me', { token: f.member2.token, body: { locale: 'de' } })).status).toBe(200);
    const o = orderApi(api, f);
    for (const [person, quantities, price] of [
      [f.member, [3, 2], 12.35],
      [f.member2, [1, 4], 19.9],
    ] as [Person, number[], number][]) {
      const event = await createEvent(api, f, {
        name: `Gala ${person.name}`,
        date: SHOWTIME,
        ticketTypes: [
          { name: 'Adult', price, fee: 1.5, sortOrder: 1 },
          { name: 'Child', price: 0.15, fee: 0, sortOrder: 2 },
        ],
      });
      const order = await o.delivered(person, event, quantities);
      const sold = quantities.reduce((a, b) => a + b, 0);
      o.expectStatus(await o.reportSold(person, order.id, { soldQuantity: sold }), 200, 'report sold');
      o.expectStatus(await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager), 200, 'settle');
      // The treasurer issues the invoice through the API.
      const issued = await api.put(`management/members/${person.id}/invoice/${event.id}`, {
        token: f.treasurer.token,
        query: o.q,
        body: { invoiced: true },
      });
      expect(issued.status).toBe(200);
      // A delivered order still out, which the reminder chases.
      const chased = await o.delivered(person, event, [1, 0]);
      world[person.id] = { event, orderId: chased.id, link: '' };
    }
    // The reminder pass on a controlled clock: three days after the showtime, 10:00 UTC (no zone set).
    const report = await remindersOnce({ now: new Date('2027-05-04T10:00:00.000Z'), organizationIds: [f.orgId] });
    expect(report.reminded).toBe(2);
    for (const person of [f.member, f.member2]) {
      const mail = api
        .outbox()
        .find((m: any) => m.to === person.email.toLowerCase() && /^reminder-member/.test(m.messageId));
      const link = /(http\S+\/history\?\S+)/.exec(mail!.text)?.[1];
      expect(link).toBe(`${api.url}/history?organizationId=${f.orgId}&orderId=${world[person.id].orderId}`);
      world[person.id].link = link!;
    }
  }, 420_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  describe.each(RUNS)('in $language', ({ language, browserLocale, who, words }) => {
    it('shows the invoice as the API gives it, downloads the PDF, and draws a QR a banking app can pay with', async () => {
      const person = who();
      const { event } = world[person.id];
      const invoice = (
        await api.get(`me/invoices/${event.id}`, { token: person.token, query: { organizationId: f.orgId } })
      ).body.data;
      expect(invoice.epcPayload).toBeDefined();
      const tab = await openTab(browser, PHONE, browserLocale);
      await signIn(tab, api, person, f.orgId);
      await visit(tab, `${api.url}/invoices`);
      const { page } = tab;
      await page.getByRole('heading', { level: 1, name: words.title }).waitFor();
      expect(await page.evaluate(() => (globalThis as any).document.documentElement.lang)).toBe(language);
      const card = page.getByTestId(`invoice-${event.id}`);
      await card.waitFor();

      // Lines and total on screen equal the invoice API, to the cent.
      const lines = await card.getByTestId('invoice-line').evaluateAll((rows) =>
        rows.map((r) => ({
          name: r.querySelector('th')!.textContent,
          quantity: Number(r.querySelectorAll('td')[0].textContent),
          amount: r.querySelectorAll('td')[2].getAttribute('data-amount'),
        })),
      );
      expect(lines).toEqual(
        invoice.lines.map((l: any) => ({ name: l.ticketTypeName, quantity: l.quantity, amount: l.amount.toFixed(2) })),
      );
      const total = card.getByTestId('invoice-total');
      expect(await total.getAttribute('data-amount')).toBe(invoice.total.toFixed(2));
      const money = (amount: number) =>
        new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(amount);
      expect(await total.textContent()).toBe(money(invoice.total));
      expect(await card.getByTestId(`invoice-${event.id}-reference`).getAttribute('data-value')).toBe(
        invoice.reference,
      );
      expect(await card.getByTestId(`invoice-${event.id}-iban`).getAttribute('data-value')).toBe(IBAN);
      expect(await card.getByTestId(`invoice-${event.id}-amount`).getAttribute('data-value')).toBe(
        invoice.outstanding.toFixed(2),
      );
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `member-invoices-${language}-375`);

      // The PDF, fetched with the session's token and saved: a PDF whose text holds the total.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: words.download }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`invoice-${invoice.reference}.pdf`);
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await readPdf(bytes);
      // The PDF speaks the member's language (the German member chose German; the English one the organization's).
      // (Intl writes a no-break space before the euro sign; the PDF's text layer gives a plain one.)
      const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
      expect(spaced(pdf.pages[0].text.join('\n'))).toContain(spaced(moneyFormat(language, 'EUR')(invoice.total)));
      expect(pdf.pages[0].qrCodes).toEqual([invoice.epcPayload]);

      // Pay by scanning on the phone: the QR large on screen, and it decodes to the EPC payload.
      await card.getByRole('button', { name: words.pay }).click();
      const canvas = page.getByTestId('epc-qr');
      await canvas.waitFor();
      await page.waitForFunction(() => ((globalThis as any).document.querySelector('.epc-qr')?.width ?? 0) > 0);
      const box = (await canvas.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(280); // most of a 375 px screen
      const pixels = await canvas.evaluate((c: any) => {
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height);
        return { data: Array.from(data.data as Uint8ClampedArray), width: c.width, height: c.height };
      });
      const code = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
      expect(code?.data).toBe(invoice.epcPayload);
      const epc = parseEpcPayload(code!.data);
      expect(epc).toMatchObject({
        iban: IBAN,
        currency: 'EUR',
        amountCents: Math.round(invoice.outstanding * 100),
        reference: invoice.reference,
      });
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `member-invoices-qr-${language}-375`);
      expect(unexpected(tab)).toEqual([]);
      await tab.context.close();
    });

    it('turns reminder e-mails off from the one-click link, refuses a tampered one, and on again in the profile', async () => {
      const person = who();
      const me = async () => (await api.get('auth/me', { token: person.token })).body.data.user.reminderEmails;
      expect(await me()).toBe(true);
      // No login: a fresh tab.
      const tab = await openTab(browser, PHONE, browserLocale);
      const { page } = tab;
      const token = unsubscribeToken(person.id);
      const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      await visit(tab, `${api.url}/reminders/unsubscribe?token=${encodeURIComponent(tampered)}`);
      await page.getByTestId('unsubscribe-invalid').waitFor();
      expect(await page.getByTestId('unsubscribe-invalid').textContent()).toContain(words.invalid);
      expect(await me()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      await visit(tab, `${api.url}/reminders/unsubscribe?token=${encodeURIComponent(token)}`);
      await page.getByTestId('unsubscribe-done').waitFor();
      expect(await page.getByTestId('unsubscribe-done').textContent()).toContain(words.done);
      expect(await me()).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `member-unsubscribe-${language}-375`);
      // The browser's own "400" line for the tampered link is expected.
      expect(unexpected(tab, [/status of 400/])).toEqual([]);

      // Signed in, the notifications page has the switch: off, as the link left it; on again.
      await signIn(tab, api, person, f.orgId);
      await visit(tab, `${api.url}/notifications`);
      const toggle = page.getByRole('checkbox', { name: words.switch });
      await toggle.waitFor();
      expect(await toggle.isChecked()).toBe(false);
      await toggle.check();
      await page.waitForFunction(
        () => !(globalThis as any).document.querySelector('[data-testid=reminder-emails]')?.disabled,
      );
      await expectEventually(me, true);
      expect(await toggle.isChecked()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await tab.context.close();
    });

    it('opens the order of the reminder e-mail’s link, in its tab, marked', async () => {
      const person = who();
      const { orderId, link } = world[person.id];
      const tab = await openTab(browser, PHONE, browserLocale);
      await signIn(tab, api, person, f.orgId);
      const { page } = tab;
      await page.goto(link);
      await page.waitForURL((url) => url.searchParams.get('tab') === 'delivered');
      const card = page.locator(`#order-card-${orderId}`);
      await card.waitFor();
      await page.waitForFunction(
        (id) => (globalThis as any).document.getElementById(`order-card-${id}`)?.classList.contains('order-linked'),
        orderId,
      );
      expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId);
      expect(new URL(page.url()).searchParams.has('organizationId')).toBe(false);
      expect(await card.evaluate((el) => (globalThis as any).document.activeElement === el)).toBe(true);
      expect(await card.isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      expect(unexpected(tab)).toEqual([]);
      await tab.context.close();
    });
  });
});

async function expectEventually<T>(read: () => Promise<T>, expected: T, ms = 5000) {
  const until = Date.now() + ms;
  let value = await read();
  while (value !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  expect(value).toBe(expected);
}
