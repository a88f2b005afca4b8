import { TestHost } from '../helpers/harness';
import { addPerson, createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { activeDelegation, delegatedEvents, revoke, setupPartner } from '../helpers/delegations';
import { orderApi } from '../helpers/orders';
import { seedNotifications } from '../helpers/seed';
import { seedLegacyUserWithoutRoleMap, seedRoleMapEntry } from '../helpers/role-map';

/**
 * The member's first screen in at most three calls (issue 36, docs/decisions/web-client.md "The first screen"):
 * answers that carry what the shell and the page need. `GET /api/auth/me` says per approved membership whether the
 * organization sells for another one (`sellsForOthers`) and, for the `?organizationId` asked, the unread
 * notification count; `GET /api/events-active?withCapacity=true` carries the capacity summary; `GET /api/orders
 * ?withEvents=true` carries the events the list can be filtered by. Fields only added: without the new query
 * fields the answers are what they were.
 */
jest.setTimeout(120_000); // several organizations and a delegation, on a shared machine
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
}, 120_000);
afterAll(() => api.close());

const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const q = () => ({ organizationId: f.orgId });
const note = (userId: string, title: string) => ({ userId, type: 'test', title, message: title });

describe('GET /api/auth/me carries the shell’s badge and partner flag', () => {
  it('states sellsForOthers on approved memberships and the unread count only for the organization asked', async () => {
    await seedNotifications(f.orgId, [note(f.member.id, 'one'), note(f.member.id, 'two'), note(f.member2.id, 'x')]);
    const plain = await api.get('auth/me', { token: f.member.token });
    expect(plain.status).toBe(200);
    expect(plain.body.data.memberships).toEqual([
      {
        organizationId: f.orgId,
        organizationName: expect.any(String),
        role: 'member',
        approved: true,
        currency: 'EUR',
        defaultLocale: 'en',
        sellsForOthers: false,
      },
    ]);
    const asked = await api.get('auth/me', { token: f.member.token, query: q() });
    expect(asked.status).toBe(200);
    expect(asked.body.data.memberships).toEqual([{ ...plain.body.data.memberships[0], unreadNotifications: 2 }]);
    // The same count GET /api/notifications gives, and it follows the reads.
    const list = await api.get('notifications', { token: f.member.token, query: q() });
    expect(list.body.data.unreadCount).toBe(2);
    await api.post('notifications/read-all', { token: f.member.token, query: q(), body: {} });
    const after = await api.get('auth/me', { token: f.member.token, query: q() });
    expect(after.body.data.memberships[0].unreadNotifications).toBe(0);
    // One count query more, only when an organization is asked.
    expect(ops(asked)).toBe(ops(plain) + 1);
  });

  it('counts nothing for an organization the caller does not belong to, or is not yet approved in', async () => {
    const foreign = await api.get('auth/me', { token: f.outsider.token, query: q() });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data.memberships).toHaveLength(1);
    expect(foreign.body.data.memberships[0].organizationId).toBe(f.outsider.orgId);
    expect(foreign.body.data.memberships[0].unreadNotifications).toBeUndefined();
    const plain = await api.get('auth/me', { token: f.outsider.token });
    expect(ops(foreign)).toBe(ops(plain)); // no store call for someone else's organization

    const org = await setupOrganization(api);
    await seedNotifications(org.orgId, [note(org.member2.id, 'hidden')]);
    const suspended = await api.put(`organizations/${org.orgId}/members/${org.member2.id}`, {
      token: org.superToken,
      body: { approved: false },
    });
    expect(suspended.status).toBe(200);
    const pending = await api.get('auth/me', { token: org.member2.token, query: { organizationId: org.orgId } });
    expect(pending.status).toBe(200);
    const [membership] = pending.body.data.memberships;
    expect(membership).toMatchObject({ organizationId: org.orgId, approved: false });
    expect(membership.unreadNotifications).toBeUndefined();
    expect(membership.sellsForOthers).toBeUndefined();
  });

  it('refuses a malformed organizationId with a clear 400 before any read', async () => {
    const res = await api.get('auth/me', { token: f.member.token, query: { organizationId: 'not an id!' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('says sellsForOthers while a delegation is active, as GET .../delegated-events lists it', async () => {
    const event = await createEvent(api, f, { name: 'Delegated Gala' });
    const partner = await setupPartner(api, f.superToken);
    const flag = async () =>
      (await api.get('auth/me', { token: partner.member.token, query: { organizationId: partner.orgId } })).body.data
        .memberships[0].sellsForOthers;
    expect(await flag()).toBe(false);
    const { delegationId } = await activeDelegation(api, f, event.id, partner);
    expect(await flag()).toBe(true);
    const listed = await delegatedEvents(api, partner.orgId, partner.member);
    expect(listed.body.data.items.map((e: { eventId: string }) => e.eventId)).toEqual([event.id]);
    expect((await revoke(api, f, event.id, delegationId)).status).toBe(200);
    expect(await flag()).toBe(false);
    expect((await delegatedEvents(api, partner.orgId, partner.member)).body.data.items).toEqual([]);
  });
});

describe('GET /api/auth/me reads beside the memberships what the role map names, and the memberships decide', () => {
  it('answers a person from before the role map the same, reading the organization and the count after the memberships', async () => {
    const person = await addPerson(api, f.superToken, f.orgId, 'member');
    await seedNotifications(f.orgId, [note(person.id, 'one')]);
    const before = await api.get('auth/me', { token: person.token, query: q() });
    await seedLegacyUserWithoutRoleMap(person.id);
    const legacy = await api.get('auth/me', { token: person.token, query: q() });
    expect(legacy.status).toBe(200);
    expect(legacy.body.data).toEqual(before.body.data);
    expect(legacy.body.data.memberships[0]).toMatchObject({ organizationId: f.orgId, unreadNotifications: 1 });
    expect(ops(legacy)).toBe(ops(before));
  });

  it('lists no organization the map names without a membership, and counts nothing there', async () => {
    const other = await setupOrganization(api);
    const person = await addPerson(api, f.superToken, f.orgId, 'member');
    // A map entry that grants where no membership is (a state the map never holds by construction): not trusted.
    await seedRoleMapEntry(person.id, other.orgId, { role: 'admin', approved: true });
    const me = await api.get('auth/me', { token: person.token, query: { organizationId: other.orgId } });
    expect(me.status).toBe(200);
    expect(me.body.data.memberships.map((m: { organizationId: string }) => m.organizationId)).toEqual([f.orgId]);
    expect(me.body.data.memberships[0]).not.toHaveProperty('unreadNotifications');
    expect(me.body.data.memberships[0]).not.toHaveProperty('sharedEventCreation');
  });
});

describe('GET /api/auth/me carries an admin’s Shared Event capability', () => {
  const capability = (who: { token: string }, organizationId: string) =>
    api.get('shared-event-capabilities/create', { token: who.token, query: { organizationId } });

  it('is what shared-event-capabilities/create answers, on the admin’s membership asked, with no store call more', async () => {
    const plain = await api.get('auth/me', { token: f.admin.token });
    const asked = await api.get('auth/me', { token: f.admin.token, query: q() });
    expect(asked.status).toBe(200);
    const [membership] = asked.body.data.memberships;
    expect(membership.sharedEventCreation).toEqual((await capability(f.admin, f.orgId)).body.data);
    expect(membership.sharedEventCreation).toEqual({ canCreateSharedEvents: true });
    expect(plain.body.data.memberships[0].sharedEventCreation).toBeUndefined();
    // The organization document was read already: the unread count is the only call the organization adds.
    expect(ops(asked)).toBe(ops(plain) + 1);
  });

  it('says organization_mode_restricted for a selling partner’s admin, as the route does', async () => {
    const partner = await setupPartner(api, f.superToken, { organizationMode: 'sellingPartner' });
    const me = await api.get('auth/me', { token: partner.admin.token, query: { organizationId: partner.orgId } });
    expect(me.status).toBe(200);
    const route = await capability(partner.admin, partner.orgId);
    expect(route.body.data).toEqual({ canCreateSharedEvents: false, reason: 'organization_mode_restricted' });
    expect(me.body.data.memberships[0].sharedEventCreation).toEqual(route.body.data);
  });

  it('is absent below admin, where the route refuses (403)', async () => {
    for (const who of [f.treasurer, f.ticketManager, f.member]) {
      const me = await api.get('auth/me', { token: who.token, query: q() });
      expect(me.status).toBe(200);
      expect(me.body.data.memberships[0]).not.toHaveProperty('sharedEventCreation');
      expect((await capability(who, f.orgId)).status).toBe(403);
    }
  });
});

describe('GET /api/events-active?withCapacity=true carries the capacity summary', () => {
  it('answers the event with what capacity-summary answers, one counter query more; without it, the event alone', async () => {
    const org = await setupOrganization(api);
    const none = await api.get('events-active', {
      token: org.member.token,
      query: { organizationId: org.orgId, withCapacity: true },
    });
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
    const event = await createEvent(api, org, { name: 'Spring Concert', date: '2098-05-01' });
    await orderApi(api, org).delivered(org.member, event, [2, 1]); // printed, not yet sold: no seat taken
    const query = { organizationId: org.orgId };
    const sale = await api.post('registrations', {
      token: org.member.token,
      query,
      body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 2 }] },
    });
    expect(sale.status).toBe(201);
    const plain = await api.get('events-active', { token: org.member.token, query });
    const carried = await api.get('events-active', {
      token: org.member.token,
      query: { ...query, withCapacity: true },
    });
    const summary = await api.get(`events/${event.id}/capacity-summary`, { token: org.member.token, query });
    expect(plain.body.data.capacity).toBeUndefined();
    expect(carried.status).toBe(200);
    const { capacity, ...rest } = carried.body.data;
    expect(rest).toEqual(plain.body.data);
    expect(capacity).toEqual(summary.body.data);
    expect(capacity.aggregate.sold).toBe(2);
    expect(ops(carried)).toBe(ops(plain) + 1);
    const off = await api.get('events-active', { token: org.member.token, query: { ...query, withCapacity: false } });
    expect(off.body.data).toEqual(plain.body.data);
  });

  it.each([['yes'], ['2'], ['']])('refuses withCapacity=%p with a clear 400', async (value) => {
    const res = await api.get('events-active', { token: f.member.token, query: { ...q(), withCapacity: value } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('refuses an outsider before reading (403)', async () => {
    const res = await api.get('events-active', { token: f.outsider.token, query: { ...q(), withCapacity: true } });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/orders?withEvents=true carries the event filter’s choices', () => {
  it('lists the live events by date beside the page, one query more; without it, the page alone', async () => {
    const org = await setupOrganization(api);
    const late = await createEvent(api, org, { name: 'Late', date: '2099-02-01' });
    const early = await createEvent(api, org, { name: 'Early', date: '2098-01-01' });
    const gone = await createEvent(api, org, { name: 'Gone', date: '2098-06-01' });
    expect(
      (await api.del(`management/events/${gone.id}`, { token: org.admin.token, query: { organizationId: org.orgId } }))
        .status,
    ).toBe(200);
    await orderApi(api, org).create(org.member, early, [1, 0]);
    const query = { organizationId: org.orgId, status: 'pending' };
    const plain = await api.get('orders', { token: org.ticketManager.token, query });
    const carried = await api.get('orders', { token: org.ticketManager.token, query: { ...query, withEvents: true } });
    expect(carried.status).toBe(200);
    expect(plain.body.data.events).toBeUndefined();
    expect(carried.body.data.items).toEqual(plain.body.data.items);
    expect(carried.body.data.events).toEqual([
      { id: early.id, name: 'Early', date: early.date },
      { id: late.id, name: 'Late', date: late.date },
    ]);
    expect(ops(carried)).toBe(ops(plain) + 1);
    // The event filter itself still narrows the page; the choices stay every live event.
    const filtered = await api.get('orders', {
      token: org.ticketManager.token,
      query: { ...query, eventId: late.id, withEvents: true },
    });
    expect(filtered.body.data.items).toEqual([]);
    expect(filtered.body.data.events).toHaveLength(2);
  });

  it('is the manager list’s only: a member is refused (403), and GET /api/me/orders refuses the field (400)', async () => {
    const member = await api.get('orders', { token: f.member.token, query: { ...q(), withEvents: true } });
    expect(member.status).toBe(403);
    const mine = await api.get('me/orders', { token: f.member.token, query: { ...q(), withEvents: true } });
    expect(mine.status).toBe(400);
    expect(mine.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message: expect.any(String) });
    const bad = await api.get('orders', { token: f.ticketManager.token, query: { ...q(), withEvents: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('VALIDATION_ERROR');
  });
});
