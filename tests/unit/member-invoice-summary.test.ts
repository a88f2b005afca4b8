import {
  InvoiceSummaryTally,
  memberInvoiceSummary,
  orderStanding,
  registrationStanding,
  type InvoiceStanding,
} from '../../shared/domain/invoicing/summary';

const tickets = [{ ticketTypeId: 'a', ticketTypeName: 'A', quantity: 2, unitPrice: 12.5, fee: 1 }];
const basis = {
  lines: [{ ticketTypeId: 'a', ticketTypeName: 'A', quantity: 2, unitPrice: 12.5, fee: 1, amount: 25 }],
  grandTotal: 25,
  totalFees: 2,
  frozenAt: '2026-01-01T00:00:00.000Z',
};
const settled = (fields: Record<string, unknown> = {}) =>
  orderStanding({ status: 'settled', tickets, soldQuantity: 2, totalQuantity: 2, invoiceBasis: basis, ...fields });

describe('member invoice summary (docs/decisions/sales.md MemberInvoiceSummary)', () => {
  it('classifies orders: settled with a valid basis is eligible, a broken basis invalid, open ones unresolved', () => {
    expect(settled()).toEqual({ kind: 'eligible', invoiced: false, amountCents: 2500 });
    expect(settled({ invoicedAt: '2026-01-02T00:00:00.000Z' })).toMatchObject({ invoiced: true });
    expect(settled({ invoiceBasis: { ...basis, grandTotal: 30 } })).toEqual({ kind: 'invalid' });
    expect(orderStanding({ status: 'delivered', tickets, totalQuantity: 2 })).toEqual({ kind: 'unresolved' });
    expect(orderStanding({ status: 'awaitingReconciliation', tickets, totalQuantity: 2 })).toEqual({
      kind: 'unresolved',
    });
    for (const status of ['pending', 'approved', 'cancelled'] as const)
      expect(orderStanding({ status, tickets, totalQuantity: 2 })).toEqual({ kind: 'none' });
    expect(settled({ soldByOrganizationId: 'partner' })).toEqual({ kind: 'none' });
  });

  it('counts registrations as eligible unless deleted', () => {
    expect(registrationStanding({ totalAmount: 0.3 })).toEqual({ kind: 'eligible', invoiced: false, amountCents: 30 });
    expect(registrationStanding({ totalAmount: 5, deletedAt: 'x' })).toEqual({ kind: 'none' });
  });

  it('sums the amount in cents and derives the state, blockers first', () => {
    const ready = memberInvoiceSummary([settled(), registrationStanding({ totalAmount: 0.1 })]);
    expect(ready).toEqual({
      state: 'readyToInvoice',
      eligibleCount: 2,
      invoicedCount: 0,
      unresolvedOrderCount: 0,
      invalidBasisOrderCount: 0,
      invoiceAmount: 25.1,
      allEligibleInvoiced: false,
    });
    const partly = memberInvoiceSummary([settled({ invoicedAt: 'x' }), registrationStanding({ totalAmount: 1 })]);
    expect(partly.state).toBe('partiallyInvoiced');
    const all = memberInvoiceSummary([settled({ invoicedAt: 'x' })]);
    expect(all).toMatchObject({ state: 'invoiced', allEligibleInvoiced: true });
    const blocked = memberInvoiceSummary([settled({ invoicedAt: 'x' }), { kind: 'unresolved' }]);
    expect(blocked).toMatchObject({ state: 'awaitingSettlement', allEligibleInvoiced: true, unresolvedOrderCount: 1 });
    expect(memberInvoiceSummary([{ kind: 'unresolved' }, { kind: 'invalid' }]).state).toBe('invalidBasis');
    expect(memberInvoiceSummary([])).toMatchObject({ state: 'awaitingSettlement', allEligibleInvoiced: false });
  });

  it('as running counts (the dashboard keeps these per member, not every record): the same summary, "none" not counted', () => {
    const standings: InvoiceStanding[] = [
      settled({ invoicedAt: 'x' }),
      { kind: 'none' },
      registrationStanding({ totalAmount: 0.2 }),
      { kind: 'unresolved' },
      settled({ invoiceBasis: { ...basis, grandTotal: 30 } }),
      registrationStanding({ totalAmount: 0.1 }),
    ];
    const tally = new InvoiceSummaryTally();
    expect(tally.counted).toBe(0);
    standings.forEach((standing) => tally.add(standing));
    expect(tally.counted).toBe(5);
    expect(tally.summary()).toEqual(memberInvoiceSummary(standings));
    expect(tally.summary()).toMatchObject({ eligibleCount: 3, invoicedCount: 1, invoiceAmount: 25.3 });
    const onlyNone = new InvoiceSummaryTally();
    onlyNone.add({ kind: 'none' });
    expect(onlyNone.counted).toBe(0);
  });
});
