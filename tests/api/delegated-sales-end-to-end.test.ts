import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { capacitySummary } from '../helpers/events';
import {
  activeDelegation,
  delegatedEvents,
  listDelegations,
  revoke,
  setupPartner,
  type PartnerFixture,
} from '../helpers/delegations';
import { injectStoreFault, type StoreOperation } from '../helpers/seed';
import { healOnce } from '../../shared/domain/heal/heal';

/**
 * Delegated sales end to end, through the real routes only: an owner invites a partner by its admin's e-mail, the
 * partner accepts, a partner member orders through self-service, the partner's ticket manager approves and
 * delivers, the member reports sales; the owner's dashboard and reports show them as the partner channel and the
 * member invoice refuses them. Then the owner revokes while the partner's reverse index cannot be written: the
 * stale index still says active, yet the queued order can no longer be approved, and the heal pass catches the
 * index up.
 */
let api: TestHost;
let f: OrgFixture;
let partner: PartnerFixture;
let event: any;
let delegationId: string;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  partner = await setupPartner(api, f.superToken);
  event = await createEvent(api, f, { venueCapacity: 10 });
  ({ delegationId } = await activeDelegation(api, f, event.id, partner));
}, 60_000);
afterEach(() => injectStoreFault(undefined));
afterAll(() => api.close());

const partnerPath = (suffix: string) => `organizations/${partner.orgId}/delegated-events/${event.id}${suffix}`;
const adult = () => event.ticketTypes[0].id;

describe('delegated sales through every side', () => {
  let soldOrderId: string;
  let queuedOrderId: string;

  it('a partner member orders, the partner approves and delivers, the member reports two sold', async () => {
    const order = await api.post(partnerPath('/orders/self'), {
      token: partner.member.token,
      body: { tickets: [{ ticketTypeId: adult(), quantity: 3 }] },
    });
    expect(order.status).toBe(201);
    expect(order.body.data).toMatchObject({ status: 'pending', soldByOrganizationId: partner.orgId });
    expect(order.body.data).not.toHaveProperty('organizationId'); // the partner never sees the owner's ids
    soldOrderId = order.body.data.id;
    const delivered = await api.post(partnerPath(`/orders/${soldOrderId}/approve-and-deliver`), {
      token: partner.ticketManager.token,
    });
    expect(delivered.body.data.status).toBe('delivered');
    const sold = await api.post(partnerPath(`/orders/${soldOrderId}/report-sold`), {
      token: partner.member.token,
      body: { soldQuantity: 2 },
    });
    expect(sold.status).toBe(200);
    const queued = await api.post(partnerPath('/orders/self'), {
      token: partner.member.token,
      body: { tickets: [{ ticketTypeId: adult(), quantity: 1 }] },
    });
    queuedOrderId = queued.body.data.id;
  });

  it('the owner sees the partner channel: partnerSold, salesByPartnerOrganization, never a member sale', async () => {
    const res = await api.get(`management/dashboard/${event.id}`, {
      token: f.ticketManager.token,
      query: { organizationId: f.orgId },
    });
    const d = res.body.data;
    expect(d.salesByShowtime[0]).toMatchObject({ sold: 0, partnerSold: 2, totalSold: 2, remaining: 8, revenue: 50 });
    expect(d.salesByPartnerOrganization).toEqual([
      { organizationId: partner.orgId, organizationName: partner.name, ticketsSold: 2, revenue: 50, fee: 3 },
    ]);
    expect(d.salesByMember).toEqual([]);
    expect(d).toMatchObject({ totalTicketsSold: 2, totalRevenue: 50, totalFee: 3, activeSellers: 0 });
    expect((await capacitySummary(api, f, event.id)).showtimes[0]).toMatchObject({ sold: 2, remaining: 8 });
    const invoice = await api.put(`management/members/${partner.member.id}/invoice/${event.id}`, {
      token: f.ticketManager.token,
      query: { organizationId: f.orgId },
      body: { invoiced: true },
    });
    expect(invoice.status).toBe(409);
  });

  it('a revoke with the reverse index down blocks the queued order at once; heal catches the index up', async () => {
    const partnerIndexWrites = (op: StoreOperation) =>
      op.kind === 'replace' && op.container === 'orgs' && op.id === partner.orgId;
    injectStoreFault(partnerIndexWrites);
    const revoked = await revoke(api, f, event.id, delegationId);
    expect(revoked.status).toBe(200);
    // The partner's index is stale: it still lists the event as active.
    const stale = await delegatedEvents(api, partner.orgId, partner.member);
    expect(stale.body.data.items.map((r: { eventId: string }) => r.eventId)).toContain(event.id);

    const approve = await api.post(partnerPath(`/orders/${queuedOrderId}/approve`), {
      token: partner.ticketManager.token,
    });
    expect(approve.status).toBe(403);
    const report = await api.post(partnerPath(`/orders/${soldOrderId}/report-sold`), {
      token: partner.member.token,
      body: { soldQuantity: 3 },
    });
    expect(report.status).toBe(403);
    const owner = await api.get(`orders/${queuedOrderId}`, {
      token: f.ticketManager.token,
      query: { organizationId: f.orgId },
    });
    expect(owner.body.data.status).toBe('pending');

    injectStoreFault(undefined);
    const healed = await healOnce();
    expect(healed.reverseIndex.synced).toBeGreaterThanOrEqual(1);
    const fresh = await delegatedEvents(api, partner.orgId, partner.member);
    expect(fresh.body.data.items.map((r: { eventId: string }) => r.eventId)).not.toContain(event.id);
    const [delegation] = (await listDelegations(api, f, event.id)).body.data.items;
    expect(delegation).toMatchObject({ status: 'revoked', reverseIndexSyncStatus: 'synced' });
  });
});
