import { TestHost } from '../helpers/harness';
import { partitionFingerprint } from '../helpers/seed';
import { delegatedWorld, partnerApi, type DelegatedWorld } from '../helpers/delegated-orders';

/** DELEGATED_MEMBER_ORDERING_ENABLED=false (docs/decisions/delegated-orders.md): 503 and nothing created; the rest of the flow stays open. */
let api: TestHost;
let w: DelegatedWorld;
let d: ReturnType<typeof partnerApi>;
beforeAll(async () => {
  api = await TestHost.start({ DELEGATED_MEMBER_ORDERING_ENABLED: 'false' });
  w = await delegatedWorld(api);
  d = partnerApi(api, w);
});
afterAll(() => api.close());

describe('member self-service switched off', () => {
  it('answers 503 DELEGATED_MEMBER_ORDERING_UNAVAILABLE to every partner member and creates nothing', async () => {
    const before = await partitionFingerprint(w.f.orgId);
    for (const who of [w.p.member, w.p.ticketManager, w.p.admin]) {
      const res = await d.selfOrder(who);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        success: false,
        error: 'DELEGATED_MEMBER_ORDERING_UNAVAILABLE',
        errorCode: 'DELEGATED_MEMBER_ORDERING_UNAVAILABLE',
      });
    }
    expect(await partitionFingerprint(w.f.orgId)).toEqual(before);
  });

  it('checks the switch before the body: a malformed request gets the same 503', async () => {
    const res = await d.post(w.p.member, '/orders/self', { tickets: [], unknown: true });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('DELEGATED_MEMBER_ORDERING_UNAVAILABLE');
  });

  it('still authenticates and scopes first: strangers get 403, no token 401', async () => {
    expect((await d.selfOrder(w.p.outsider)).status).toBe(403);
    expect((await api.post(d.path('/orders/self'), { body: { tickets: d.tickets([1, 0]) } })).status).toBe(401);
  });

  it('leaves the staff on-behalf path and the queue open', async () => {
    const res = await d.onBehalf(w.p.ticketManager, w.p.member.id, [1, 0]);
    expect(res.status).toBe(201);
    expect((await d.get(w.p.ticketManager, '/orders/queue')).status).toBe(200);
  });
});
