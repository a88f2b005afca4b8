import { registeredRoutes } from '../../shared/http/route';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { q } from '../helpers/events';

/**
 * Keys on the routes that take none (issue 32; docs/api.md, "Idempotency keys"): one behaviour over the whole route
 * table. A route that does not honour an Idempotency-Key refuses one with the keyed routes' 400 (VALIDATION_ERROR,
 * `details` at `/headers/Idempotency-Key`) before the caller is resolved or anything is read, so a client never
 * believes a retry safe where it is not. The routes come from the route table: a new route is covered.
 */
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start({ SHARED_EVENTS_ENABLED: 'true' });
  f = await setupOrganization(api);
});
afterAll(() => api.close());

const fillPath = (template: string) => template.replace(/\{(\w+)\}/g, 'placeholder-$1');
const refusesKey = (res: { status: number; body: any }) =>
  res.status === 400 &&
  res.body?.error === 'VALIDATION_ERROR' &&
  (res.body?.details ?? []).some((d: { path: string }) => d.path === '/headers/Idempotency-Key');

describe('an Idempotency-Key on a route that takes none', () => {
  it('every route not declared idempotent refuses a key with 400, before authentication', async () => {
    const routes = registeredRoutes().filter((route) => !route.idempotent);
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const route of routes) {
      const res = await api.request(route.method, fillPath(route.route), {
        query: { organizationId: 'org-x' },
        headers: { 'Idempotency-Key': 'a-key-this-route-cannot-honour' },
      });
      if (!refusesKey(res)) failures.push(`${route.method} ${route.route} → ${res.status} ${res.body?.error}`);
    }
    expect(failures).toEqual([]);
  });

  it('every route declared idempotent takes a well-formed key past the shape checks (401 without a caller)', async () => {
    const failures: string[] = [];
    for (const route of registeredRoutes().filter((r) => r.idempotent && r.auth !== 'public')) {
      const res = await api.request(route.method, fillPath(route.route), {
        query: { organizationId: 'org-x' },
        headers: { 'Idempotency-Key': 'a-well-formed-key' },
      });
      if (res.status !== 401) failures.push(`${route.method} ${route.route} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('PUT management/events/{id} with a 1,000-character key: 400, and the event keeps its name', async () => {
    const event = await createEvent(api, f);
    const res = await api.put(`management/events/${event.id}`, {
      token: f.admin.token,
      query: q(f),
      body: { name: 'Renamed under a key' },
      headers: { 'Idempotency-Key': 'k'.repeat(1000) },
    });
    expect(refusesKey(res)).toBe(true);
    const after = await api.get(`management/events/${event.id}`, { token: f.admin.token, query: q(f) });
    expect(after.body.data.name).toBe(event.name);
  });
});
