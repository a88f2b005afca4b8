import { randomUUID } from 'node:crypto';
import { registeredRoutes } from '../../shared/http/route';
import type { ApiResponse } from '../helpers/harness';
import { TestHost } from '../helpers/harness';
import { createEvent, createOrganization, eventBody, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { seedRegistration, seedSharedEvent } from '../helpers/seed';
import { sharedEventBody } from '../helpers/shared-events/create';
import { q, sellExternal } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { delegatedWorld, partnerApi, type DelegatedWorld } from '../helpers/delegated-orders';

/**
 * The store-call cost of an Idempotency-Key (docs/decisions/api-contract.md, "Idempotency keys"): on every route
 * declared `idempotent: true` the key's binding (one record per caller and key, so the key means one request
 * whatever route carries it) is created before the handler, and the key record rides along in the batch of the
 * route's decisive write, so a fresh keyed create costs exactly two calls more (the binding's create, the kept
 * answer's replace) than the same create without a key, and a replay runs no use case (the binding's failed create
 * and read, the record's read: never more than the fresh request). The routes come from the route table: a new
 * ride-along route without a case here fails the first test.
 */
let api: TestHost;
let f: OrgFixture;
type Ev = { id: string; showtimes: { showtimeId: string }[]; ticketTypes: { id: string }[] };
let event: Ev;
let w: DelegatedWorld;
beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  f = await setupOrganization(api);
  event = await createEvent(api, f, { venueCapacity: 1000 });
  w = await delegatedWorld(api, { venueCapacity: 1000 });
  // A showtime's first ticket issue creates its serial counter (one call more, once): made here, so every measured
  // request finds it (docs/decisions/tickets.md, "Serials").
  const first = [
    await api.post('registrations', {
      token: f.member.token,
      query: q(f),
      body: { eventId: event.id, tickets: lines(1) },
    }),
    await api.post(partnerApi(api, w).path('/orders'), {
      token: w.p.ticketManager.token,
      body: { buyerUserId: w.p.member.id, tickets: partnerApi(api, w).tickets([1, 1]) },
    }),
  ];
  expect(first.map((r) => r.status)).toEqual([201, 201]);
});
afterAll(() => api.close());

/** A request of the route, with or without a key; `prepare` makes a fresh target for each call that needs one. */
type Call = (key?: string) => Promise<ApiResponse>;
const keyed = (key?: string) => (key === undefined ? {} : { headers: { 'Idempotency-Key': key } });
const lines = (quantity: number) => [{ ticketTypeId: event.ticketTypes[0].id, quantity }];

