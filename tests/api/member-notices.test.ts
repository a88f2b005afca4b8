import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';

/**
 * A member hears when something happens to their ticket order (issue 33): an in-app notification in the same batch
 * as the order, and an e-mail when they chose e-mails, in their language (docs/decisions/organization-settings.md).
 */
let api: TestHost;
let f: OrgFixture;
let event: { id: string; ticketTypes: { id: string }[] };
let o: ReturnType<typeof orderApi>;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  event = await createEvent(api, f, { name: 'Winter Gala' });
  o = orderApi(api, f);
}, 120000);
afterAll(() => api.close());

const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const q = () => ({ organizationId: f.orgId });
const notesOf = async (token: string) => {
  const res = await api.get('notifications', { token, query: q() });
  expect(res.status).toBe(200);
  return res.body.data.items as { type: string; title: string; message: string; actionUrl?: string; meta: any }[];
};
const mailsTo = (email: string) => api.outbox().filter((m) => m.to === email.toLowerCase());
const setPreferences = (token: string, body: unknown) => api.patch('auth/me', { token, body });

describe('order notices to the member', () => {
  it('tells the member in-app of approve, deliver and settle, in English by default, and sends no e-mail unasked', async () => {
    const before = mailsTo(f.member.email).length;
    const order = await o.create(f.member, event, [2, 1]);
    const approved = await o.post(`orders/${order.id}/approve`, f.ticketManager);
    expect(approved.status).toBe(200);
    // Auth, the order, the member and the organization (in parallel), one batch: order and notification.
    expect(ops(approved)).toBe(5);
    const delivered = await o.post(`orders/${order.id}/deliver`, f.ticketManager);
    expect(delivered.status).toBe(200);
    // + the reservation of the delivery's serial numbers; the event's showtime has none issued yet, so its counter
    // is made (a patch that finds none, then its create)
    expect(ops(delivered)).toBe(7);
    o.expectStatus(await o.reportSold(f.member, order.id, { soldQuantity: 3 }), 200, 'report sold');
    const settled = await o.post(`orders/${order.id}/approve-reconciliation`, f.ticketManager);
    expect(settled.status).toBe(200);

    const notes = (await notesOf(f.member.token)).filter((n) => n.meta.orderId === order.id);
    expect(notes.map((n) => n.type).sort()).toEqual(['order_approved', 'order_delivered', 'order_settled']);
    const approvedNote = notes.find((n) => n.type === 'order_approved')!;
    expect(approvedNote).toMatchObject({
      title: 'Your ticket request was approved',
      message: 'Your request for 3 tickets for Winter Gala was approved.',
      actionUrl: `/history?orderId=${order.id}`,
      meta: { orderId: order.id, eventId: event.id, status: 'approved' },
    });
    // Nobody else was told, and no e-mail went out: the member has not chosen e-mails.
    expect((await notesOf(f.ticketManager.token)).filter((n) => n.meta.orderId === order.id)).toEqual([]);
    expect(mailsTo(f.member.email)).toHaveLength(before);
  });

  it('speaks the organization default language, then the member’s own, and e-mails once they opt in', async () => {
    const settings = await api.put('organization-settings', {
      token: f.admin.token,
      query: q(),
      body: { defaultLocale: 'de' },
    });
    expect(settings.status).toBe(200);
    const first = await o.create(f.member2, event, [1, 0]);
    o.expectStatus(await o.post(`orders/${first.id}/approve`, f.ticketManager), 200, 'approve');
    const [german] = (await notesOf(f.member2.token)).filter((n) => n.meta.orderId === first.id);
    expect(german).toMatchObject({
      title: 'Ihre Kartenanfrage wurde genehmigt',
      message: 'Ihre Anfrage über 1 Karte für Winter Gala wurde genehmigt.',
    });

    const prefs = await setPreferences(f.member2.token, { locale: 'fi', notificationEmails: true });
    expect(prefs.status).toBe(200);
    expect(prefs.body.data).toMatchObject({ locale: 'fi', notificationEmails: true });
    const second = await o.create(f.member2, event, [2, 0]);
    const cancelled = await o.post(`orders/${second.id}/cancel`, f.ticketManager, { reason: 'Loppuunmyyty' });
    expect(cancelled.status).toBe(200);
    const [finnish] = (await notesOf(f.member2.token)).filter((n) => n.meta.orderId === second.id);
    expect(finnish).toMatchObject({
      type: 'order_cancelled',
      title: 'Lippupyyntösi peruttiin',
      message: 'Pyyntösi (2 lippua, Winter Gala) peruttiin. Syy: Loppuunmyyty',
    });
    const mail = mailsTo(f.member2.email).pop()!;
    expect(mail.subject).toBe('Lippupyyntösi peruttiin');
    expect(mail.text).toContain('Pyyntösi (2 lippua, Winter Gala) peruttiin.');
    expect(mail.text).toContain(`orderId=${second.id}`);
    expect(mail.html).toContain('Avaa tilaus');

    await api.put('organization-settings', { token: f.admin.token, query: q(), body: { defaultLocale: 'en' } });
  });

  it('tells nobody when the member moves their own order (an admin approving their own request)', async () => {
    const own = await o.create(f.admin, event, [1, 0]);
    const res = await o.post(`orders/${own.id}/approve`, f.admin);
    expect(res.status).toBe(200);
    // Auth, the order, one replace: no reads for a notice nobody needs.
    expect(ops(res)).toBe(3);
    expect((await notesOf(f.admin.token)).filter((n) => n.meta.orderId === own.id)).toEqual([]);
  });

  it('writes nothing, not even the notification, when the move is refused', async () => {
    const order = await o.create(f.member, event, [1, 0]);
    const early = await o.post(`orders/${order.id}/deliver`, f.ticketManager);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('INVALID_ORDER_STATE');
    expect((await notesOf(f.member.token)).filter((n) => n.meta.orderId === order.id)).toEqual([]);
  });

  it('writes exactly one notification when two managers approve the same order at once', async () => {
    const order = await o.create(f.member, event, [1, 0]);
    const results = await Promise.all([
      o.post(`orders/${order.id}/approve`, f.ticketManager),
      o.post(`orders/${order.id}/approve`, f.admin),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // The loser sees the approved order (409 INVALID_ORDER_STATE) or wins the retry race as a no-op refusal.
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const notes = (await notesOf(f.member.token)).filter((n) => n.meta.orderId === order.id);
    expect(notes.map((n) => n.type)).toEqual(['order_approved']);
  });
});

describe('PATCH /api/auth/me (language and e-mail choice)', () => {
  it('starts absent / false, sets each field alone, and GET /api/auth/me shows them', async () => {
    const person = await api.post(`organizations/${f.orgId}/members`, {
      token: f.superToken,
      body: { email: `pref-${Date.now()}@example.org`, name: 'Pia Pref', role: 'member' },
    });
    const token = await api.login(person.body.data.user.email);
    const me = await api.get('auth/me', { token });
    expect(me.body.data.user).not.toHaveProperty('locale');
    expect(me.body.data.user.notificationEmails).toBe(false);

    const set = await setPreferences(token, { locale: 'de' });
    expect(set.status).toBe(200);
    // Auth (the user) and one replace: the user the authentication read is reused.
    expect(ops(set)).toBe(2);
    expect(set.body.data).toMatchObject({ locale: 'de', notificationEmails: false });
    const next = await setPreferences(token, { notificationEmails: true });
    expect(next.body.data).toMatchObject({ locale: 'de', notificationEmails: true });
    expect((await api.get('auth/me', { token })).body.data.user).toMatchObject({
      locale: 'de',
      notificationEmails: true,
    });
  });

  it.each([
    ['an empty body', {}],
    ['an unsupported language', { locale: 'sv' }],
    ['a non-boolean choice', { notificationEmails: 'yes' }],
    ['another field', { name: 'New name' }],
  ])('refuses %s with 400', async (_label, body) => {
    const res = await setPreferences(f.member.token, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
  });

  it('needs a token', async () => {
    const res = await api.patch('auth/me', { body: { locale: 'de' } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
  });
});

describe('the login e-mail speaks the person’s language', () => {
  it('uses the user’s own locale over the request’s, and the request’s when the user chose none', async () => {
    const res = await setPreferences(f.treasurer.token, { locale: 'fi' });
    expect(res.status).toBe(200);
    await api.post('auth/magic-link', { body: { email: f.treasurer.email, locale: 'de' } });
    const finnish = api.lastEmailTo(f.treasurer.email)!;
    expect(finnish.subject).toBe('Kirjautumislinkkisi');
    expect(finnish.text).toMatch(/Tai syötä tämä koodi: \d{6}$/m);

    await api.post('auth/magic-link', { body: { email: f.ticketManager.email, locale: 'de' } });
    const german = api.lastEmailTo(f.ticketManager.email)!;
    expect(german.subject).toBe('Ihr Anmeldelink');
    expect(german.text).toMatch(/Oder geben Sie diesen Code ein: \d{6}$/m);
    // The German code logs in like any other.
    const code = /: (\d{6})$/m.exec(german.text)![1];
    const verified = await api.post('auth/verify-code', { body: { email: f.ticketManager.email, code } });
    expect(verified.status).toBe(200);
    f.ticketManager.token = verified.body.data.token;

    await api.post('auth/magic-link', { body: { email: f.member.email } });
    expect(api.lastEmailTo(f.member.email)!.subject).toBe('Your login link');
  });

  it('refuses an unsupported locale in the magic-link request with 400', async () => {
    const res = await api.post('auth/magic-link', { body: { email: f.member.email, locale: 'xx' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
  });
});
