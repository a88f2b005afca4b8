import { randomUUID } from 'node:crypto';
import type { AnyRoute } from '../../shared/http/route';
import { CONTAINERS, containers, type ContainerName } from '../../shared/store/client';
import { queryAll } from '../../shared/store/operations';
import type { ApiResponse, TestHost } from './harness';
import { addPerson, createEvent, setupOrganization, type OrgFixture, type Person } from './fixtures';
import { activeDelegation, setupPartner, type PartnerFixture } from './delegations';
import { giveFree, sellExternal } from './events';
import { orderApi } from './orders';
import { seedNotifications } from './seed';
import { jointSharedEvent, participantOrganizations, type Participant } from './shared-events/capacity';

/**
 * A seeded world in which every route of the table has something real to act on, built through the routes
 * (plus the notification seed: no route creates one), and the generic pieces the generated hardening tests
 * share: an id provider per path parameter name, the fully authorized caller of every scope, and a fingerprint
 * of the whole store.
 *
 * The target is organization A (its people, an event with a showtime, orders, allocation, external sale, free
 * ticket, registration, invitation code and notification), with a partner P selling A's event under an active
 * delegation, and a Shared Event organized by A with a participant C. B is a stranger organization with an admin,
 * a ticket manager and a member (the isolation matrix's callers).
 */
export interface RouteWorld {
  api: TestHost;
  superToken: string;
  /** Organization A (target): admin, treasurer, ticketManager, member, member2; `outsider` is B's admin. */
  f: OrgFixture;
  /** Organization B (a stranger to everything of A). */
  stranger: { orgId: string; admin: Person; ticketManager: Person; member: Person };
  partner: PartnerFixture;
  participant: Participant;
  names: { org: string; event: string; sharedEvent: string };
  ids: {
    eventId: string;
    showtimeId: string;
    ticketTypeIds: string[];
    orderId: string;
    allocationId: string;
    externalSaleId: string;
    freeTicketId: string;
    registrationId: string;
    notificationId: string;
    invitationCode: string;
    delegationId: string;
    partnerOrderId: string;
    sharedEventId: string;
    sharedShowtimeId: string;
    linkId: string;
  };
}

const expectStatus = (res: ApiResponse, status: number, what: string) => {
  if (res.status !== status) throw new Error(`world: ${what} failed: ${res.status} ${res.text.slice(0, 500)}`);
  return res.body.data;
};

export async function buildRouteWorld(api: TestHost): Promise<RouteWorld> {
  const tag = randomUUID().slice(0, 6);
  const names = { org: `Target Choir ${tag}`, event: `Target Gala ${tag}`, sharedEvent: `Target Festival ${tag}` };
  const f = await setupOrganization(api, { name: names.org });
  const superToken = f.superToken;
  const [strangerTm, strangerMember] = await Promise.all([
    addPerson(api, superToken, f.outsider.orgId, 'ticketManager', 'Sid Stranger'),
    addPerson(api, superToken, f.outsider.orgId, 'member', 'Sue Stranger'),
  ]);
  const stranger = { orgId: f.outsider.orgId, admin: f.outsider, ticketManager: strangerTm, member: strangerMember };
  const q = { organizationId: f.orgId };

  const event = await createEvent(api, f, { name: names.event, enableQuotas: true });
  const showtimeId = event.showtimes[0].showtimeId as string;
  const ticketTypeIds = (event.ticketTypes as { id: string }[]).map((t) => t.id);
  const orders = orderApi(api, f);
  const allocation = expectStatus(
    await api.post('allocations', {
      token: f.admin.token,
      query: q,
      body: { eventId: event.id, userId: f.member.id, items: [{ ticketTypeId: ticketTypeIds[0], allocated: 3 }] },
    }),
    201,
    'allocation',
  );
  const order = await orders.create(f.member, event, [1, 0]);
  const externalSale = expectStatus(await sellExternal(api, f, event, 1), 201, 'external sale');
  const freeTicket = expectStatus(await giveFree(api, f, event, 1), 201, 'free ticket');
  const registration = expectStatus(
    await api.post('registrations', {
      token: f.member.token,
      query: q,
      body: { eventId: event.id, tickets: [{ ticketTypeId: ticketTypeIds[0], quantity: 1 }] },
    }),
    201,
    'registration',
  );
  const invitation = expectStatus(
    await api.post(`organizations/${f.orgId}/invitations`, { token: f.admin.token, body: { role: 'member' } }),
    201,
    'invitation',
  );
  await seedNotifications(f.orgId, [
    { userId: f.admin.id, type: 'test', title: 'Hello', message: 'A note', actionUrl: '/history' },
  ]);
  const notes = expectStatus(await api.get('notifications', { token: f.admin.token, query: q }), 200, 'notes');

  const partner = await setupPartner(api, superToken);
  const { delegationId } = await activeDelegation(api, f, event.id, partner);
  const partnerOrder = expectStatus(
    await api.post(`organizations/${partner.orgId}/delegated-events/${event.id}/orders`, {
      token: partner.ticketManager.token,
      body: { buyerUserId: partner.member.id, tickets: [{ ticketTypeId: ticketTypeIds[0], quantity: 1 }] },
    }),
    201,
    'partner order',
  );

  const [participant] = await participantOrganizations(api, f, [`Guest Choir ${tag}`]);
  const se = await jointSharedEvent(api, f, [participant], { name: names.sharedEvent });
  const link = expectStatus(
    await api.post(`shared-events/${se.id}/invitation-links`, { token: f.admin.token, query: q, body: {} }),
    201,
    'invitation link',
  );

  return {
    api,
    superToken,
    f,
    stranger,
    partner,
    participant,
    names,
    ids: {
      eventId: event.id,
      showtimeId,
      ticketTypeIds,
      orderId: order.id,
      allocationId: allocation.id,
      externalSaleId: externalSale.id,
      freeTicketId: freeTicket.id,
      registrationId: registration.id,
      notificationId: notes.items[0].id,
      invitationCode: invitation.code,
      delegationId,
      partnerOrderId: partnerOrder.id,
      sharedEventId: se.id,
      sharedShowtimeId: se.showtimes[0].showtimeId,
      linkId: link.id ?? link.link?.id,
    },
  };
}

