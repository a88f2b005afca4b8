import { TestHost } from '../helpers/harness';
import { delegatedWorld, partnerApi, type DelegatedWorld } from '../helpers/delegated-orders';

/**
 * DELEGATED_MEMBER_CATALOG_ENABLED=false (docs/decisions/delegated-orders.md, "Member catalog"): the catalog answers
 * 503 with its own code; member ordering, the sales context and a member's own orders stay as they are.
 */
let api: TestHost;
let w: DelegatedWorld;
let d: ReturnType<typeof partnerApi>;
beforeAll(async () => {
  api = await TestHost.start({ DELEGATED_MEMBER_CATALOG_ENABLED: 'false' });
  w = await delegatedWorld(api);
  d = partnerApi(api, w);
});
afterAll(() => api.close());

describe('member catalog switched off', () => {
  it('answers 503 DELEGATED_MEMBER_CATALOG_UNAVAILABLE to every partner member', async () => {
    for (const who of [w.p.member, w.p.ticketManager, w.p.admin]) {
      const res = await d.get(who, '/catalog');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        success: false,
        error: 'DELEGATED_MEMBER_CATALOG_UNAVAILABLE',
        errorCode: 'DELEGATED_MEMBER_CATALOG_UNAVAILABLE',
      });
      expect(res.text).not.toContain('Adult');
    }
  });

  it('still authenticates and scopes first: strangers get 403, no token 401', async () => {
    expect((await d.get(w.p.outsider, '/catalog')).status).toBe(403);
    expect((await api.get(d.path('/catalog'))).status).toBe(401);
  });

  it('is its own switch: member ordering, the sales context and own orders stay open', async () => {
    expect((await d.selfOrder(w.p.member, [1, 0])).status).toBe(201);
    expect((await d.get(w.p.ticketManager, '/sales-context')).status).toBe(200);
    expect((await d.get(w.p.member, '/orders/mine')).body.data.items).toHaveLength(1);
  });
});
