import { registeredRoutes, type AnyRoute } from '../../shared/http/route';
import { TestHost, type ApiResponse } from '../helpers/harness';
import type { Person } from '../helpers/fixtures';
import {
  buildRouteWorld,
  fillRoute,
  pathIdProviders,
  refreshTokens,
  storeDiff,
  storeFingerprint,
  type RouteWorld,
} from '../helpers/route-world';
import { sampleOf, type Hints } from '../helpers/schema-arbitrary';
import { CONTROL_TEXTS, dotSegmentTargets, freeTextProperties, rawRequest } from '../helpers/conventions';

/**
 * The isolation matrix (issue 15), generated from the route table: B's admin, ticket manager and member call every
 * route with A's ids in the path and in the body, once under A's organization id (`?organizationId`, or the
 * organization path parameter) and once under their own. The rule each route is held to comes from its scope kind:
 *
 * - organization, Shared Event, partner and super-admin scopes: 403 or 404, a body that names nothing of A (no id,
 *   name or e-mail of A's organization, people, event, orders or Shared Event) and nothing written anywhere.
 *   Shared Event and partner routes are legitimately cross-organization, but only for the Shared Event's roster
 *   and the delegation's partner: B is neither, so it is refused like any stranger.
 * - authenticated routes naming a resource in the path (a Shared Event): the same refusal.
 * - authenticated routes naming nothing (the caller's own session, invitations, Shared Events it takes part in):
 *   they answer about the caller, so any 2xx or 4xx, but the body names nothing of A and nothing of A is written.
 * - public routes: no caller identity to isolate; they are authorized by possession of a code (join) or by nothing
 *   (health, OpenAPI), so they are outside this matrix (the fuzzer covers them).
 * Under B's own organization B's admin may also meet a 400 VALIDATION_ERROR: the body is refused on its own shape
 * before any lookup, which says nothing of A. Under B's own organization a route that names nothing of A in its path and body is the caller's own business
 * and is skipped; every other request under B's organization is held to the same rule.
 */
let api: TestHost;
let w: RouteWorld;
const figures = { routes: new Set<string>(), requests: 0 };

beforeAll(async () => {
  api = await TestHost.start();
  w = await buildRouteWorld(api);
}, 300_000);
afterAll(async () => {
  await api?.close();
  console.log(`isolation figures: ${figures.routes.size} routes, ${figures.requests} requests`);
});

type Rule = { kind: 'refuse' } | { kind: 'callerOwn' } | { kind: 'outside'; reason: string };

function isolationRule(route: AnyRoute): Rule {
  switch (route.scope.kind) {
    case 'public':
      return { kind: 'outside', reason: 'no caller identity; authorized by a code or by nothing' };
    case 'authenticated':
      return /\{\w+\}/.test(route.route) ? { kind: 'refuse' } : { kind: 'callerOwn' };
    case 'superAdmin':
    case 'organization':
    case 'sharedEvent':
    case 'partner':
      return { kind: 'refuse' };
  }
}

/** Everything that names A: ids, names and e-mails of its organization, people, records, partner and Shared Event. */
function targetNames(): string[] {
  const people: Person[] = [w.f.admin, w.f.treasurer, w.f.ticketManager, w.f.member, w.f.member2];
  return [
    w.f.orgId,
    w.names.org,
    w.names.event,
    w.names.sharedEvent,
    ...people.flatMap((p) => [p.id, p.email, p.name]),
    ...Object.values(w.ids).flat(),
  ].filter((s) => s.length >= 6);
}

/** Body fields named like A's ids get A's ids (a stranger naming A's records in a body is refused too). */
const targetHints = (): Hints => ({
  eventId: [w.ids.eventId],
  showtimeId: [w.ids.showtimeId],
  ticketTypeId: w.ids.ticketTypeIds,
  userId: [w.f.member.id],
  buyerUserId: [w.f.member.id],
  userIds: [[w.f.member.id]],
  sharedEventId: [w.ids.sharedEventId],
  orderIds: [[w.ids.orderId]],
  orderId: [w.ids.orderId],
  organizationId: [w.f.orgId],
});

function withTargetIds(value: unknown, hints: Hints): unknown {
  if (Array.isArray(value)) return value.map((v) => withTargetIds(v, hints));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, hints[k] ? hints[k][0] : withTargetIds(v, hints)]),
    );
  }
  return value;
}

interface Probe {
  label: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  namesTarget: boolean;
}

