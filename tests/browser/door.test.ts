import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { chromium, type Browser, type Page } from 'playwright-core';
import { resetConfig } from '../../shared/config';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { ticketApi, type Ticket } from '../helpers/tickets';
import { ensureWebBuild } from '../helpers/web-build';
import {
  axeViolations,
  CHROMIUM,
  DESK,
  describeInBrowser,
  PHONE,
  shot,
  signIn,
  unexpected,
  visit,
  type Tab,
} from './harness';

/**
 * The door page (issue 34; docs/decisions/tickets.md, "The door page") driven as a door helper uses it, at 375 px:
 * Chromium's fake camera plays a video of a generated ticket QR (a y4m file written here from the `qrcode` module
 * matrix), photos of other tickets go through the photo input, serials are typed; offline, the phone decides from
 * its kit and sends its queue once when the connection returns, and the API's door figures agree.
 */
jest.setTimeout(90_000);

/** A YUV 4:2:0 video (y4m) of one QR code, black on white, centred; Chromium loops it as the camera. */
function qrVideo(text: string, width = 640, height = 480): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor((Math.min(width, height) - 20) / (modules.size + 2 * quiet));
  const side = scale * (modules.size + 2 * quiet);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 200); // a grey room around the white ticket
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / scale) - quiet;
      const col = Math.floor(x / scale) - quiet;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col);
      luma[(top + y) * width + left + x] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([header, frame, frame]);
}

