import { randomUUID } from 'node:crypto';
import { checkInvariants, type Violation } from '../../shared/domain/invariants/check';
import { healOnce } from '../../shared/domain/heal/heal';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { orderApi } from '../helpers/orders';
import { giveFree } from '../helpers/events';
import { activeDelegation, setupPartner, type PartnerFixture } from '../helpers/delegations';
import {
  jointSharedEvent,
  participantOrganizations,
  sellOnProjection,
  type Participant,
} from '../helpers/shared-events/capacity';
import { runScriptProcess } from '../helpers/heal-process';
import {
  loseOrgDocument,
  seedDelegationFields,
  seedInvoiceBasisGrandTotal,
  seedLedgerEntryBypassingCounter,
  seedOrgDocumentFields,
  seedRawOrgDocument,
  seedSharedEventDocumentFields,
  storedDocument,
  storedSharedEventDocuments,
} from '../helpers/seed';

/**
 * The invariant checker on a real store: a world built through the routes (orders in every state, a settled one, a
 * partial transfer, an allocation, free tickets, an active delegation, a Shared Event with a sale on a projection)
 * has no violation; then each kind of violation is made the way a half write or a hand edit leaves it and the
 * checker names it. Finally `npm run check-invariants` as an operator runs it: a JSON report, exit code 1.
 */
let api: TestHost;
let f: OrgFixture;
let partner: PartnerFixture;
let others: Participant[];
const world: Record<string, any> = {};

const rulesOf = (found: Violation[]) => [...new Set(found.map((v) => v.rule))].sort();
const about = (found: Violation[], documentId: string) => found.filter((v) => v.documentId === documentId);

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  const o = orderApi(api, f);
  const event = await createEvent(api, f, { venueCapacity: 50 });
  const types = event.ticketTypes.map((t: { id: string }) => t.id);
  // Settled: 2 + 1 ordered, 2 sold, 1 returned, reconciled.
  const settled = await o.delivered(f.member, event, [2, 1]);
  expect(
    (
      await o.reportSold(f.member, settled.id, {
        soldQuantity: 2,
        soldTypeQuantities: [{ ticketTypeId: types[0], soldQuantity: 2 }],
      })
    ).status,
  ).toBe(200);
  expect((await o.ret(f.ticketManager, settled.id, { returnQuantity: 1 })).status).toBe(200);
  expect((await o.post(`orders/${settled.id}/approve-reconciliation`, f.ticketManager)).status).toBe(200);
  // A partial transfer of a delivered order: 1 of 3 to the second member.
  const source = await o.delivered(f.member, event, [3, 0]);
  const moved = await api.post(`orders/${source.id}/transfer`, {
    token: f.ticketManager.token,
    query: o.q,
    body: { toUserId: f.member2.id, quantity: 1, transferRequestId: randomUUID() },
  });
  expect(moved.status).toBe(200);
  const pending = await o.create(f.member2, event, [1, 0]);
  const allocation = await api.post('allocations', {
    token: f.ticketManager.token,
    query: o.q,
    body: { eventId: event.id, userId: f.member.id, items: [{ ticketTypeId: types[0], allocated: 10 }] },
  });
  expect([200, 201]).toContain(allocation.status);
  expect((await giveFree(api, f, event, 2)).status).toBe(201);
  partner = await setupPartner(api, f.superToken);
  const { delegationId } = await activeDelegation(api, f, event.id, partner);
  others = await participantOrganizations(api, f, ['Joint One']);
  const se = await jointSharedEvent(api, f, others);
  expect((await sellOnProjection(api, { orgId: others[0].orgId, token: others[0].admin.token }, se, 2)).status).toBe(
    201,
  );
  Object.assign(world, {
    event,
    settled,
    source,
    destinationId: moved.body.data.resultOrderId,
    pending,
    allocationId: allocation.body.data.id,
    delegationId,
    se,
  });
}, 120_000);
afterAll(() => api.close());

