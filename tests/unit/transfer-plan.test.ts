import { planTransfer } from '../../shared/domain/transfers/plan';
import type { OrderDoc } from '../../shared/domain/orders/model';

const base: OrderDoc = {
  id: 'order-1',
  docType: 'order',
  organizationId: 'org',
  eventId: 'e',
  eventName: 'Concert',
  showtimeId: 's',
  requestedBy: 'partner-member',
  requestedByName: 'Pat Partner',
  requestedByEmail: 'pat@example.org',
  tickets: [
    { ticketTypeId: 'adult', ticketTypeName: 'Adult', quantity: 3, unitPrice: 10.1, fee: 0.2 },
    { ticketTypeId: 'child', ticketTypeName: 'Child', quantity: 1, unitPrice: 5, fee: 0 },
  ],
  totalQuantity: 4,
  totalAmount: 35.3,
  totalFees: 0.6,
  status: 'delivered',
  soldQuantity: 1,
  soldTypeQuantities: [{ ticketTypeId: 'adult', soldQuantity: 1 }],
  returnedQuantity: 0,
  capacityQuantity: 1,
  soldByOrganizationId: 'partner-org',
  soldByOrganizationName: 'Partner',
  soldByUserId: 'partner-member',
  soldByUserName: 'Pat Partner',
  delegationId: 'deleg-1',
  buyerUserId: 'buyer',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const parties = {
  from: { id: 'partner-member', name: 'Pat Partner', email: 'pat@example.org' },
  to: { id: 'owner-member', name: 'Olly Owner', email: 'olly@example.org' },
  actor: { id: 'tm', name: 'Tina', email: '' },
  at: '2026-02-01T00:00:00.000Z',
  destinationId: 'dest-1',
};

describe('planTransfer', () => {
  it('moves delegated attribution into audit-only provenance on the destination, never the authority fields', () => {
    const plan = planTransfer(base, { toUserId: 'owner-member', transferRequestId: 'r-1', quantity: 2 }, parties);
    expect(plan.destination).toBeDefined();
    const d = plan.destination!;
    expect(d.soldByOrganizationId).toBeUndefined();
    expect(d.soldByUserId).toBeUndefined();
    expect(d.delegationId).toBeUndefined();
    expect(d.delegatedOrigin).toEqual({
      originSoldByOrganizationId: 'partner-org',
      originSoldByUserId: 'partner-member',
      originSoldByUserName: 'Pat Partner',
      originDelegationId: 'deleg-1',
      originOrderId: 'order-1',
      originBuyerUserId: 'buyer',
      transferredAt: parties.at,
      transferRequestId: 'r-1',
    });
    expect(plan.entry.delegatedOrigin).toEqual(d.delegatedOrigin);
    // The source keeps its own attribution and its sold evidence.
    expect(plan.source.soldByOrganizationId).toBe('partner-org');
    expect(plan.source.soldTypeQuantities).toEqual(base.soldTypeQuantities);
  });

  it('recomputes totals of both sides in cents', () => {
    const plan = planTransfer(
      base,
      { toUserId: 'owner-member', transferRequestId: 'r-2', tickets: [{ ticketTypeId: 'adult', quantity: 2 }] },
      parties,
    );
    expect(plan.source).toMatchObject({ totalQuantity: 2, totalAmount: 15.1, totalFees: 0.2 });
    expect(plan.destination).toMatchObject({
      totalQuantity: 2,
      totalAmount: 20.2,
      totalFees: 0.4,
      capacityQuantity: 0,
      soldQuantity: 0,
    });
    expect(plan.destination!.sortKey).toBe(`${parties.at}|dest-1`);
  });

  it('reassigns a whole unreported order in place and strips partner authority there too', () => {
    const fresh = { ...base, soldQuantity: 0, soldTypeQuantities: undefined, capacityQuantity: 0 };
    const plan = planTransfer(fresh, { toUserId: 'owner-member', transferRequestId: 'r-3', quantity: 4 }, parties);
    expect(plan.destination).toBeUndefined();
    expect(plan.entry).toMatchObject({
      transferType: 'full',
      resultOrderId: 'order-1',
      sourceRemainingQuantityAtTransfer: 0,
    });
    expect(plan.source).toMatchObject({
      requestedBy: 'owner-member',
      status: 'delivered',
      delegatedOrigin: expect.any(Object),
    });
    expect(plan.source.soldByOrganizationId).toBeUndefined();
  });
});