// --- Path ids -------------------------------------------------------------------------------------------------

/**
 * The real value of each path parameter, by its name. `{id}` is named by the resource segment before it
 * (`orders/{id}` is an order). A parameter name (or an `{id}` resource) with no provider throws: a new route with
 * a new parameter must get a provider here, it is never skipped silently.
 */
export function pathIdProviders(w: RouteWorld): Record<string, (route: AnyRoute) => string> {
  const idByResource: Record<string, string> = {
    allocations: w.ids.allocationId,
    'external-sales': w.ids.externalSaleId,
    'free-tickets': w.ids.freeTicketId,
    events: w.ids.eventId,
    organizations: w.f.orgId,
    notifications: w.ids.notificationId,
    orders: w.ids.orderId,
    registrations: w.ids.registrationId,
    users: w.f.member2.id,
  };
  return {
    id: (route) => {
      const resource = /([\w-]+)\/\{id\}/.exec(route.route)?.[1] ?? '';
      const value = idByResource[resource];
      if (!value) throw new Error(`No id provider for {id} of resource "${resource}" (${route.method} ${route.route})`);
      return value;
    },
    eventId: () => w.ids.eventId,
    showtimeId: () => w.ids.showtimeId,
    organizationId: () => w.f.orgId,
    partnerOrganizationId: () => w.partner.orgId,
    orderId: () => w.ids.partnerOrderId,
    delegationId: () => w.ids.delegationId,
    code: () => w.ids.invitationCode,
    userId: () => w.f.member.id,
    memberId: () => w.f.member2.id,
    sharedEventId: () => w.ids.sharedEventId,
    orgId: () => w.participant.orgId,
    granteeUserId: () => w.f.treasurer.id,
    linkId: () => w.ids.linkId,
    source: () => 'externalA',
  };
}

export const pathParamsOf = (route: AnyRoute) => [...route.route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** The route's path with real ids, some replaced by `overrides` (raw: the caller encodes). */
export function fillRoute(w: RouteWorld, route: AnyRoute, overrides: Record<string, string> = {}): string {
  const providers = pathIdProviders(w);
  return route.route.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name in overrides) return overrides[name];
    const provider = providers[name];
    if (!provider) {
      throw new Error(
        `No id provider for path parameter {${name}} (${route.method} ${route.route}): add one to pathIdProviders ` +
          'in tests/helpers/route-world.ts',
      );
    }
    return encodeURIComponent(provider(route));
  });
}

// --- Callers --------------------------------------------------------------------------------------------------

