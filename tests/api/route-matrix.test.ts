import { isOrgRoute, registeredRoutes } from '../../shared/http/route';
import { TestHost } from '../helpers/harness';
import { ROLE_BELOW, setupOrganization, type OrgFixture, type RoleName } from '../helpers/fixtures';

/**
 * Generated from the route table, so it grows by itself as routes land:
 * every non-public route refuses a missing token with 401, and every organization route scoped by the
 * query refuses a missing organizationId with 400 before it reads anything.
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
  it('has routes to check', () => {
    expect(registeredRoutes().length).toBeGreaterThan(3);
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

  it('refuses every super-admin route to an organization admin with 403', async () => {
    const failures: string[] = [];
    for (const route of registeredRoutes().filter((r) => r.auth === 'superAdmin')) {
      const res = await api.request(route.method, fillPath(route.route), {
        token: f.admin.token,
        query: { organizationId: f.orgId },
      });
      if (res.status !== 403) failures.push(`${route.method} ${route.route} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses every organization route to the role just below its minimum, and to another organization, with 403', async () => {
    const failures: string[] = [];
    for (const route of registeredRoutes().filter((r) => isOrgRoute(r))) {
      const below = ROLE_BELOW[route.auth as RoleName];
      const callers = [...(below ? [f[below]] : []), f.outsider];
      for (const caller of callers) {
        const path = route.orgParam
          ? fillPath(route.route.replace(`{${route.orgParam}}`, f.orgId))
          : fillPath(route.route);
        const res = await api.request(route.method, path, { token: caller.token, query: { organizationId: f.orgId } });
        if (res.status !== 403) failures.push(`${route.method} ${route.route} as ${caller.name} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('declares a body schema for every route that takes a body, and a query schema for every organization route', () => {
    // Unknown fields are refused by these schemas (additionalProperties: false), so a route without one
    // would accept anything silently.
    const missing = registeredRoutes()
      .filter(
        (r) => (r.method !== 'GET' && !r.body && r.bodyType !== 'csv') || (isOrgRoute(r) && !r.orgParam && !r.query),
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
