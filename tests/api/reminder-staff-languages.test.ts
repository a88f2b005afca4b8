import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { remindersOnce } from '../../shared/domain/reminders/pass';

/**
 * The reminder e-mails to staff in each recipient's language (docs/decisions/invoices-and-reminders.md
 * "Languages"): a ticket manager who chose German gets the escalation in German; a treasurer who chose nothing gets
 * the weekly digest in the organization's default language (Finnish here), money in its form; each in-app
 * notification in the same language as its e-mail.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
}, 120_000);
afterAll(() => api.close());

const SHOWTIME = '2027-05-01T18:00:00.000Z';
const at = (day: string) => new Date(`${day}T07:30:00.000Z`); // 10:30 in Helsinki (UTC+3 in May)
const mailsTo = (email: string, prefix: string) =>
  api.outbox().filter((m: any) => m.to === email.toLowerCase() && m.messageId?.startsWith(prefix)) as any[];

it('escalates in the ticket manager’s language and sends the digest in the organization’s', async () => {
  const settings = await api.put('organization-settings', {
    token: f.admin.token,
    query: { organizationId: f.orgId },
    body: {
      timeZone: 'Europe/Helsinki',
      defaultLocale: 'fi',
      reminders: { daysAfterShowtime: 2, repeatEveryDays: 3, maxReminders: 1 },
    },
  });
  expect(settings.status).toBe(200);
  const prefs = await api.patch('auth/me', { token: f.ticketManager.token, body: { locale: 'de' } });
  expect(prefs.status).toBe(200);
  const o = orderApi(api, f);
  const event = await createEvent(api, f, { name: 'Spring Concert', date: SHOWTIME });
  const order = await o.delivered(f.member, event, [2, 1]);

  const run = (day: string) => remindersOnce({ now: at(day), organizationIds: [f.orgId] });
  expect((await run('2027-05-03')).reminded).toBe(1);
  const [reminder] = mailsTo(f.member.email, 'reminder-member');
  expect(reminder.subject).toContain('ilmoita lippumyyntisi'); // the member chose nothing: the organization's language
  expect(reminder.text).toContain(`/history?organizationId=${f.orgId}&orderId=${order.id}`);

  expect((await run('2027-05-06')).escalated).toBe(1);
  const [escalation] = mailsTo(f.ticketManager.email, 'reminder-escalation');
  expect(escalation.subject).toContain('hat nach 1 Erinnerungen noch nicht abgerechnet');
  expect(escalation.text).toContain('hat noch 3 Karte(n) für Spring Concert');
  expect(escalation.text).toContain(`/manage/delivered?organizationId=${f.orgId}&event=${event.id}`);
  // The in-app notifications link to pages of the web client (paths), the member's to the order.
  const notes = await api.get('notifications', { token: f.member.token, query: { organizationId: f.orgId } });
  const memberNote = notes.body.data.items.find((n: any) => n.type === 'reportReminder');
  expect(memberNote.actionUrl).toBe(`/history?organizationId=${f.orgId}&orderId=${order.id}`);
  // In the recipient's language as their e-mails are: the member's the organization's (Finnish), the manager's German.
  expect([memberNote.title, memberNote.message]).toEqual([
    'Ilmoita lippumyyntisi',
    'Spring Concert: 1 tilaus, jonka lippuja ei ole vielä ilmoitettu',
  ]);
  const tmNotes = await api.get('notifications', { token: f.ticketManager.token, query: { organizationId: f.orgId } });
  const tmNote = tmNotes.body.data.items.find((n: any) => n.type === 'reportReminderEscalation');
  expect(tmNote.actionUrl).toBe(`/manage/delivered?organizationId=${f.orgId}&event=${event.id}`);
  expect([tmNote.title, tmNote.message]).toEqual([
    'Ein Mitglied hat nicht abgerechnet',
    'Spring Concert: 1 Bestellung mit noch nicht abgerechneten Karten',
  ]);

  o.expectStatus(await o.reportSold(f.member, order.id, { soldQuantity: 3 }), 200, 'report');
  expect((await run('2027-05-13')).digests).toBe(1);
  const [digest] = mailsTo(f.treasurer.email, 'reminder-digest');
  expect(digest.subject).toMatch(/: rahastonhoitajan viikkokooste$/);
  expect(digest.text).toContain('Täsmäytystä odottavat tilaukset:\n- Spring Concert: 1');
  expect(digest.text).toContain('Lähetetyt, maksamattomat laskut:\n- ei yhtään');
  const trNotes = await api.get('notifications', { token: f.treasurer.token, query: { organizationId: f.orgId } });
  const trNote = trNotes.body.data.items.find((n: any) => n.type === 'treasurerDigest');
  expect([trNote.title, trNote.message]).toEqual([
    'Rahastonhoitajan viikkokooste',
    '1 tilaus odottaa täsmäytystä, 0 laskua maksamatta',
  ]);
}, 180_000);