let warmEventId: string | undefined;
/** Stays clear of a new minute's rate-limit bucket (its first token costs one call more) by waiting it out. */
async function clearOfNewMinute() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 3_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
const newSharedEvent = () => seedSharedEvent({ organizerOrgId: f.orgId, ownerUserId: f.admin.id });
const CASES: Record<string, () => Promise<Call>> = {
  'registrations-create': async () => (key) =>
    api.post('registrations', {
      token: f.member.token,
      query: q(f),
      body: { eventId: event.id, tickets: lines(2) },
      ...keyed(key),
    }),
  'orders-create': async () => (key) =>
    api.post('orders', {
      token: f.member.token,
      query: q(f),
      body: { eventId: event.id, tickets: lines(2) },
      ...keyed(key),
    }),
  'orders-force-record-sold': async () => {
    const order = await orderApi(api, f).delivered(f.member, event, [2, 1]);
    return (key) =>
      api.post(`orders/${order.id}/force-record-sold`, {
        token: f.admin.token,
        query: q(f),
        body: { soldQuantity: 3, reason: 'door sales' },
        ...keyed(key),
      });
  },
  // Keyed since issue 32: state moves a retry could double (their decisive write carries the record).
  'orders-report-sold': async () => {
    const order = await orderApi(api, f).delivered(f.member, event, [2, 1]);
    return (key) =>
      api.post(`orders/${order.id}/report-sold`, {
        token: f.member.token,
        query: q(f),
        body: { soldQuantity: 2 },
        ...keyed(key),
      });
  },
  'orders-return': async () => {
    const order = await orderApi(api, f).delivered(f.member, event, [2, 1]);
    return (key) =>
      api.post(`orders/${order.id}/return`, {
        token: f.ticketManager.token,
        query: q(f),
        body: { returnQuantity: 1 },
        ...keyed(key),
      });
  },
  'orders-transfer': async () => {
    const order = await orderApi(api, f).delivered(f.member, event, [2, 1]);
    const body = { toUserId: f.member2.id, transferRequestId: randomUUID(), quantity: 1 };
    return (key) =>
      api.post(`orders/${order.id}/transfer`, { token: f.ticketManager.token, query: q(f), body, ...keyed(key) });
  },
  'registrations-update': async () => {
    const created = await api.post('registrations', {
      token: f.member.token,
      query: q(f),
      body: { eventId: event.id, tickets: lines(1) },
    });
    return (key) =>
      api.put(`registrations/${created.body.data.id}`, {
        token: f.ticketManager.token,
        query: q(f),
        body: { note: 'changed at the door' },
        ...keyed(key),
      });
  },
  'free-tickets-create': async () => (key) =>
    api.post(`events/${event.id}/free-tickets`, {
      token: f.ticketManager.token,
      query: q(f),
      body: {
        showtimeId: event.showtimes[0].showtimeId,
        ticketTypeId: event.ticketTypes[0].id,
        quantity: 2,
        recipient: 'Guest',
      },
      ...keyed(key),
    }),
  'external-sales-create': async () => (key) =>
    api.post(`management/events/${event.id}/showtimes/${event.showtimes[0].showtimeId}/external-sales`, {
      token: f.ticketManager.token,
      query: q(f),
      body: { tickets: lines(2), source: 'box office' },
      ...keyed(key),
    }),
  'external-sales-correct': async () => {
    const sale = await sellExternal(api, f, event, 2);
    return (key) =>
      api.post(`management/external-sales/${sale.body.data.id}/correction`, {
        token: f.admin.token,
        query: q(f),
        body: { tickets: lines(3), reason: 'recount' },
        ...keyed(key),
      });
  },
  'management-events-create': async () => (key) =>
    api.post('management/events', { token: f.admin.token, query: q(f), body: eventBody(), ...keyed(key) }),
  'allocations-upsert': async () => {
    const own = await createEvent(api, f, { enableQuotas: true });
    return (key) =>
      api.post('allocations', {
        token: f.ticketManager.token,
        query: q(f),
        body: { eventId: own.id, userId: f.member.id, items: [{ ticketTypeId: own.ticketTypes[0].id, allocated: 4 }] },
        ...keyed(key),
      });
  },
  // Delegated creates: the order and its key record go to the owner's partition (keyRecordIn: 'eventOwner').
  'delegated-orders-create-self': async () => (key) =>
    api.post(partnerApi(api, w).path('/orders/self'), {
      token: w.p.member.token,
      body: { tickets: partnerApi(api, w).tickets([2, 1]) },
      ...keyed(key),
    }),
  'delegated-orders-create-on-behalf': async () => (key) =>
    api.post(partnerApi(api, w).path('/orders'), {
      token: w.p.ticketManager.token,
      body: { buyerUserId: w.p.member.id, tickets: partnerApi(api, w).tickets([1, 1]) },
      ...keyed(key),
    }),
  'members-add': async () => {
    const email = `added-${randomUUID().slice(0, 8)}@example.org`;
    return (key) =>
      api.post(`organizations/${f.orgId}/members`, {
        token: f.superToken,
        body: { email, name: 'Added Member', role: 'member' },
        ...keyed(key),
      });
  },
  'invitations-create': async () => (key) =>
    api.post(`organizations/${f.orgId}/invitations`, {
      token: f.admin.token,
      body: { role: 'member', maxUses: 3 },
      ...keyed(key),
    }),
  'sales-delegations-invite': async () => {
    const invite = (eventId: string, key?: string) =>
      api.post(`organizations/${f.orgId}/events/${eventId}/sales-delegations`, {
        token: f.admin.token,
        body: { partnerAdminEmail: w.p.admin.email },
        ...keyed(key),
      });
    const own = await createEvent(api, f);
    // Each minute's first invite of the organization also creates its rate-limit bucket (one call more): the calls
    // compared stay clear of a new minute, and the minute's bucket is made by an invite before them.
    await clearOfNewMinute();
    warmEventId ??= (await createEvent(api, f)).id as string;
    await invite(warmEventId);
    return (key) => invite(own.id, key);
  },
  // Shared Event creates: the roster entry or link and its key record go to the Shared Event's partition
  // (keyRecordIn: 'sharedEvent').
  'shared-event-participants-add': async () => {
    const se = await newSharedEvent();
    const joining = await createOrganization(api, f.superToken, { name: `Joining ${randomUUID().slice(0, 6)}` });
    return (key) =>
      api.post(`shared-events/${se.sharedEventId}/participants`, {
        token: f.superToken,
        body: { organizationId: joining },
        ...keyed(key),
      });
  },
  'shared-event-invitation-links-create': async () => {
    const se = await newSharedEvent();
    const create = (key?: string) =>
      api.post(`shared-events/${se.sharedEventId}/invitation-links`, {
        token: f.admin.token,
        query: q(f),
        body: {},
        ...keyed(key),
      });
    // The link create takes a token of the organization's Shared Event mutation bucket, made by the minute's first.
    await clearOfNewMinute();
    await create();
    return create;
  },
  // Creates of a new partition: with a key the new id is derived from it, and the record rides in that partition.
  'organizations-create': async () => {
    const body = { name: `Keyed Choir ${randomUUID().slice(0, 8)}` };
    return (key) => api.post('organizations', { token: f.superToken, body, ...keyed(key) });
  },
  'shared-events-create': async () => {
    const create = (key?: string) =>
      api.post('shared-events', { token: f.admin.token, query: q(f), body: sharedEventBody(), ...keyed(key) });
    // Takes a token of the organizer's Shared Event mutation bucket, made by the minute's first (see above).
    await clearOfNewMinute();
    await create();
    return create;
  },
  // A payment against a member's invoice (issue 35): one create in the organization's partition.
  'members-invoice-payments-create': async () => {
    await seedRegistration(f.orgId, {
      eventId: event.id,
      showtimeId: event.showtimes[0].showtimeId,
      sellerId: f.member.id,
      sellerName: f.member.name,
      tickets: [{ ticketTypeId: event.ticketTypes[0].id, ticketTypeName: 'Adult', quantity: 1, unitPrice: 25, fee: 0 }],
      invoicedAt: new Date().toISOString(),
    });
    return (key) =>
      api.post(`management/members/${f.member.id}/invoice/${event.id}/payments`, {
        token: f.treasurer.token,
        query: q(f),
        body: { amount: 1, paidOn: new Date().toISOString().slice(0, 10) },
        ...keyed(key),
      });
  },
  'impersonation-audit-record': async () => (key) =>
    api.post('impersonation/audit', {
      token: f.superToken,
      query: q(f),
      body: { targetUserId: f.member.id, action: 'start' },
      ...keyed(key),
    }),
};

