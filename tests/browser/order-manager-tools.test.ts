import type { Browser } from 'playwright-core';
import { openAs, screenshots, tableRows } from '../helpers/browser-pages';
import { addPerson, createEvent, createOrganization, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import type { TestHost } from '../helpers/harness';
import { orderApi } from '../helpers/orders';
import { createSharedEvent } from '../helpers/shared-events/create';
import { axeViolations, describeInBrowser, PHONE, startWorld, unexpected, visit } from './harness';

/**
 * The actions that closed the last gaps of the route table (docs/decisions/web-client-back-office.md, "Every route"):
 * the admin note and order deletion on the managers' cards and the archive page, a super admin's direct add to a
 * Shared Event roster, changing a free ticket, editing a ledger sale, and an admin's manual external count. Each: the happy path, a refusal in plain words, hidden from those who may not use it,
 * axe and no console error, at phone and desk widths where the page is used on a phone.
 */
jest.setTimeout(180_000);

describeInBrowser('order tools and roster repair in the browser', () => {
  let api: TestHost;
  let browser: Browser;
  let f: OrgFixture;
  let event: { id: string; ticketTypes: { id: string }[] };
  let orders: ReturnType<typeof orderApi>;

  beforeAll(async () => {
    ({ api, browser } = await startWorld());
    f = await setupOrganization(api, { name: 'Cathedral Choir' });
    event = await createEvent(api, f, {
      showtimes: [{ dateTime: '2027-05-01T18:00:00.000Z', label: 'Evening' }],
    });
    orders = orderApi(api, f);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('a ticket manager on a phone writes an admin note the member never sees, then deletes a pending request', async () => {
    const request = await orders.create(f.member, event, [2, 0]);
    const tab = await openAs(browser, api, f.ticketManager, f.orgId, '/manage', PHONE);
    const { page } = tab;
    const card = page.locator(`#order-card-${request.id}`);
    await card.waitFor();

    await card.getByRole('button', { name: "Add note on Mia Member's order" }).click();
    const dialog = page.getByRole('dialog', { name: "Admin note on Mia Member's order" });
    await dialog.getByLabel(/^Admin note/).fill('Pays at the door on Friday');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await page.getByText("Mia Member's order: admin note saved.").waitFor();
    await card.getByText(/Admin note: Pays at the door on Friday — Tina Manager/).waitFor();
    await card.getByRole('button', { name: "Edit note on Mia Member's order" }).waitFor();

    // The member's own view of the order carries no note, and their page has none of these buttons.
    const mine = await api.get('me/orders', { token: f.member.token, query: { organizationId: f.orgId } });
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.find((o: { id: string }) => o.id === request.id)).not.toHaveProperty('adminNote');
    const member = await openAs(browser, api, f.member, f.orgId, '/history', PHONE);
    await member.page
      .getByText(/2 tickets/)
      .first()
      .waitFor();
    expect(await member.page.getByText(/Pays at the door/).count()).toBe(0);
    expect(await member.page.getByRole('button', { name: /Delete|note/ }).count()).toBe(0);
    expect(unexpected(member)).toEqual([]);
    await member.context.close();

    // Delete: a confirm step states the consequence; only then is the order gone.
    await card.getByRole('button', { name: "Delete Mia Member's order" }).click();
    const confirm = page.getByRole('dialog', { name: "Delete Mia Member's pending order?" });
    await confirm.getByText(/disappears from every list, count and report/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'order-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete the order' }).click();
    await page.getByText("Mia Member's pending order was deleted.").waitFor();
    await card.waitFor({ state: 'detached' });
    const gone = await api.get(`orders/${request.id}`, {
      token: f.ticketManager.token,
      query: { organizationId: f.orgId },
    });
    expect(gone.status).toBe(404);
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('a refused delete (the order moved on meanwhile) is told in plain words, not as an error page', async () => {
    const request = await orders.create(f.member2, event, [1, 1]);
    const tab = await openAs(browser, api, f.ticketManager, f.orgId, '/manage');
    const { page } = tab;
    const card = page.locator(`#order-card-${request.id}`);
    await card.getByRole('button', { name: "Delete Max Member's order" }).click();
    // Another manager approves it while the confirm step is open: the API now refuses the delete (409).
    await orders.approve(request.id);
    const confirm = page.getByRole('dialog', { name: "Delete Max Member's pending order?" });
    await confirm.getByRole('button', { name: 'Delete the order' }).click();
    // Told on the page (the card moves to "Approved" as the queue is read again), and the dialog is closed.
    await page
      .getByRole('alert')
      .filter({ hasText: 'Not deleted.' })
      .getByText('The order has moved on (it is approved now), so this step no longer applies to it.', { exact: false })
      .waitFor();
    await confirm.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Mark delivered' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'order-delete-refused');
    expect(unexpected(tab, [/status of 409/])).toEqual([]);
    await tab.context.close();
  });

  it('an admin deletes a cancelled order from the archive page after confirming', async () => {
    const request = await orders.create(f.member, event, [1, 0]);
    const cancelled = await api.post(`orders/${request.id}/cancel`, {
      token: f.ticketManager.token,
      query: { organizationId: f.orgId },
      body: { reason: 'Asked twice' },
    });
    expect(cancelled.status).toBe(200);
    const tab = await openAs(browser, api, f.admin, f.orgId, '/admin/archive');
    const { page } = tab;
    const before = await tableRows(page, 'Settled and cancelled orders');
    expect(before.filter((row) => row[1] === 'Cancelled')).toHaveLength(1);
    await page.getByRole('button', { name: "Delete Mia Member's order" }).click();
    await page
      .getByRole('dialog', { name: "Delete Mia Member's cancelled order?" })
      .getByRole('button', { name: 'Delete the order' })
      .click();
    await page.getByText("Mia Member's cancelled order was deleted.").waitFor();
    await page.getByRole('button', { name: "Delete Mia Member's order" }).waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'archive-delete');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });

  it('a super admin adds an organization to a Shared Event roster by id; a selling partner is refused in plain words', async () => {
    const sharedEvent = await createSharedEvent(api, f);
    const harbour = await createOrganization(api, f.superToken, { name: 'Harbour Singers' });
    const stall = await createOrganization(api, f.superToken, {
      name: 'Market Stall Sellers',
      organizationMode: 'sellingPartner',
    });
    // The organizer's own admin holds every capability but is no super admin: no direct add for them.
    const admin = await openAs(browser, api, f.admin, f.orgId, `/shared-events/${sharedEvent.id}`);
    await admin.page.getByRole('table', { name: 'Roster' }).waitFor();
    expect(await admin.page.getByRole('form', { name: 'Add an organization to the roster' }).count()).toBe(0);
    expect(unexpected(admin)).toEqual([]);
    await admin.context.close();

    const root = await addPerson(api, f.superToken, f.orgId, 'admin', 'Sam Super');
    const flag = await api.put(`users/${root.id}/super-admin`, { token: f.superToken, body: { isSuperAdmin: true } });
    expect(flag.status).toBe(200);
    const tab = await openAs(browser, api, root, f.orgId, `/shared-events/${sharedEvent.id}`);
    const { page } = tab;
    const form = page.getByRole('form', { name: 'Add an organization to the roster' });
    await form.getByLabel('Organization id').fill(stall);
    await form.getByRole('button', { name: 'Add to the roster' }).click();
    await page.getByText(/That organization is a selling partner: only full organizations/).waitFor();
    expect(unexpected(tab, [/status of 403/])).toEqual([]);

    // Found by name, then added.
    await page.getByLabel('Or find an organization by name').fill('Harbour');
    await page.getByRole('button', { name: 'Use Harbour Singers' }).click();
    expect(await form.getByLabel('Organization id').inputValue()).toBe(harbour);
    await form.getByRole('button', { name: 'Add to the roster' }).click();
    await page.getByText(/Harbour Singers is on the roster/).waitFor();
    await page
      .getByRole('region', { name: 'Roster' })
      .getByRole('cell', { name: 'Harbour Singers', exact: true })
      .waitFor();
    const roster = await api.get(`shared-events/${sharedEvent.id}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    const added = roster.body.data.participants.find((p: { organizationId: string }) => p.organizationId === harbour);
    expect(added?.status).toBe('active');
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'roster-direct-add');
    expect(unexpected(tab)).toEqual([]);
    await visit(tab, `${api.url}/shared-events`);
    await tab.context.close();
  });

  it('a ticket manager on a phone changes a free ticket and edits a ledger sale; too many seats are refused in plain words', async () => {
    const q = { organizationId: f.orgId };
    const showtimeId = (await api.get('events-active', { token: f.member.token, query: q })).body.data.showtimes[0]
      .showtimeId as string;
    const given = await api.post(`events/${event.id}/free-tickets`, {
      token: f.ticketManager.token,
      query: q,
      body: { showtimeId, ticketTypeId: event.ticketTypes[0].id, quantity: 2, recipient: 'Press desk' },
    });
    expect(given.status).toBe(201);
    const tab = await openAs(browser, api, f.ticketManager, f.orgId, '/manage/free-tickets', PHONE);
    const { page } = tab;
    await page.getByRole('button', { name: "Change Press desk's tickets" }).click();
    const change = page.getByRole('dialog', { name: "Change Press desk's free tickets" });
    await change.getByLabel('Quantity').fill('3');
    await change.getByLabel('Recipient').fill('Press desk (radio)');
    expect(await axeViolations(page)).toEqual([]);
    await change.getByRole('button', { name: 'Save changes' }).click();
    await change.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Press desk (radio)', exact: true }).waitFor();
    expect(await tableRows(page, 'Free tickets given')).toEqual([
      [
        expect.stringContaining('Press desk (radio)'),
        expect.stringContaining('Evening'),
        'Adult',
        '3',
        '',
        expect.any(String),
        expect.any(String),
      ],
    ]);
    const free = await api.get(`events/${event.id}/free-tickets`, { token: f.ticketManager.token, query: q });
    expect(free.body.data.items.map((t: { quantity: number; recipient: string }) => [t.recipient, t.quantity])).toEqual(
      [['Press desk (radio)', 3]],
    );
    expect(unexpected(tab)).toEqual([]);

    const sold = await api.post(`management/events/${event.id}/showtimes/${showtimeId}/external-sales`, {
      token: f.ticketManager.token,
      query: q,
      body: { source: 'Box office', tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 4 }] },
    });
    expect(sold.status).toBe(201);
    await visit(tab, `${api.url}/manage/external`);
    await page.getByRole('button', { name: 'Edit the Box office sale' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the Box office sale' });
    await edit.getByLabel(/^Adult/).fill('1000');
    await edit.getByRole('button', { name: 'Save sale' }).click();
    await edit
      .getByRole('alert')
      .getByText(/Not enough seats left|sold out/)
      .waitFor();
    await edit.getByLabel(/^Adult/).fill('5');
    await edit.getByLabel('Source (channel)').fill('Door sales');
    await edit.getByLabel('Note (optional)').fill('Counted twice');
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'external-sale-edit');
    await edit.getByRole('button', { name: 'Save sale' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: /Door sales: 5 tickets/ }).waitFor();
    await page.getByText('Note: Counted twice').waitFor();
    const ledger = await api.get(`management/events/${event.id}/external-sales`, {
      token: f.ticketManager.token,
      query: q,
    });
    expect(
      ledger.body.data.items.map((x: { source: string; totalQuantity: number }) => [x.source, x.totalQuantity]),
    ).toEqual([['Door sales', 5]]);
    expect(unexpected(tab, [/status of 409/])).toEqual([]);
    await tab.context.close();
  });

  it("an admin sets a showtime's manual external count; a ticket manager's events page is not theirs", async () => {
    const tab = await openAs(browser, api, f.admin, f.orgId, '/admin');
    const { page } = tab;
    await page.getByRole('button', { name: 'External counts for Spring Concert (0)' }).click();
    const dialog = page.getByRole('dialog', { name: 'External counts for Spring Concert' });
    await dialog.getByText(/They take seats even when the showtime is full/).waitFor();
    const form = dialog.getByRole('form', { name: /^External count for Evening/ });
    await form.getByLabel('Tickets sold elsewhere').fill('6');
    await form.getByLabel('Note (optional)').fill('Tourist office, paper tickets');
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: /^Save count/ }).click();
    await form.getByText('Saved: 6 tickets sold elsewhere.').waitFor();
    const events = await api.get('events', { token: f.admin.token, query: { organizationId: f.orgId } });
    const showtime = events.body.data.items.find((e: { id: string }) => e.id === event.id).showtimes[0];
    expect([showtime.externalSold, showtime.externalNote]).toEqual([6, 'Tourist office, paper tickets']);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'External counts for Spring Concert (6)' }).waitFor();
    await screenshots(page, 'admin-external-count');
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();

    // Below admin the page reads "not allowed" and offers no count.
    const manager = await openAs(browser, api, f.ticketManager, f.orgId, '/admin');
    await manager.page.getByText('Not allowed.').waitFor();
    expect(await manager.page.getByRole('button', { name: /External counts/ }).count()).toBe(0);
    expect(unexpected(manager)).toEqual([]);
    await manager.context.close();
  });

  it('the Shared Event form shares the event form rows: a showtime row added by mistake can be removed', async () => {
    const tab = await openAs(browser, api, f.admin, f.orgId, '/shared-events', PHONE);
    const { page } = tab;
    await page.getByRole('button', { name: 'New Shared Event' }).click();
    const form = page.getByRole('form', { name: 'New Shared Event' });
    expect(await form.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await form.getByRole('button', { name: 'Add a showtime' }).click();
    await form.getByLabel('Shared showtime 2 label').fill('By mistake');
    await form.getByRole('button', { name: 'Remove shared showtime 2' }).click();
    expect(await form.getByLabel('Shared showtime 2 label').count()).toBe(0);
    await form.getByLabel('Shared ticket type 1 name').waitFor();
    // The fee fields stay the admin event form's own (this form never asked for fees).
    expect(await form.getByLabel(/fee/).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(unexpected(tab)).toEqual([]);
    await tab.context.close();
  });
});
