import { domainErrorWith } from '../helpers/domain-errors';
import fc from 'fast-check';
import { capacityMoves } from '../../shared/domain/events/capacity/rules';
import { priceLines, saleTotals } from '../../shared/domain/external-sales/rules';
import type { EventDoc } from '../../shared/domain/events/model';

describe('capacityMoves', () => {
  it('takes on create, releases on delete', () => {
    expect(capacityMoves(undefined, { showtimeId: 's', quantity: 3 })).toEqual({
      take: [{ showtimeId: 's', quantity: 3 }],
      release: [],
    });
    expect(capacityMoves({ showtimeId: 's', quantity: 3 }, undefined)).toEqual({
      take: [],
      release: [{ showtimeId: 's', quantity: 3 }],
    });
  });
  it('moves only the difference on the same showtime and the whole quantity across showtimes', () => {
    expect(capacityMoves({ showtimeId: 's', quantity: 3 }, { showtimeId: 's', quantity: 5 })).toEqual({
      take: [{ showtimeId: 's', quantity: 2 }],
      release: [],
    });
    expect(capacityMoves({ showtimeId: 's', quantity: 3 }, { showtimeId: 's', quantity: 3 })).toEqual({
      take: [],
      release: [],
    });
    expect(capacityMoves({ showtimeId: 'a', quantity: 3 }, { showtimeId: 'b', quantity: 1 })).toEqual({
      take: [{ showtimeId: 'b', quantity: 1 }],
      release: [{ showtimeId: 'a', quantity: 3 }],
    });
  });
  it('always leaves every showtime holding exactly the new quantity (property)', () => {
    const holding = fc.record({ showtimeId: fc.constantFrom('a', 'b'), quantity: fc.nat(100) });
    fc.assert(
      fc.property(fc.option(holding, { nil: undefined }), fc.option(holding, { nil: undefined }), (before, after) => {
        const held = new Map<string, number>();
        if (before) held.set(before.showtimeId, before.quantity);
        const { take, release } = capacityMoves(before, after);
        for (const t of take) held.set(t.showtimeId, (held.get(t.showtimeId) ?? 0) + t.quantity);
        for (const r of release) held.set(r.showtimeId, (held.get(r.showtimeId) ?? 0) - r.quantity);
        for (const id of ['a', 'b']) expect(held.get(id) ?? 0).toBe(after?.showtimeId === id ? after.quantity : 0);
        expect(take.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('external sale pricing', () => {
  const event = {
    ticketTypes: [
      { id: 'a', name: 'Adult', price: 25, fee: 1.5, boxofficePrice: 0.1, boxofficeFee: 0.2, sortOrder: 0 },
      { id: 'c', name: 'Child', price: 0.2, fee: 0, sortOrder: 1 },
    ],
  } as unknown as EventDoc;
  it('uses box-office overrides, else price and fee, and totals in exact cents', () => {
    const lines = priceLines(event, [
      { ticketTypeId: 'a', quantity: 3 },
      { ticketTypeId: 'c', quantity: 1 },
    ]);
    expect(lines.map((l) => [l.unitPrice, l.unitFee])).toEqual([
      [0.1, 0.2],
      [0.2, 0],
    ]);
    expect(saleTotals(lines)).toEqual({ totalQuantity: 4, totalAmount: 0.5, totalFees: 0.6 });
  });
  it('keeps the recorded prices of lines the sale already had', () => {
    const previous = [{ ticketTypeId: 'a', ticketTypeName: 'Adult', quantity: 1, unitPrice: 20, unitFee: 1 }];
    expect(priceLines(event, [{ ticketTypeId: 'a', quantity: 2 }], previous)[0]).toMatchObject({
      unitPrice: 20,
      unitFee: 1,
    });
  });
  it('refuses unknown and repeated ticket types with 400', () => {
    expect(() => priceLines(event, [{ ticketTypeId: 'x', quantity: 1 }])).toThrow(domainErrorWith(400));
    expect(() =>
      priceLines(event, [
        { ticketTypeId: 'a', quantity: 1 },
        { ticketTypeId: 'a', quantity: 1 },
      ]),
    ).toThrow(domainErrorWith(400));
  });
});
