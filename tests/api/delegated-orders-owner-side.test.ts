import { TestHost } from '../helpers/harness';
import { registeredRoutes } from '../../shared/http/route';
import { loadFunctions } from '../../shared/http/load-functions';
import { q } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import {
  partitionFingerprint,
  seedActiveDelegation,
  seedDelegatedSalesMarker,
  seedDelegationStatus,
  seedInvoiceBasisGrandTotal,
  storedDocument,
} from '../helpers/seed';
import { delegatedEvent, delegatedWorld, partnerApi, type DelegatedWorld } from '../helpers/delegated-orders';

/**
 * Delegated orders seen from the owner's side and the limits of the partner's authority: revocation effective at
 * once (even with a stale partner index), rule 9 (nothing else reachable), the wrong-endpoint rule, the privacy
 * projection per reader, and archiving a settled delegated order.
 */
let api: TestHost;
let w: DelegatedWorld;
let d: ReturnType<typeof partnerApi>;
beforeAll(async () => {
  api = await TestHost.start();
  w = await delegatedWorld(api);
  d = partnerApi(api, w);
});
afterAll(() => api.close());

describe('revocation', () => {
  it("blocks a queued order's approval and every other partner route at once, though the partner index is stale", async () => {
    const revoked = await delegatedEvent(api, w);
    const o = partnerApi(api, revoked);
    const queued = await o.created(w.p.member, [1, 0]);
    const delivered = await o.delivered(w.p.member, [1, 0]);
    await seedDelegationStatus(w.f.orgId, revoked.event.id, revoked.delegationId, 'revoked');
    // The partner's own index still says active: it is never authority.
    const partnerOrg = await storedDocument(w.p.orgId, w.p.orgId);
    expect(partnerOrg.delegatedEventSales).toContainEqual(
      expect.objectContaining({ eventId: revoked.event.id, status: 'active' }),
    );
    const before = await partitionFingerprint(w.f.orgId);
    const calls = [
      o.post(w.p.ticketManager, `/orders/${queued.id}/approve`),
      o.post(w.p.ticketManager, `/orders/${queued.id}/approve-and-deliver`),
      o.post(w.p.member, `/orders/${queued.id}/cancel`),
      o.post(w.p.member, `/orders/${delivered.id}/report-sold`, { soldQuantity: 1 }),
      o.post(w.p.ticketManager, `/orders/${delivered.id}/report-returned`, { returnQuantity: 1 }),
      o.selfOrder(w.p.member),
      o.onBehalf(w.p.ticketManager, w.p.member.id),
      o.get(w.p.ticketManager, '/orders/queue'),
      o.get(w.p.ticketManager, '/orders'),
      o.get(w.p.ticketManager, '/sales-context'),
      o.get(w.p.member, '/catalog'),
      o.get(w.p.member, '/orders/mine'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('FORBIDDEN');
    }
    expect(await partitionFingerprint(w.f.orgId)).toEqual(before);
    expect((await storedDocument(w.f.orgId, queued.id)).status).toBe('pending');
  });
});

describe('permissions bundle', () => {
  it('treats an absent canApproveOwnMemberOrders (delegations before v1.2.0) as granted', async () => {
    const legacy = await delegatedEvent(api, w);
    await seedActiveDelegation(w.f.orgId, legacy.event.id, w.p.orgId, {
      permissions: { canCreateSales: true, canReportSoldReturned: true, canViewOwnAttributedReports: true },
    });
    const delegationId = (await storedDocument(w.f.orgId, legacy.event.id)).salesDelegations[0].id;
    const o = partnerApi(api, { ...legacy, delegationId });
    const order = await o.created(w.p.member, [1, 0]);
    expect(order.delegationId).toBe(delegationId);
    expect((await o.post(w.p.ticketManager, `/orders/${order.id}/approve-and-deliver`)).status).toBe(200);
  });
});

describe('rule 9: nothing else is reachable through a partner', () => {
  const ALLOWED = [
    'GET sales-context',
    // Ours (docs/decisions/delegated-orders.md): reads for any member, nothing the rule forbids.
    'GET catalog',
    'GET orders/mine',
    'POST orders/self',
    'GET orders/queue',
    'POST orders/{orderId}/approve',
    'POST orders/{orderId}/deliver',
    'POST orders/{orderId}/approve-and-deliver',
    'POST orders/{orderId}/cancel',
    'GET orders',
    'POST orders',
    'POST orders/{orderId}/report-sold',
    'POST orders/{orderId}/report-returned',
  ];

  it('declares no partner route beyond the listed ones (no refund, transfer, reconcile, settle, invoice, archive)', () => {
    loadFunctions();
    const prefix = 'organizations/{partnerOrganizationId}/delegated-events/{eventId}/';
    const partnerRoutes = registeredRoutes().filter((r) => r.route.startsWith(prefix));
    expect(partnerRoutes.every((r) => r.scope.kind === 'partner')).toBe(true);
    const declared = partnerRoutes.map((r) => `${r.method} ${r.route.slice(prefix.length)}`);
    expect(declared.sort()).toEqual([...ALLOWED].sort());
  });

  it("gives the partner's staff nothing on owner routes, through either organization", async () => {
    const order = await d.delivered(w.p.member, [2, 0]);
    const before = await partitionFingerprint(w.f.orgId);
    const ownerRoutes: [string, string, unknown][] = [
      ['POST', `orders/${order.id}/cancel`, {}],
      [
        'POST',
        `orders/${order.id}/transfer`,
        { toUserId: w.p.member.id, transferRequestId: crypto.randomUUID(), quantity: 1 },
      ],
      ['POST', `orders/${order.id}/approve-reconciliation`, {}],
      ['PATCH', `orders/${order.id}/archive`, { archived: true }],
      ['POST', `orders/${order.id}/return`, { returnQuantity: 1 }],
      ['GET', `orders/${order.id}`, undefined],
      ['PUT', `management/events/${w.event.id}`, { venueCapacity: 1000 }],
      ['PUT', `management/events/${w.event.id}/lock`, {}],
    ];
    for (const [method, path, body] of ownerRoutes) {
      for (const who of [w.p.admin, w.p.ticketManager]) {
        // Through the partner organization: the order and event are not there (404), or the role or mode refuses.
        const viaPartner = await api.request(method, path, { token: who.token, query: q(w.p), body });
        expect({ path, refused: [403, 404].includes(viaPartner.status) }).toEqual({ path, refused: true });
        expect(viaPartner.text).not.toContain(w.event.name);
        // Through the owner organization: not a member.
        const viaOwner = await api.request(method, path, { token: who.token, query: q(w.f), body });
        expect({ path, status: viaOwner.status }).toEqual({ path, status: 403 });
      }
    }
    expect(await partitionFingerprint(w.f.orgId)).toEqual(before);
  });
});

describe('owner-side effects', () => {
  it('keeps owner members ordering on a delegated event; only a projection marker refuses POST /api/orders', async () => {
    const owner = orderApi(api, w.f);
    expect((await owner.post('orders', w.f.member, { eventId: w.event.id, tickets: d.tickets([1, 0]) })).status).toBe(
      201,
    );
    const marked = await delegatedEvent(api, w);
    await seedDelegatedSalesMarker(w.f.orgId, marked.event.id, { orderRouting: 'delegated' });
    for (const who of [w.f.member, w.f.admin]) {
      const res = await owner.post('orders', who, { eventId: marked.event.id, tickets: d.tickets([1, 0]) });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'WRONG_ENDPOINT', errorCode: 'WRONG_ENDPOINT' });
    }
  });

  it('shows owner staff the whole attribution; the partner projection never holds owner internals', async () => {
    const order = await d.created(w.p.member, [1, 1]);
    const asManager = await api.get(`orders/${order.id}`, { token: w.f.ticketManager.token, query: q(w.f) });
    expect(asManager.status).toBe(200);
    expect(asManager.body.data).toMatchObject({
      organizationId: w.f.orgId,
      requestedBy: w.p.member.id,
      soldByOrganizationId: w.p.orgId,
      soldByOrganizationName: 'Partner shop',
      soldByUserId: w.p.member.id,
      soldByUserName: 'Mia Member',
      delegationId: w.delegationId,
      buyerUserId: w.p.member.id,
      buyerUserName: 'Mia Member',
      buyerUserEmail: w.p.member.email,
    });
    // Owner staff approve and deliver on their own routes too; the partner then sees when, not who.
    await orderApi(api, w.f).approve(order.id);
    const queue = await d.get(w.p.ticketManager, '/orders/queue', { status: 'approved' });
    const seen = queue.body.data.items.find((x: any) => x.id === order.id);
    expect(seen).toMatchObject({ status: 'approved', approvedAt: expect.any(String) });
    expect(seen).not.toHaveProperty('approvedBy');
    expect(queue.text).not.toContain(w.f.ticketManager.id);
  });

  it('hides buyer and seller identities from ordinary owner members, keeping the buyer of record their own', async () => {
    // A partner member who is also an ordinary member of the owner organization orders through the partner.
    const both = w.p.member2;
    const add = await api.post(`organizations/${w.f.orgId}/members`, {
      token: w.f.superToken,
      body: { email: both.email, role: 'member' },
    });
    expect(add.status).toBe(201);
    const onBehalf = await d.onBehalf(w.p.ticketManager, both.id, [1, 0]);
    expect(onBehalf.status).toBe(201);
    const mine = await api.get('me/orders', { token: both.token, query: { ...q(w.f), eventId: w.event.id } });
    const seen = mine.body.data.items.find((x: any) => x.id === onBehalf.body.data.id);
    expect(seen).toMatchObject({
      soldByOrganizationId: w.p.orgId,
      delegationId: w.delegationId,
      buyerUserId: both.id,
      buyerUserEmail: both.email,
    });
    expect(seen).not.toHaveProperty('soldByUserId');
    expect(seen).not.toHaveProperty('soldByUserName');

    // Transferred to an ordinary owner member: the provenance is for managers only.
    const transfer = await api.post(`orders/${onBehalf.body.data.id}/transfer`, {
      token: w.f.ticketManager.token,
      query: q(w.f),
      body: { toUserId: w.f.member.id, transferRequestId: crypto.randomUUID(), quantity: 1 },
    });
    expect(transfer.status).toBe(200);
    const asMember = (
      await api.get('me/orders', { token: w.f.member.token, query: { ...q(w.f), eventId: w.event.id } })
    ).body.data.items.find((x: any) => x.id === onBehalf.body.data.id);
    for (const hidden of ['buyerUserId', 'buyerUserName', 'buyerUserEmail', 'soldByUserId', 'delegatedOrigin'])
      expect(asMember).not.toHaveProperty(hidden);
    const asManager = await api.get(`orders/${onBehalf.body.data.id}`, {
      token: w.f.ticketManager.token,
      query: q(w.f),
    });
    expect(asManager.body.data.delegatedOrigin).toMatchObject({
      originSoldByOrganizationId: w.p.orgId,
      originDelegationId: w.delegationId,
      originBuyerUserId: both.id,
    });
    expect(asManager.body.data).not.toHaveProperty('soldByOrganizationId');
  });

  it('archives a settled delegated order without an invoice, but not with an invalid basis', async () => {
    const owner = orderApi(api, w.f);
    const settle = async () => {
      const order = await d.delivered(w.p.member, [1, 0]);
      expect((await d.post(w.p.member, `/orders/${order.id}/report-sold`, { soldQuantity: 1 })).status).toBe(200);
      const settled = await owner.post(`orders/${order.id}/approve-reconciliation`, w.f.ticketManager);
      expect(settled.body.data).toMatchObject({ status: 'settled' });
      expect(settled.body.data).not.toHaveProperty('invoicedAt');
      return order.id as string;
    };
    const archive = (id: string) =>
      api.patch(`orders/${id}/archive`, { token: w.f.ticketManager.token, query: q(w.f), body: { archived: true } });
    const ok = await archive(await settle());
    expect(ok.status).toBe(200);
    expect(ok.body.data.archived).toBe(true);
    const broken = await settle();
    await seedInvoiceBasisGrandTotal(w.f.orgId, broken, 999);
    const refused = await archive(broken);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('INVALID_INVOICE_BASIS');
  });
});
