import { isOrgRoute, registeredRoutes, type AnyRoute } from '../../shared/http/route';
import { TestHost } from '../helpers/harness';
import { ROLE_BELOW, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';

/**
 * Generated from the route table, so it grows by itself as routes land: every expectation is derived from the
 * route's declared scope (public, authenticated, super admin, organization, Shared Event, partner), so a new
 * route is covered the day it is declared.
 */
let api: TestHost;
let token: string;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start();
  token = await api.loginSuperAdmin();
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const fillPath = (template: string) => template.replace(/\{(\w+)\}/g, 'placeholder-$1');

describe('route matrix', () => {
  it('has routes of every scope to check', () => {
    const kinds = new Set(registeredRoutes().map((r) => r.scope.kind));
    expect([...kinds].sort()).toEqual([
      'authenticated',
      'organization',
      'partner',
      'public',
      'sharedEvent',
      'superAdmin',
    ]);
  });

  it('refuses every non-public route without a token with 401', async () => {
    const failures: string[] = [];
    for (const route of registeredRoutes().filter((r) => r.auth !== 'public')) {
      const res = await api.request(route.method, fillPath(route.route), { query: { organizationId: 'org-x' } });
      if (res.status !== 401 || res.body?.error !== 'UNAUTHORIZED')
        failures.push(`${route.method} ${route.route} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses every query-scoped organization route without organizationId with 400', async () => {
    const failures: string[] = [];
    const routes = registeredRoutes().filter((r) => isOrgRoute(r) && !r.orgParam);
    for (const route of routes) {
      const res = await api.request(route.method, fillPath(route.route), { token });
      const ok = res.status === 400 && res.body?.details?.some((d: { path: string }) => d.path === '/organizationId');
      if (!ok) failures.push(`${route.method} ${route.route} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses every caller its scope does not admit, as the scope says', async () => {
    const failures: string[] = [];
    for (const route of registeredRoutes()) {
      for (const probe of refusalsOf(route)) {
        const res = await api.request(route.method, probe.path, { token: probe.caller.token, query: probe.query });
        if (!probe.expect.includes(res.status)) {
          failures.push(`${route.method} ${route.route} as ${probe.caller.name} → ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120000);

  it('declares a body schema for every route that takes a body, and a query schema for every organization route', () => {
    // Unknown fields are refused by these schemas (additionalProperties: false), so a route without one
    // would accept anything silently.
    const missing = registeredRoutes()
      .filter(
        (r) =>
          (r.method !== 'GET' && !r.body && r.bodyType !== 'csv') ||
          (isOrgRoute(r) && !r.orgParam && !(r.query?.properties as Record<string, unknown>)?.organizationId),
      )
      .map((r) => `${r.method} ${r.route}`);
    expect(missing).toEqual([]);
    for (const route of registeredRoutes().filter((r) => r.body)) {
      expect(route.body).toMatchObject({ type: 'object', additionalProperties: false });
    }
  });

  it('never answers 5xx to malformed input on any route', async () => {
    const failures: string[] = [];
    const bodies: (string | undefined)[] = [
      'null',
      '[]',
      '"text"',
      '{"x":',
      JSON.stringify({ unknown: 'u'.repeat(20000) }),
      '{"__proto__":{"isSuperAdmin":true}}',
    ];
    for (const route of registeredRoutes()) {
      const path = route.orgParam
        ? fillPath(route.route.replace(`{${route.orgParam}}`, f.orgId))
        : fillPath(route.route);
      const variants = route.method === 'GET' ? [undefined] : bodies;
      const queries = [
        { organizationId: f.orgId },
        { organizationId: f.orgId, limit: 'many', continuationToken: '@@@' },
      ];
      for (const [rawBody, query] of variants.flatMap((b) => queries.map((q) => [b, q] as const))) {
        const res = await api.request(route.method, path, {
          token,
          query,
          rawBody,
          headers:
            rawBody !== undefined ? { 'content-type': route.bodyType === 'csv' ? 'text/csv' : 'application/json' } : {},
        });
        if (res.status >= 500)
          failures.push(`${route.method} ${route.route} ${String(rawBody).slice(0, 20)} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60000);

  it('never answers 5xx to path ids a document id cannot hold', async () => {
    const failures: string[] = [];
    for (const id of ['a%2Fb', '%23x', '%20', 'a%5Cb', `${'x'.repeat(300)}`]) {
      for (const route of registeredRoutes().filter((r) => /\{\w+\}/.test(r.route))) {
        const path = route.route
          .replace(route.orgParam ? `{${route.orgParam}}` : '{__none__}', f.orgId)
          .replace(/\{\w+\}/g, id);
        const body = route.method === 'GET' ? undefined : {};
        const res = await api.request(route.method, path, { token, query: { organizationId: f.orgId }, body });
        if (res.status >= 500) failures.push(`${route.method} ${route.route} with ${id.slice(0, 12)} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60000);

  it('names every route once, kebab-case, with a summary', () => {
    for (const route of registeredRoutes()) {
      expect(route.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(route.summary).toBeTruthy();
    }
  });
});

interface Refusal {
  caller: Pick<Person, 'name' | 'token'>;
  path: string;
  query: Record<string, string>;
  expect: number[];
}

/**
 * Who each scope must refuse, and how: a super-admin route refuses an organization admin (403); an organization
 * route refuses the role just below its minimum and an admin of another organization (403); a Shared Event route
 * refuses the role below (403) and an organization that is not on the roster of an unknown Shared Event (404); a
 * partner route refuses the role below and a stranger to the partner organization (403).
 */
function refusalsOf(route: AnyRoute): Refusal[] {
  const scope = route.scope;
  const query = { organizationId: f.orgId };
  switch (scope.kind) {
    case 'public':
    case 'authenticated':
      return [];
    case 'superAdmin':
      return [{ caller: f.admin, path: fillPath(route.route), query, expect: [403] }];
    case 'organization': {
      const path = fillPath(scope.orgParam ? route.route.replace(`{${scope.orgParam}}`, f.orgId) : route.route);
      const below = ROLE_BELOW[scope.role];
      return [...(below ? [f[below]] : []), f.outsider].map((caller) => ({ caller, path, query, expect: [403] }));
    }
    case 'sharedEvent': {
      const below = ROLE_BELOW[scope.role];
      return [
        ...(below ? [{ caller: f[below], path: fillPath(route.route), query, expect: [403] }] : []),
        { caller: f.admin, path: fillPath(route.route), query, expect: [404] },
      ];
    }
    case 'partner': {
      const path = fillPath(route.route.replace(`{${scope.partnerParam}}`, f.orgId));
      const below = ROLE_BELOW[scope.role];
      return [...(below ? [f[below]] : []), f.outsider].map((caller) => ({ caller, path, query: {}, expect: [403] }));
    }
  }
}
