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

  it('names every route once, kebab-case, with a summary', () => {
    for (const route of registeredRoutes()) {
      expect(route.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(route.summary).toBeTruthy();
    }
  });
});