describeInBrowser('the door page (Chromium, fake camera)', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;
  let tickets: Ticket[];
  let eventId: string;
  let dir: string;
  let t: ReturnType<typeof ticketApi>;

  beforeAll(async () => {
    await ensureWebBuild();
    api = await TestHost.start();
    process.env.APP_BASE_URL = api.url;
    resetConfig();
    f = await setupOrganization(api);
    const event = await createEvent(api, f, { name: 'Door Night', venueCapacity: 40 });
    eventId = event.id;
    const orders = orderApi(api, f);
    const order = await orders.delivered(f.member, event, [5, 0]);
    t = ticketApi(api, f);
    tickets = await t.tickets(`orders/${order.id}`);
    // A-0005 comes back unsold: the door must refuse it.
    const returned = await orders.ret(f.ticketManager, order.id, { returnQuantity: 1, serials: ['A-0005'] });
    if (returned.status !== 200) throw new Error(`return failed: ${returned.text}`);
    dir = mkdtempSync(join(tmpdir(), 'door-camera-'));
    const video = join(dir, 'ticket-a0001.y4m');
    writeFileSync(video, qrVideo(tickets[0]!.code));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function phone(person: Person, viewport = PHONE): Promise<Tab> {
    // No service worker: the offline part is the page's own (its kit and queue), not a cached answer.
    const context = await browser.newContext({ viewport, locale: 'en-GB', serviceWorkers: 'block' });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const tab: Tab = { page, context, problems: [], apiCalls: [] };
    page.on('console', (m) => m.type() === 'error' && tab.problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => tab.problems.push(`page error: ${e.message}`));
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) tab.apiCalls.push(`${r.method()} ${url.pathname}`);
    });
    await signIn(tab, api, person, f.orgId);
    return tab;
  }

  const answer = (page: Page) => page.locator('.door-answer');
  async function expectAnswer(page: Page, result: string, text: RegExp) {
    await page
      .locator(`.door-answer[data-result="${result}"]`)
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nthe page shows: ${await page.locator('main').innerText()}`);
      });
    expect(await answer(page).innerText()).toMatch(text);
  }
  /** A photo of a ticket's QR, handed to the photo input (a phone's camera app). */
  async function photo(page: Page, ticket: Ticket) {
    const png = await QRCode.toBuffer(ticket.code, { errorCorrectionLevel: 'M', scale: 6 });
    // Each scan replaces the answer: wait for the new one, not the last one.
    await page.evaluate(() => document.querySelector('.door-answer')?.removeAttribute('data-result'));
    await page.getByLabel('Scan a photo').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: png });
  }
  const counts = (page: Page) => page.locator('.door-counts').innerText();

  it('admits a genuine ticket from the camera once, refuses a returned one, and takes a typed serial', async () => {
    const tab = await phone(f.ticketManager);
    const { page } = tab;
    await visit(tab, `${api.url}/door`);
    await page.getByText(/Offline kit loaded .* \(5 tickets\)/).waitFor();
    expect(await counts(page)).toBe('0 admitted of 4 expected');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Start camera' }).click();
    await expectAnswer(page, 'admitted', /Admitted[^]*A-0001[^]*Adult[^]*Mia Member/);
    await page.getByText('1 admitted of 4 expected').waitFor();
    expect(await page.locator('.door-answer.go').count()).toBe(1);
    // A phone's width holds the page: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'door-admitted-375');

    // The same ticket before the camera again (camera stopped and started): already admitted, by whom and when.
    await page.getByRole('button', { name: 'Stop camera' }).click();
    await page.evaluate(() => document.querySelector('.door-answer')?.removeAttribute('data-result'));
    await page.getByRole('button', { name: 'Start camera' }).click();
    await expectAnswer(page, 'already_admitted', /Already admitted[^]*scanned by Tina Manager/);
    expect(await page.locator('.door-answer.stop').count()).toBe(1);
    await page.getByRole('button', { name: 'Stop camera' }).click();

    await photo(page, tickets[4]!);
    await expectAnswer(page, 'returned', /Returned ticket[^]*given back unsold[^]*A-0005/);
    expect(await page.locator('.door-answer.stop').count()).toBe(1);

    await page.getByLabel(/Serial printed on the ticket/).fill('a2');
    await page.getByRole('button', { name: 'Check in' }).click();
    await expectAnswer(page, 'admitted', /Admitted[^]*A-0002[^]*Mia Member/);
    await page.getByText('2 admitted of 4 expected').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('offline: decides from the kit, answers a second scan already admitted, and sends the queue once', async () => {
    const tab = await phone(f.ticketManager);
    const { page } = tab;
    await visit(tab, `${api.url}/door`);
    await page.getByText('2 admitted of 4 expected').waitFor();
    const batches: string[] = [];
    page.on('request', (r) => r.url().includes('/api/check-ins/batch') && batches.push(r.method()));

    await tab.context.setOffline(true);
    await page.getByText(/^Offline: this phone checks codes itself/).waitFor();
    await photo(page, tickets[2]!);
    await expectAnswer(page, 'admitted', /Admitted[^]*A-0003[^]*Decided on this phone/);
    await photo(page, tickets[2]!);
    await expectAnswer(page, 'already_admitted', /Already admitted[^]*This phone let this ticket in/);
    await photo(page, tickets[3]!);
    await expectAnswer(page, 'admitted', /A-0004/);
    await photo(page, tickets[4]!);
    await expectAnswer(page, 'returned', /A-0005/);
    await page.getByText('4 scans waiting to be sent.').waitFor();
    expect(await counts(page)).toBe('4 admitted of 4 expected');
    expect(batches).toEqual([]);

    await tab.context.setOffline(false);
    await page.getByText(/scans? waiting to be sent/).waitFor({ state: 'detached' });
    await page.getByText('Online.').waitFor();
    // The server agreed with every answer the phone gave: no differences to show.
    expect(await page.getByRole('heading', { name: 'The service decided differently' }).count()).toBe(0);
    expect(batches).toEqual(['POST']);
    const figures = await api.get(`management/events/${eventId}/door`, { token: f.treasurer.token, query: t.q });
    expect(figures.body.data.showtimes).toEqual([
      { showtimeId: tickets[0]!.showtimeId, issued: 5, returned: 1, reportedSold: 0, admitted: 4 },
    ]);
    expect(await counts(page)).toBe('4 admitted of 4 expected');
    expect(unexpected(tab, [/Failed to load resource/])).toEqual([]);
    await tab.context.close();
  });

  it('an admin gives a member door access on the page; the member then opens the door, and it is taken back', async () => {
    const member = await phone(f.member2);
    await visit(member, `${api.url}/door`);
    await member.page.getByText(/does not give access to the door/).waitFor();

    const admin = await phone(f.admin, DESK);
    await visit(admin, `${api.url}/door`);
    const helpers = admin.page.getByRole('region', { name: 'Door helpers' });
    await helpers.getByText('No member has door access for this event.').waitFor();
    await helpers.getByLabel('Member').selectOption({ label: 'Max Member' });
    await helpers.getByRole('button', { name: 'Give door access' }).click();
    await helpers.getByText('Max Member may now check tickets in at this event.').waitFor();
    expect(await axeViolations(admin.page)).toEqual([]);

    await visit(member, `${api.url}/door`);
    // The link is in the phone's menu (closed): there, not necessarily visible.
    await member.page
      .getByRole('link', { name: 'Check tickets in', includeHidden: true })
      .waitFor({ state: 'attached' });
    await member.page.getByText('4 admitted of 4 expected').waitFor();
    await member.page.getByLabel(/Serial printed on the ticket/).fill('A-0001');
    await member.page.getByRole('button', { name: 'Check in' }).click();
    await expectAnswer(member.page, 'already_admitted', /Already admitted/);

    await helpers.getByRole('button', { name: 'Take back from Max Member' }).click();
    await helpers.getByText('Max Member may no longer check tickets in at this event.').waitFor();
    const grants = await api.get('me/door-grants', { token: f.member2.token, query: t.q });
    expect(grants.body.data.items).toEqual([]);
    expect(unexpected(member)).toEqual([]);
    expect(unexpected(admin)).toEqual([]);
    await member.context.close();
    await admin.context.close();
  });
});