/** The requests of one route: under A's organization, then under B's. */
function probesOf(route: AnyRoute): Probe[] {
  const hints = targetHints();
  const body =
    route.method === 'GET' || route.bodyType === 'csv' || !route.body
      ? undefined
      : withTargetIds(sampleOf(route.body, hints, 15), hints);
  const takesOrgQuery = 'organizationId' in ((route.query?.properties ?? {}) as object);
  const scope = route.scope;
  const orgParam = scope.kind === 'organization' ? scope.orgParam : scope.kind === 'partner' ? scope.partnerParam : '';
  const targetPath = fillRoute(w, route);
  const ownPath = orgParam ? fillRoute(w, route, { [orgParam]: w.stranger.orgId }) : targetPath;
  const providers = pathIdProviders(w);
  const otherParams = [...route.route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((p) => p !== orgParam);
  const bodyNamesTarget = body !== undefined && targetNames().some((n) => JSON.stringify(body).includes(n));
  const pathNamesTarget = otherParams.some((p) => targetNames().includes(providers[p](route)));
  // Issue 22: A's path under B's organizationId, and a body whose free text carries control characters.
  const texts = body !== undefined ? freeTextProperties(route.body) : [];
  const controlBody = texts.length > 0 ? { ...(body as object), [texts[0]]: CONTROL_TEXTS[0][1] } : undefined;
  const conventions: Probe[] = [
    ...(route.pathOrganizationParam
      ? [
          {
            label: 'A path, B organizationId',
            path: targetPath,
            query: { organizationId: w.stranger.orgId },
            body,
            namesTarget: true,
          },
        ]
      : []),
    ...(controlBody
      ? [
          {
            label: 'under A, control characters',
            path: targetPath,
            query: takesOrgQuery ? { organizationId: w.f.orgId } : {},
            body: controlBody,
            namesTarget: true,
          },
        ]
      : []),
  ];
  return [
    ...conventions,
    {
      label: 'under A',
      path: targetPath,
      query: takesOrgQuery ? { organizationId: w.f.orgId } : {},
      body,
      namesTarget: true,
    },
    {
      label: 'under B',
      path: ownPath,
      query: takesOrgQuery ? { organizationId: w.stranger.orgId } : {},
      body,
      namesTarget: pathNamesTarget || bodyNamesTarget,
    },
  ];
}

function leaks(res: ApiResponse): string[] {
  return targetNames().filter((n) => res.text.includes(n));
}

/** The target's own partitions: A's organization, its partner's and participant's, its Shared Event, A's users. */
function targetKeys(): string[] {
  return [
    `orgs/${w.f.orgId}/`,
    `sharedEvents/${w.ids.sharedEventId}/`,
    ...[w.f.admin, w.f.treasurer, w.f.ticketManager, w.f.member, w.f.member2].map((p) => `users/${p.id}/`),
  ];
}

describe('isolation matrix', () => {
  it('gives every route a rule from its scope kind', () => {
    for (const route of registeredRoutes()) expect(isolationRule(route)).toBeDefined();
  });

  it('refuses B’s admin, ticket manager and member everything of A, names nothing of A, writes nothing', async () => {
    const failures: string[] = [];
    const callers = [
      ['B admin', () => w.stranger.admin.token],
      ['B ticket manager', () => w.stranger.ticketManager.token],
      ['B member', () => w.stranger.member.token],
    ] as const;
    let before = await storeFingerprint();
    for (const route of registeredRoutes()) {
      const rule = isolationRule(route);
      if (rule.kind === 'outside') continue;
      figures.routes.add(`${route.method} ${route.route}`);
      for (const probe of probesOf(route)) {
        if (rule.kind === 'refuse' && !probe.namesTarget) continue; // B's own business
        for (const [who, token] of callers) {
          const where = `${route.method} ${route.route} as ${who} ${probe.label}`;
          figures.requests += 1;
          let res: ApiResponse;
          try {
            res = await api.request(route.method, probe.path, { token: token(), query: probe.query, body: probe.body });
          } catch (error) {
            failures.push(`${where}: ${String(error).slice(0, 200)}`);
            continue;
          }
          const leaked = leaks(res);
          if (leaked.length > 0) failures.push(`${where}: ${res.status} names ${leaked.join(', ')}`);
          const after = await storeFingerprint();
          const diff = storeDiff(before, after);
          if (rule.kind === 'refuse') {
            // Under B's own organization B's admin passes the scope, and a body refused on its own shape (400
            // VALIDATION_ERROR, decided before anything is looked up) says nothing of A.
            const shapeRefusal =
              (probe.label === 'under B' && res.status === 400 && res.body?.error === 'VALIDATION_ERROR') ||
              // A's path with B's organizationId: refused as a mismatch once the scope passed (a super admin's
              // route refuses B first), which names nothing of A.
              (probe.label === 'A path, B organizationId' &&
                res.status === 400 &&
                res.body?.error === 'ORGANIZATION_MISMATCH');
            if (![403, 404].includes(res.status) && !shapeRefusal)
              failures.push(`${where}: ${res.status} ${res.text.slice(0, 160)}`);
            if (diff.length > 0) failures.push(`${where}: ${res.status} wrote ${diff.join(', ')}`);
          } else {
            if (res.status >= 500) failures.push(`${where}: ${res.status}`);
            const touched = diff.filter((d) => targetKeys().some((k) => d.slice(1).startsWith(k)));
            if (touched.length > 0) failures.push(`${where}: ${res.status} wrote A's ${touched.join(', ')}`);
            if (diff.length > 0) await refreshTokens(w);
          }
          before = diff.length > 0 ? await storeFingerprint() : after;
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers B’s callers a dot segment in any of A’s paths with 400, naming nothing of A, writing nothing', async () => {
    const failures: string[] = [];
    const before = await storeFingerprint();
    for (const route of registeredRoutes()) {
      if (isolationRule(route).kind === 'outside') continue;
      const body = route.body && route.bodyType !== 'csv' ? '{}' : undefined;
      for (const target of dotSegmentTargets(fillRoute(w, route), { organizationId: w.f.orgId })) {
        for (const token of [w.stranger.admin.token, w.stranger.member.token]) {
          figures.requests += 1;
          const res = await rawRequest(api, route.method, target, { token, body });
          if (res.status !== 400) failures.push(`${route.method} ${target}: ${res.status}`);
          const leaked = targetNames().filter((n) => res.text.includes(n));
          if (leaked.length > 0) failures.push(`${route.method} ${target}: names ${leaked.join(', ')}`);
        }
      }
    }
    expect(storeDiff(before, await storeFingerprint())).toEqual([]);
    expect(failures).toEqual([]);
  }, 600_000);
});