const rideAlong = () => registeredRoutes().filter((route) => route.idempotent === true);
const ops = (res: ApiResponse) => Number(res.headers.get('x-store-ops'));

describe('Idempotency-Key store calls on the ride-along routes', () => {
  it('has a case for every route declared idempotent: true in the route table', () => {
    const names = rideAlong().map((route) => route.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !CASES[name])).toEqual([]);
  });

  it.each(Object.keys(CASES))(
    '%s: a fresh keyed request costs exactly two store calls more than without a key; a replay no more than it',
    async (name) => {
      expect(rideAlong().map((route) => route.name)).toContain(name);
      const prepare = CASES[name];
      const [plain, again, withKey] = [await prepare(), await prepare(), await prepare()];
      const unkeyed = await plain();
      const unkeyedAgain = await again();
      const key = randomUUID();
      const fresh = await withKey(key);
      expect([unkeyed.status, unkeyedAgain.status]).toEqual([fresh.status, fresh.status]);
      expect(fresh.status).toBeGreaterThanOrEqual(200);
      expect(fresh.status).toBeLessThan(300);
      expect(ops(unkeyedAgain)).toBe(ops(unkeyed)); // the comparison is stable
      expect(ops(fresh)).toBe(ops(unkeyed) + 2);
      // And the key holds: the retry replays the first answer.
      const retry = await withKey(key);
      expect(retry.status).toBe(fresh.status);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.text).toBe(fresh.text);
      expect(ops(retry)).toBeLessThanOrEqual(ops(fresh));
    },
  );
});