export interface Caller {
  who: string;
  token?: string;
  /** The organization the caller acts for (`?organizationId` of query-scoped routes). */
  orgId?: string;
}

/**
 * The fully authorized caller of a route, from its scope: nobody for public routes, a super admin for super-admin
 * routes, the admin of the organization a path parameter names (A otherwise) for organization routes, the
 * organizer's admin for Shared Event routes, the partner's admin for partner routes, A's admin when signed in is
 * enough.
 */
export function authorizedCaller(w: RouteWorld, route: AnyRoute): Caller {
  const adminOf: Record<string, Person> = {
    [w.f.orgId]: w.f.admin,
    [w.partner.orgId]: w.partner.admin,
    [w.participant.orgId]: w.participant.admin,
  };
  const scope = route.scope;
  switch (scope.kind) {
    case 'public':
      return { who: 'anonymous' };
    case 'superAdmin':
      return { who: 'super admin', token: w.superToken };
    case 'authenticated':
      return { who: 'A admin', token: w.f.admin.token, orgId: w.f.orgId };
    case 'organization': {
      const orgId = scope.orgParam ? pathIdProviders(w)[scope.orgParam](route) : w.f.orgId;
      const admin = adminOf[orgId];
      if (!admin) throw new Error(`No admin known for organization ${orgId} (${route.method} ${route.route})`);
      return { who: `admin of ${orgId}`, token: admin.token, orgId };
    }
    case 'sharedEvent':
      return { who: 'organizer admin', token: w.f.admin.token, orgId: w.f.orgId };
    case 'partner':
      return { who: 'partner admin', token: w.partner.admin.token, orgId: w.partner.orgId };
  }
}

/** The caller's `?organizationId` when the route reads one (declared in its query schema). */
export function scopedQuery(route: AnyRoute, caller: Caller): Record<string, string> {
  const props = (route.query?.properties ?? {}) as Record<string, unknown>;
  return 'organizationId' in props && caller.orgId ? { organizationId: caller.orgId } : {};
}

/**
 * After a success that may have revoked tokens (a logout, a role change, a deletion), logs back in whoever's
 * token no longer works, so the next request is still fully authorized.
 */
export async function refreshTokens(w: RouteWorld): Promise<void> {
  const people: Person[] = [
    w.f.admin,
    w.f.treasurer,
    w.f.ticketManager,
    w.f.member,
    w.f.member2,
    w.partner.admin,
    w.partner.ticketManager,
    w.partner.member,
    w.participant.admin,
    w.stranger.admin,
    w.stranger.ticketManager,
    w.stranger.member,
  ];
  const superOk = (await w.api.get('auth/me', { token: w.superToken })).status === 200;
  if (!superOk) w.superToken = await w.api.loginSuperAdmin();
  for (const person of people) {
    if ((await w.api.get('auth/me', { token: person.token })).status !== 200) {
      try {
        person.token = await w.api.login(person.email);
      } catch {
        // a deleted person stays logged out; routes acting as them then answer 401/403, never 5xx
      }
    }
  }
}

// --- The whole store ------------------------------------------------------------------------------------------

/**
 * Documents that count attempts by design and so change on a refused request: per-client rate-limit buckets
 * (auth container, docType rateBucket). Everything else must be untouched by a 4xx.
 */
const ATTEMPT_COUNTERS = new Set(['rateBucket']);

/** Every document of every container (`container/partition/id:etag`), attempt counters aside. */
export async function storeFingerprint(): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  const lists = await Promise.all(
    Object.entries(containers()).map(async ([name, container]) => {
      const pk = CONTAINERS[name as ContainerName].path.slice(1);
      const docs = await queryAll<{ id: string; _etag: string; docType?: string; pk?: string }>(container, undefined, {
        query: `SELECT c.id, c._etag, c.docType, c["${pk}"] AS pk FROM c`,
      });
      return docs.map((d) => ({ ...d, name }));
    }),
  );
  for (const d of lists.flat())
    if (!ATTEMPT_COUNTERS.has(d.docType ?? '')) all.set(`${d.name}/${d.pk}/${d.id}`, d._etag);
  return all;
}

/** What changed between two fingerprints: created, changed and deleted documents. */
export function storeDiff(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [key, etag] of after) {
    if (!before.has(key)) out.push(`+${key}`);
    else if (before.get(key) !== etag) out.push(`~${key}`);
  }
  for (const key of before.keys()) if (!after.has(key)) out.push(`-${key}`);
  return out;
}
