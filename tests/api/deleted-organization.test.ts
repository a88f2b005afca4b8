import { isOrgRoute, registeredRoutes } from '../../shared/http/route';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';

/**
 * A soft-deleted organization answers 404 NOT_FOUND on every organization-scoped route, to a super admin and to
 * its former members alike (generated from the route table, so a new organization route is covered at once).
 */
let api: TestHost;
let f: OrgFixture;
let event: { id: string; ticketTypes: { id: string }[] };
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api, { name: 'Closing choir' });
  event = await createEvent(api, f);
});
const orderBody = () => ({ eventId: event.id, tickets: [{ ticketTypeId: event.ticketTypes[0].id, quantity: 1 }] });
afterAll(() => api.close());

const orgRoutes = () => registeredRoutes().filter(isOrgRoute);
const pathOf = (route: ReturnType<typeof orgRoutes>[number], orgId: string) =>
  (route.orgParam ? route.route.replace(`{${route.orgParam}}`, orgId) : route.route).replace(
    /\{(\w+)\}/g,
    'placeholder-$1',
  );
const call = (route: ReturnType<typeof orgRoutes>[number], token: string, orgId: string) =>
  api.request(route.method, pathOf(route, orgId), {
    token,
    query: { organizationId: orgId },
    body: route.method === 'GET' ? undefined : {},
  });

describe('soft-deleted organization', () => {
  it('has organization routes to check', () => {
    expect(orgRoutes().length).toBeGreaterThan(40);
  });

  it('lets a super admin create an order and list events before the delete (so the probes below can pass)', async () => {
    const order = await api.post('orders', {
      token: f.superToken,
      query: { organizationId: f.orgId },
      body: orderBody(),
    });
    expect(order.status).toBe(201);
    const events = await api.get('events', { token: f.superToken, query: { organizationId: f.orgId } });
    expect(events.body.data.items.map((e: { id: string }) => e.id)).toEqual([event.id]);
  });

  it('answers 404 NOT_FOUND on every organization route to a super admin and to its former admin', async () => {
    expect((await api.del(`organizations/${f.orgId}`, { token: f.superToken })).status).toBe(200);
    const failures: string[] = [];
    for (const route of orgRoutes()) {
      for (const [who, token] of [
        ['super admin', f.superToken],
        ['former admin', f.admin.token],
        ['former member', f.member.token],
      ] as const) {
        const res = await call(route, token, f.orgId);
        if (res.status !== 404 || res.body?.error !== 'NOT_FOUND') {
          failures.push(`${route.method} ${route.route} as ${who} → ${res.status} ${res.body?.error}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120000);

  it('creates no order there and lists none of its events, even for a super admin', async () => {
    const order = await api.post('orders', {
      token: f.superToken,
      query: { organizationId: f.orgId },
      body: orderBody(),
    });
    expect([order.status, order.body.error]).toEqual([404, 'NOT_FOUND']);
    const events = await api.get('events', { token: f.superToken, query: { organizationId: f.orgId } });
    expect([events.status, events.body.error]).toEqual([404, 'NOT_FOUND']);
  });

  it('still answers 403 to a caller who never belonged to it (no existence oracle)', async () => {
    const res = await api.get('events', { token: f.outsider.token, query: { organizationId: f.orgId } });
    expect(res.status).toBe(403);
  });
});
