import { TestHost } from '../helpers/harness';
import {
  addPerson,
  createEvent,
  createOrganization,
  setupOrganization,
  type OrgFixture,
  type Person,
} from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { injectStoreFault, seedOrgDocumentFields, storedDocuments, type StoreOperation } from '../helpers/seed';
import { remindersOnce } from '../../shared/domain/reminders/pass';
import { unsubscribeToken } from '../../shared/domain/reminders/unsubscribe-token';

/**
 * The reminder pass on a controlled clock (docs/decisions/invoices-and-reminders.md "Reminders"): once per member
 * and period, repeats, escalation to ticket managers, two passes at once, a pass killed after each store call,
 * opt-out from the profile and from the one-click link.
 */
let api: TestHost;
let f: OrgFixture;
afterEach(() => injectStoreFault(undefined));
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
}, 120_000);
afterAll(() => api.close());

// Showtime 2027-05-01 18:00Z = 21:00 in Helsinki: due two days later, on 3 May (local).
const SHOWTIME = '2027-05-01T18:00:00.000Z';
const at = (day: string, helsinkiHour = 10) =>
  new Date(`${day}T${String(helsinkiHour - 3).padStart(2, '0')}:30:00.000Z`); // Helsinki is UTC+3 in May

async function configure(orgId: string, admin: Person, reminders: Record<string, unknown>) {
  const res = await api.put('organization-settings', {
    token: admin.token,
    query: { organizationId: orgId },
    body: {
      timeZone: 'Europe/Helsinki',
      reminders: { daysAfterShowtime: 2, repeatEveryDays: 3, maxReminders: 2, ...reminders },
    },
  });
  expect(res.status).toBe(200);
}

const remindersTo = (email: string) =>
  api.outbox().filter((m: any) => m.to === email.toLowerCase() && m.messageId?.startsWith('reminder-'));
const notificationsOf = async (orgId: string, userId: string, type = 'reportReminder') =>
  (await storedDocuments(orgId, 'notification')).filter((n: any) => n.userId === userId && n.type === type);