describe('checkInvariants', () => {
  it('finds nothing in a world the routes built', async () => {
    expect(await checkInvariants()).toEqual([]);
  });

  it('names each kind of violation as a half write or a hand edit leaves it', async () => {
    const { event, settled, source, destinationId, pending, allocationId, delegationId, se } = world;
    const showtimeId = event.showtimes[0].showtimeId;
    // A registration the counter never saw: the counter is below its ledger (not a healable window).
    await seedLedgerEntryBypassingCounter(f.orgId, {
      eventId: event.id,
      showtimeId,
      docType: 'registration',
      quantity: 2,
    });
    // The settled order's frozen basis changed after settlement.
    await seedInvoiceBasisGrandTotal(f.orgId, settled.id, 999);
    // A pending order with sales and more returned than ordered; a source order whose transfer entry was lost.
    await seedOrgDocumentFields(f.orgId, pending.id, { soldQuantity: 1, capacityQuantity: 1, returnedQuantity: 5 });
    await seedOrgDocumentFields(f.orgId, source.id, { transferHistory: [] });
    // An allocation item storing a `used` the orders do not give.
    const stored = await storedDocument(f.orgId, allocationId);
    await seedOrgDocumentFields(f.orgId, allocationId, {
      items: stored.items.map((i: object) => ({ ...i, used: 7 })),
    });
    // A delegation whose partner index sync failed (healable), and the partner index naming a stranger.
    await seedDelegationFields(f.orgId, event.id, delegationId, { reverseIndexSyncStatus: 'failed' });
    const partnerOrg = await storedDocument(partner.orgId, partner.orgId);
    await seedOrgDocumentFields(partner.orgId, partner.orgId, {
      delegatedEventSales: [
        ...partnerOrg.delegatedEventSales,
        { delegationId: 'ghost', eventId: 'no-event', ownerOrganizationId: f.orgId, status: 'active' },
      ],
    });
    // A Shared Event counter below its ledger.
    const [counter] = await storedSharedEventDocuments(se.id, 'sharedCapacityCounter');
    await seedSharedEventDocumentFields(se.id, counter.id, { committed: counter.committed - 1 });
    // Misplaced documents: a free ticket of an event that is not in its partition, a partition with no organization.
    const strayId = `freeTicket-${randomUUID()}`;
    await seedRawOrgDocument({ id: strayId, docType: 'freeTicket', organizationId: f.orgId, eventId: 'elsewhere' });
    const ghostOrg = `ghost-${randomUUID()}`;
    await seedRawOrgDocument({ id: `note-${randomUUID()}`, docType: 'notification', organizationId: ghostOrg });

    const found = await checkInvariants();
    expect(rulesOf(found)).toEqual([
      'allocationUsedEqualsOrders',
      'capacityCounterEqualsLedger',
      'delegationReverseIndexConverges',
      'orderInvoiceBasisFrozen',
      'orderQuantities',
      'orderStatusMatchesQuantities',
      'partitionKeyMatchesOwner',
      'sharedCounterEqualsLedger',
      'transferDestinationHasSource',
    ]);
    expect(about(found, `capacity-${event.id}-${showtimeId}`)).toEqual([
      expect.objectContaining({ rule: 'capacityCounterEqualsLedger', healable: false }),
    ]);
    expect(about(found, settled.id).map((v) => v.rule)).toEqual(['orderInvoiceBasisFrozen']);
    expect(about(found, pending.id).map((v) => v.rule)).toEqual(['orderQuantities', 'orderStatusMatchesQuantities']);
    expect(about(found, destinationId)).toEqual([
      expect.objectContaining({
        rule: 'transferDestinationHasSource',
        message: 'the source order does not record this transfer',
      }),
    ]);
    expect(about(found, allocationId)).toEqual([expect.objectContaining({ details: { stored: 7, fromOrders: 4 } })]);
    expect(about(found, event.id)).toEqual([
      expect.objectContaining({ rule: 'delegationReverseIndexConverges', healable: true }),
    ]);
    expect(about(found, partner.orgId)).toEqual([
      expect.objectContaining({ rule: 'delegationReverseIndexConverges', healable: false }),
    ]);
    expect(about(found, counter.id)).toEqual([
      expect.objectContaining({ rule: 'sharedCounterEqualsLedger', partition: se.id, healable: false }),
    ]);
    expect(about(found, strayId).map((v) => v.rule)).toEqual(['partitionKeyMatchesOwner']);
    expect(found.filter((v) => v.partition === ghostOrg).map((v) => v.message)).toEqual([
      'the partition has no organization document',
    ]);

    // The heal pass closes the window it owns (the reverse index sync) and repairs the quiet counter.
    await healOnce({ quietMs: 0 });
    const after = await checkInvariants();
    expect(about(after, event.id)).toEqual([]);
    expect(about(after, `capacity-${event.id}-${showtimeId}`)).toEqual([]);

    // A lost partial-transfer source: the destination is an orphan.
    await loseOrgDocument(f.orgId, source.id);
    expect(about(await checkInvariants(), destinationId).map((v) => v.message)).toEqual([
      'the source order does not exist',
    ]);
  });

  it('npm run check-invariants prints the violations as JSON and exits 1', async () => {
    const { report, exitCode } = await runScriptProcess('check-invariants');
    expect(exitCode).toBe(1);
    expect(report.violations).toBeGreaterThan(0);
    expect(report.found).toEqual(
      expect.arrayContaining([expect.objectContaining({ rule: 'orderInvoiceBasisFrozen' })]),
    );
  }, 150_000);
});
