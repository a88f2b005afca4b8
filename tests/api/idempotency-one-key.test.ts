import { randomUUID } from 'node:crypto';
import { containers } from '../../shared/store/client';
import { queryAll } from '../../shared/store/operations';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { q } from '../helpers/events';
import { seedSharedEvent, sharedEventCount, storedDocuments, storedSharedEventDocuments } from '../helpers/seed';
import { sharedEventBody } from '../helpers/shared-events/create';
import { delegatedWorld, partnerApi, type DelegatedWorld } from '../helpers/delegated-orders';

/**
 * A key means one request of one caller, whatever route, query or organization carries it (docs/api.md,
 * "Idempotency keys"; docs/decisions/api-contract.md, "One key, one request"): the same key with another request is
 * 409 IDEMPOTENCY_KEY_REUSED and writes nothing at all, not even what the use case would write before its decisive
 * write (a user found by e-mail, a Shared Event whose id the body's requestId names, its audit and projection).
 */
let api: TestHost;
let f: OrgFixture;
let w: DelegatedWorld;
beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  f = await setupOrganization(api);
  w = await delegatedWorld(api, { venueCapacity: 100 });
});
afterAll(() => api.close());

const keyed = (key: string) => ({ 'Idempotency-Key': key });
const expectReused = (res: { status: number; body: any }) => {
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({
    success: false,
    error: 'IDEMPOTENCY_KEY_REUSED',
    errorCode: 'IDEMPOTENCY_KEY_REUSED',
  });
};
const seAuditEntries = () =>
  queryAll(containers().sharedEvents, undefined, {
    query: "SELECT c.id FROM c WHERE c.docType = 'sharedEventAuditEntry'",
  });
const usersWithEmail = (email: string) =>
  queryAll<{ id: string }>(containers().users, undefined, {
    query: 'SELECT c.id FROM c WHERE c.email = @email',
    parameters: [{ name: '@email', value: email }],
  });

describe('A refused key writes nothing', () => {
  it('POST shared-events: another requestId under the same key is refused, and no Shared Event, audit or projection appears', async () => {
    const key = randomUUID();
    const post = (requestId: string, name: string) =>
      api.post('shared-events', {
        token: f.admin.token,
        query: q(f),
        body: sharedEventBody({ name, requestId }),
        headers: keyed(key),
      });
    const first = await post(`r1-${key}`, 'Keyed First');
    expect(first.status).toBe(201);
    const count = await sharedEventCount();
    const events = (await storedDocuments(f.orgId, 'event')).length;
    const audits = (await seAuditEntries()).length;
    expect(audits).toBeGreaterThan(0);

    expectReused(await post(`r2-${key}`, 'Keyed Second'));
    expect(await sharedEventCount()).toBe(count);
    expect((await storedDocuments(f.orgId, 'event')).length).toBe(events); // no projection
    expect((await seAuditEntries()).length).toBe(audits);
    const named = await queryAll(containers().sharedEvents, undefined, {
      query: "SELECT c.id FROM c WHERE c.docType = 'sharedEvent' AND c.name = 'Keyed Second'",
    });
    expect(named).toEqual([]);
  });

  it('POST organizations/{id}/members: another e-mail under the same key is refused, and no user is created', async () => {
    const key = randomUUID();
    const add = (email: string) =>
      api.post(`organizations/${f.orgId}/members`, {
        token: f.superToken,
        body: { email, name: 'Keyed Member', role: 'member' },
        headers: keyed(key),
      });
    const one = `one-${key.slice(0, 8)}@example.org`;
    const two = `two-${key.slice(0, 8)}@example.org`;
    expect((await add(one)).status).toBe(201);
    expectReused(await add(two));
    expect(await usersWithEmail(two)).toEqual([]);
    expect(await usersWithEmail(one)).toHaveLength(1);
  });
});

describe('One key, two routes or queries', () => {
  it('a registration then an invitation link with one key: the link is refused and not created', async () => {
    const key = randomUUID();
    const event = await createEvent(api, f, { venueCapacity: 10 });
    const registration = await api.post('registrations', {
      token: f.admin.token,
      query: q(f),
      body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }] },
      headers: keyed(key),
    });
    expect(registration.status).toBe(201);
    const se = await seedSharedEvent({ organizerOrgId: f.orgId, ownerUserId: f.admin.id });
    const link = await api.post(`shared-events/${se.sharedEventId}/invitation-links`, {
      token: f.admin.token,
      query: q(f),
      body: {},
      headers: keyed(key),
    });
    expectReused(link);
    expect(await storedSharedEventDocuments(se.sharedEventId, 'sharedEventInvitationLink')).toEqual([]);
    // The first request still replays.
    const again = await api.post('registrations', {
      token: f.admin.token,
      query: q(f),
      body: { eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }] },
      headers: keyed(key),
    });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(again.text).toBe(registration.text);
  });

  it("a delegated self-order then POST orders in the partner's own organization with one key: the second is refused", async () => {
    const key = randomUUID();
    const partner = partnerApi(api, w);
    const self = await api.post(partner.path('/orders/self'), {
      token: w.p.member.token,
      body: { tickets: partner.tickets([1, 0]) },
      headers: keyed(key),
    });
    expect(self.status).toBe(201);
    const own = await api.post('orders', {
      token: w.p.member.token,
      query: { organizationId: w.p.orgId },
      body: { eventId: w.event.id, tickets: [{ ticketTypeId: w.event.ticketTypes[0].id, quantity: 1 }] },
      headers: keyed(key),
    });
    expectReused(own);
    expect(await storedDocuments(w.p.orgId, 'order')).toEqual([]);
  });

  it('POST organizations with one key and no query, ?organizationId=A, ?organizationId=B: one organization', async () => {
    const key = randomUUID();
    const name = `One Key Choir ${key.slice(0, 8)}`;
    const create = (query?: Record<string, string>) =>
      api.post('organizations', {
        token: f.superToken,
        ...(query ? { query } : {}),
        body: { name },
        headers: keyed(key),
      });
    expect((await create()).status).toBe(201);
    expectReused(await create({ organizationId: f.orgId }));
    expectReused(await create({ organizationId: w.p.orgId }));
    const listed = await api.get('organizations', { token: f.superToken, query: { limit: '100' } });
    expect(listed.body.data.items.filter((o: { name: string }) => o.name === name)).toHaveLength(1);
  });

  it('a super admin key adding a member to two organizations: the second is refused (one key, one request)', async () => {
    const key = randomUUID();
    const email = `twice-${key.slice(0, 8)}@example.org`;
    const add = (orgId: string) =>
      api.post(`organizations/${orgId}/members`, {
        token: f.superToken,
        body: { email, name: 'Twice Added', role: 'member' },
        headers: keyed(key),
      });
    expect((await add(f.orgId)).status).toBe(201);
    expectReused(await add(w.p.orgId));
    expect(await storedDocuments(w.p.orgId, 'membership')).not.toContainEqual(
      expect.objectContaining({ userId: (await usersWithEmail(email))[0]!.id }),
    );
  });
});