describe('reminders on a controlled clock', () => {
  let o: ReturnType<typeof orderApi>;
  let events: any[];
  beforeAll(async () => {
    o = orderApi(api, f);
    await configure(f.orgId, f.admin, {});
    events = [
      await createEvent(api, f, { name: 'Spring Concert', date: SHOWTIME }),
      await createEvent(api, f, { name: 'Summer Gala', date: SHOWTIME }),
    ];
  }, 120_000);

  it('sends each member one e-mail and one notification per period, lists per event, repeats, then escalates', async () => {
    const [spring, gala] = events;
    const a = await o.delivered(f.member, spring, [2, 1]);
    const b = await o.delivered(f.member, gala, [1, 0]);
    // Not chased: a settled order, a cancelled one, an archived delivered one... and an order of a removed member.
    const settledOrder = await o.delivered(f.member, spring, [1, 0]);
    o.expectStatus(await o.reportSold(f.member, settledOrder.id, { soldQuantity: 1 }), 200, 'report');
    o.expectStatus(await o.post(`orders/${settledOrder.id}/approve-reconciliation`, f.ticketManager), 200, 'settle');
    const cancelled = await o.create(f.member, spring, [1, 0]);
    o.expectStatus(await o.post(`orders/${cancelled.id}/cancel`, f.ticketManager, {}), 200, 'cancel');
    const archived = await o.delivered(f.member, spring, [1, 0]);
    await seedOrgDocumentFields(f.orgId, archived.id, { archived: true });
    const removed = await addPerson(api, f.superToken, f.orgId, 'member', 'Rita Removed');
    await o.delivered(removed, spring, [1, 0]);
    expect((await api.del(`organizations/${f.orgId}/members/${removed.id}`, { token: f.superToken })).status).toBe(200);

    const run = (day: string, hour = 10) => remindersOnce({ now: at(day, hour), organizationIds: [f.orgId] });
    await run('2027-05-02'); // one day after: not yet
    await run('2027-05-03', 8); // due, but before 09:00 in Helsinki
    expect(remindersTo(f.member.email)).toHaveLength(0);

    const first = await run('2027-05-03');
    expect(first.reminded).toBe(1);
    const [mail] = remindersTo(f.member.email) as any[];
    expect(mail.subject).toContain('please report your ticket sales');
    expect(mail.text).toContain('Spring Concert');
    expect(mail.text).toContain('Summer Gala');
    expect(mail.text).toContain('3 ticket(s) to report as sold or return');
    expect(mail.text).toContain(`orderId=${a.id}`);
    expect(mail.text).toContain(`orderId=${b.id}`);
    for (const id of [settledOrder.id, cancelled.id, archived.id]) expect(mail.text).not.toContain(id);
    expect(await notificationsOf(f.orgId, f.member.id)).toHaveLength(1);
    expect(remindersTo(removed.email)).toHaveLength(0);

    await run('2027-05-03', 15); // later the same day
    await run('2027-05-05'); // inside the period
    expect(remindersTo(f.member.email)).toHaveLength(1);

    await run('2027-05-06'); // a new period: the second (and last) reminder
    expect(remindersTo(f.member.email)).toHaveLength(2);
    expect(await notificationsOf(f.orgId, f.member.id)).toHaveLength(2);

    const third = await run('2027-05-09'); // maxReminders reached: the ticket managers are told, once per order
    expect(third).toMatchObject({ reminded: 0, escalated: 2 });
    expect(remindersTo(f.member.email)).toHaveLength(2);
    const told = remindersTo(f.ticketManager.email) as any[];
    expect(told).toHaveLength(2);
    expect(told[0].subject).toContain('Mia Member has not reported after 2 reminders');
    expect(await notificationsOf(f.orgId, f.ticketManager.id, 'reportReminderEscalation')).toHaveLength(2);
    await run('2027-05-12');
    expect(remindersTo(f.ticketManager.email)).toHaveLength(2);
    expect(remindersTo(f.member.email)).toHaveLength(2);

    // Once the member reports, the order is no longer chased.
    o.expectStatus(await o.reportSold(f.member, b.id, { soldQuantity: 1 }), 200, 'report');
    o.expectStatus(await o.reportSold(f.member, a.id, { soldQuantity: 3 }), 200, 'report');
  }, 180_000);
  it('sends each treasurer one weekly digest of orders awaiting reconciliation and unpaid invoices', async () => {
    // The orders reported at the end of the test above now await reconciliation.
    const run = (day: string) => remindersOnce({ now: at(day), organizationIds: [f.orgId] });
    const digests = () =>
      api
        .outbox()
        .filter((m: any) => m.to === f.treasurer.email.toLowerCase() && m.messageId?.startsWith('reminder-digest'));
    expect((await run('2027-05-13')).digests).toBe(1); // a Thursday: the week of Monday 10 May
    const [digest] = digests() as any[];
    expect(digest.subject).toContain('weekly treasurer digest');
    expect(digest.text).toContain('- Spring Concert: 1');
    expect(digest.text).toContain('- Summer Gala: 1');
    await run('2027-05-14');
    await run('2027-05-16'); // Sunday, same week
    expect(digests()).toHaveLength(1);
    await run('2027-05-17'); // the next Monday
    expect(digests()).toHaveLength(2);
    expect(await notificationsOf(f.orgId, f.treasurer.id, 'treasurerDigest')).toHaveLength(2);
  }, 120_000);
});

/** An organization of its own (admin, ticket manager, two members), each member holding a delivered order. */
async function freshOrganization() {
  const orgId = await createOrganization(api, f.superToken, {
    name: `Reminders ${Math.random().toString(36).slice(2, 8)}`,
  });
  const [admin, ticketManager, m1, m2] = await Promise.all([
    addPerson(api, f.superToken, orgId, 'admin', 'Ada'),
    addPerson(api, f.superToken, orgId, 'ticketManager', 'Tim'),
    addPerson(api, f.superToken, orgId, 'member', 'Una'),
    addPerson(api, f.superToken, orgId, 'member', 'Vic'),
  ]);
  const g = { ...f, orgId, admin, ticketManager, member: m1, member2: m2 };
  await configure(orgId, admin, {});
  const event = await createEvent(api, g, { date: SHOWTIME });
  const o = orderApi(api, g);
  await o.delivered(m1, event, [1, 0]);
  await o.delivered(m2, event, [2, 0]);
  return { orgId, admin, members: [m1, m2] };
}

async function expectOncePerMember(orgId: string, members: Person[]) {
  for (const m of members) {
    expect(remindersTo(m.email)).toHaveLength(1);
    expect(await notificationsOf(orgId, m.id)).toHaveLength(1);
  }
  const records = (await storedDocuments(orgId, 'reminder')) as any[];
  expect(records.map((r) => r.status)).toEqual(['delivered', 'delivered']);
}

