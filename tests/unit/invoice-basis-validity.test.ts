import { freezeInvoiceBasis, isInvoiceBasisValid } from '../../shared/domain/orders/invoice-basis';
import type { OrderDoc } from '../../shared/domain/orders/model';

const order = {
  status: 'settled',
  tickets: [
    { ticketTypeId: 'a', ticketTypeName: 'Adult', quantity: 3, unitPrice: 12.1, fee: 0.5 },
    { ticketTypeId: 'c', ticketTypeName: 'Child', quantity: 2, unitPrice: 4.2, fee: 0 },
  ],
  totalQuantity: 5,
  soldQuantity: 4,
  soldTypeQuantities: [
    { ticketTypeId: 'a', soldQuantity: 3 },
    { ticketTypeId: 'c', soldQuantity: 1 },
  ],
  returnedQuantity: 1,
} as OrderDoc;

describe('invoiceBasisValid', () => {
  const basis = freezeInvoiceBasis(order, '2026-01-01T00:00:00.000Z');
  const withBasis = (b: unknown) => ({ ...order, invoiceBasis: b }) as OrderDoc;

  it('accepts the basis frozen from the order', () => {
    expect(basis).toMatchObject({ grandTotal: 40.5, totalFees: 1.5 });
    expect(isInvoiceBasisValid(withBasis(basis))).toBe(true);
  });

  it('refuses a repeated ticket type, a changed fee, wrong fee totals, and a missing basis', () => {
    const repeated = {
      ...basis,
      lines: [basis.lines[0], { ...basis.lines[1], ticketTypeId: 'a', quantity: 1, amount: 12.1 }],
    };
    expect(isInvoiceBasisValid(withBasis(repeated))).toBe(false);
    const fee = { ...basis, lines: [{ ...basis.lines[0], fee: 0.6 }, basis.lines[1]] };
    expect(isInvoiceBasisValid(withBasis(fee))).toBe(false);
    expect(isInvoiceBasisValid(withBasis({ ...basis, totalFees: 9 }))).toBe(false);
    expect(isInvoiceBasisValid(withBasis(undefined))).toBe(false);
  });
});