describe('exactly once', () => {
  const DAY = at('2027-05-04');

  it('two passes at the same time send each member one reminder', async () => {
    const { orgId, members } = await freshOrganization();
    const reports = await Promise.all([1, 2].map(() => remindersOnce({ now: DAY, organizationIds: [orgId] })));
    expect(reports.map((r) => r.reminded).sort()).toEqual(expect.arrayContaining([expect.any(Number)]));
    expect(reports[0].reminded + reports[1].reminded).toBe(2);
    await expectOncePerMember(orgId, members);
  }, 120_000);

  it('a pass killed after any store call is resumed by the next without a second e-mail or notification', async () => {
    // Count the store calls of one pass on an organization like the ones below.
    const probe = await freshOrganization();
    const calls: StoreOperation[] = [];
    injectStoreFault((op) => {
      calls.push(op);
      return false;
    });
    await remindersOnce({ now: DAY, organizationIds: [probe.orgId] });
    injectStoreFault(undefined);
    expect(calls.length).toBeGreaterThanOrEqual(8); // organizations, 3 reads, users, and per member a batch + a patch

    for (let kill = 1; kill <= calls.length; kill += 1) {
      for (const lostAnswer of [false, true]) {
        const { orgId, members } = await freshOrganization();
        let n = 0;
        // Call `kill` happens (its answer lost, or not); everything after it fails: the pass is dead from there.
        injectStoreFault(() => {
          n += 1;
          if (n < kill) return false;
          if (n === kill) return lostAnswer ? { lostAnswer: 503 } : false;
          return true;
        });
        // The killed pass fails somewhere (or finishes its organization with a failure in its report).
        await remindersOnce({ now: DAY, organizationIds: [orgId] }).catch(() => undefined);
        injectStoreFault(undefined);
        await remindersOnce({ now: DAY, organizationIds: [orgId] });
        await remindersOnce({ now: DAY, organizationIds: [orgId] });
        await expectOncePerMember(orgId, members);
      }
    }
  }, 600_000);
});

describe('opting out', () => {
  it('stops the e-mails from the profile or the one-click link; a tampered or foreign token is refused', async () => {
    const { orgId, admin, members } = await freshOrganization();
    await configure(orgId, admin, { maxReminders: 5 });
    const [una, vic] = members;
    const off = await api.put('auth/me/reminder-emails', { token: una.token, body: { reminderEmails: false } });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ reminderEmails: false });
    expect((await api.put('auth/me/reminder-emails', { token: una.token, body: {} })).status).toBe(400);
    expect((await api.put('auth/me/reminder-emails', { body: { reminderEmails: false } })).status).toBe(401);

    await remindersOnce({ now: at('2027-05-04'), organizationIds: [orgId] });
    expect(remindersTo(una.email)).toHaveLength(0);
    expect(await notificationsOf(orgId, una.id)).toHaveLength(1); // the in-app notification stays
    const [mail] = remindersTo(vic.email) as any[];
    const link = /\/reminders\/unsubscribe\?token=([^\s]+)/.exec(mail.text)![1];
    const token = decodeURIComponent(link);

    const unsubscribe = (t: string) => api.post('reminders/unsubscribe', { query: { token: t } });
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const foreignUser = `${Buffer.from(una.id).toString('base64url')}.${token.split('.')[1]}`;
    for (const bad of [tampered, foreignUser, vic.token, 'x', unsubscribeToken(vic.id).replace('.', '')]) {
      const res = await unsubscribe(bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'INVALID_UNSUBSCRIBE_LINK' });
    }
    expect((await api.post('reminders/unsubscribe', {})).status).toBe(400);

    const ok = await unsubscribe(token);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ reminderEmails: false });
    expect((await unsubscribe(token)).status).toBe(200); // again: still off

    await remindersOnce({ now: at('2027-05-07'), organizationIds: [orgId] });
    expect(remindersTo(vic.email)).toHaveLength(1);
    expect(await notificationsOf(orgId, vic.id)).toHaveLength(2);

    // Back on from the profile: the next period e-mails again.
    expect(
      (await api.put('auth/me/reminder-emails', { token: vic.token, body: { reminderEmails: true } })).status,
    ).toBe(200);
    await remindersOnce({ now: at('2027-05-10'), organizationIds: [orgId] });
    expect(remindersTo(vic.email)).toHaveLength(2);
  }, 180_000);
});
