import { wireCode } from '../../shared/errors';
import { domainErrorWith } from '../helpers/domain-errors';
import fc from 'fast-check';
import {
  applyForcedSale,
  applyReturn,
  applySoldReport,
  assertAccepts,
  outstandingQuantity,
  soldIncrements,
  ACCEPTED_STATES,
} from '../../shared/domain/orders/rules';
import { freezeInvoiceBasis, isInvoiceBasisValid } from '../../shared/domain/orders/invoice-basis';
import type { OrderDoc, OrderLine, OrderStatus } from '../../shared/domain/orders/model';

const line = (ticketTypeId: string, quantity: number, unitPrice: number, fee = 0): OrderLine => ({
  ticketTypeId,
  ticketTypeName: ticketTypeId.toUpperCase(),
  quantity,
  unitPrice,
  fee,
});

function order(tickets: OrderLine[], extra: Partial<OrderDoc> = {}): OrderDoc {
  return {
    id: 'o1',
    docType: 'order',
    organizationId: 'org',
    eventId: 'e',
    eventName: 'E',
    showtimeId: 's',
    requestedBy: 'u',
    requestedByName: 'U',
    requestedByEmail: 'u@x.org',
    tickets,
    totalQuantity: tickets.reduce((s, t) => s + t.quantity, 0),
    totalAmount: 0,
    totalFees: 0,
    status: 'delivered',
    soldQuantity: 0,
    returnedQuantity: 0,
    capacityQuantity: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const STATUSES: OrderStatus[] = ['pending', 'approved', 'delivered', 'awaitingReconciliation', 'settled', 'cancelled'];

describe('state table', () => {
  it.each(Object.entries(ACCEPTED_STATES))('%s accepts exactly %j', (action, accepted) => {
    for (const status of STATUSES) {
      const run = () => assertAccepts(status, action as keyof typeof ACCEPTED_STATES);
      if (accepted.includes(status)) expect(run).not.toThrow();
      // The wire code is INVALID_ORDER_STATE for both; lifecycle operations use the variant that answers 400.
      else
        expect(run).toThrow(
          expect.objectContaining({ code: expect.stringMatching(/^INVALID_(ORDER|LIFECYCLE)_STATE$/) }),
        );
    }
  });

  it('management moves answer 409, lifecycle operations 400', () => {
    expect(() => assertAccepts('settled', 'cancel')).toThrow(domainErrorWith(409));
    expect(() => assertAccepts('pending', 'reportSold')).toThrow(domainErrorWith(400));
    expect(wireCode('INVALID_LIFECYCLE_STATE')).toBe('INVALID_ORDER_STATE');
  });
});

describe('outstanding arithmetic', () => {
  it('is total minus sold minus returned, never negative; delivered-or-later without soldQuantity counts as sold', () => {
    const lines = [line('a', 5, 1)];
    expect(outstandingQuantity(order(lines, { soldQuantity: 2, returnedQuantity: 1 }))).toBe(2);
    expect(outstandingQuantity(order(lines, { soldQuantity: undefined }))).toBe(0);
    expect(outstandingQuantity(order(lines, { status: 'approved', soldQuantity: undefined }))).toBe(5);
    expect(outstandingQuantity(order(lines, { soldQuantity: 9 }))).toBe(0);
  });
});

describe('applySoldReport', () => {
  const lines = [line('a', 3, 10), line('c', 2, 5)];
  it('takes the increase as delta and accumulates per-type totals', () => {
    const first = applySoldReport(order(lines), {
      soldQuantity: 2,
      soldTypeQuantities: [{ ticketTypeId: 'a', soldQuantity: 2 }],
    });
    expect(first.delta).toBe(2);
    const second = applySoldReport(first.next, {
      soldQuantity: 5,
      soldTypeQuantities: [
        { ticketTypeId: 'a', soldQuantity: 1 },
        { ticketTypeId: 'c', soldQuantity: 2 },
      ],
    });
    expect(second.next).toMatchObject({ soldQuantity: 5, capacityQuantity: 5, status: 'awaitingReconciliation' });
    expect(second.next.soldTypeQuantities).toEqual([
      { ticketTypeId: 'a', soldQuantity: 3 },
      { ticketTypeId: 'c', soldQuantity: 2 },
    ]);
  });
  it('fills the per-type detail of a single-line order and changes nothing for the same total', () => {
    const single = order([line('a', 4, 1)]);
    expect(applySoldReport(single, { soldQuantity: 3 }).next.soldTypeQuantities).toEqual([
      { ticketTypeId: 'a', soldQuantity: 3 },
    ]);
    expect(applySoldReport(single, { soldQuantity: 0 }).next).toBe(single);
  });
  it('refuses decreases, totals above ordered minus returned, mismatched sums and per-type overflow', () => {
    const o = order(lines, {
      soldQuantity: 1,
      returnedQuantity: 1,
      soldTypeQuantities: [{ ticketTypeId: 'a', soldQuantity: 1 }],
    });
    for (const report of [
      { soldQuantity: 0 },
      { soldQuantity: 5 },
      { soldQuantity: 2, soldTypeQuantities: [{ ticketTypeId: 'a', soldQuantity: 2 }] },
      { soldQuantity: 4, soldTypeQuantities: [{ ticketTypeId: 'c', soldQuantity: 3 }] },
      { soldQuantity: 2, soldTypeQuantities: [{ ticketTypeId: 'zz', soldQuantity: 1 }] },
    ]) {
      expect(() => applySoldReport(o, report)).toThrow(domainErrorWith(400));
    }
  });
});

describe('force-recorded sales', () => {
  const two = () => order([line('a', 2, 10), line('b', 1, 5)], { status: 'delivered', soldQuantity: 0 });

  it('keep the order delivered even when sold reaches ordered, and record the derived per-type increments', () => {
    const before = two();
    const { delta, next } = applyForcedSale(before, {
      soldQuantity: 3,
      soldTypeQuantities: [
        { ticketTypeId: 'a', soldQuantity: 2 },
        { ticketTypeId: 'b', soldQuantity: 1 },
      ],
    });
    expect([delta, next.status, next.soldQuantity, next.capacityQuantity]).toEqual([3, 'delivered', 3, 3]);
    expect(soldIncrements(before, next)).toEqual([
      { ticketTypeId: 'a', soldQuantity: 2 },
      { ticketTypeId: 'b', soldQuantity: 1 },
    ]);
  });

  it('a later report of the same total completes such an order, with no seats; otherwise it changes nothing', () => {
    const forced = applyForcedSale(two(), {
      soldQuantity: 3,
      soldTypeQuantities: [
        { ticketTypeId: 'a', soldQuantity: 2 },
        { ticketTypeId: 'b', soldQuantity: 1 },
      ],
    }).next;
    const { delta, next } = applySoldReport(forced, { soldQuantity: 3 });
    expect([delta, next.status, next.capacityQuantity]).toEqual([0, 'awaitingReconciliation', 3]);
    const partial = two();
    expect(applySoldReport(partial, { soldQuantity: 0 }).next).toBe(partial);
  });
});

describe('applyReturn', () => {
  it('adds returns up to the outstanding balance and moves to awaitingReconciliation when complete', () => {
    const o = order([line('a', 2, 1)], {
      soldQuantity: 1,
      soldTypeQuantities: [{ ticketTypeId: 'a', soldQuantity: 1 }],
    });
    expect(() => applyReturn(o, { returnQuantity: 2 })).toThrow(domainErrorWith(400));
    expect(applyReturn(o, { returnQuantity: 1 })).toMatchObject({
      returnedQuantity: 1,
      status: 'awaitingReconciliation',
    });
  });
});

describe('freezeInvoiceBasis', () => {
  it('computes in cents: 0.1 × 3 is 0.30', () => {
    const o = order([line('a', 3, 0.1, 0.2)], { soldQuantity: 3 });
    expect(freezeInvoiceBasis(o, 'now')).toMatchObject({ grandTotal: 0.3, totalFees: 0.6 });
  });
  it('refuses when sold + returned is not the issued quantity, or a partial sale lacks per-type detail', () => {
    const lines = [line('a', 2, 1), line('c', 2, 1)];
    expect(() => freezeInvoiceBasis(order(lines, { soldQuantity: 1 }), 'now')).toThrow(domainErrorWith(400));
    expect(() => freezeInvoiceBasis(order(lines, { soldQuantity: 2, returnedQuantity: 2 }), 'now')).toThrow(
      domainErrorWith(400),
    );
    const inconsistentReturns = order(lines, {
      soldQuantity: 2,
      returnedQuantity: 2,
      soldTypeQuantities: [{ ticketTypeId: 'a', soldQuantity: 2 }],
      returnedTypeQuantities: [{ ticketTypeId: 'a', returnQuantity: 2 }],
    });
    expect(() => freezeInvoiceBasis(inconsistentReturns, 'now')).toThrow(domainErrorWith(400));
  });
  it('nothing sold: an empty basis worth 0, valid', () => {
    const o = order([line('a', 2, 7)], { soldQuantity: 0, returnedQuantity: 2 });
    const basis = freezeInvoiceBasis(o, 'now');
    expect(basis).toEqual({ lines: [], grandTotal: 0, totalFees: 0, frozenAt: 'now' });
    expect(isInvoiceBasisValid({ ...o, invoiceBasis: basis })).toBe(true);
  });
  it('detects a tampered basis', () => {
    const o = order([line('a', 2, 7)], { soldQuantity: 2 });
    const basis = freezeInvoiceBasis(o, 'now');
    expect(isInvoiceBasisValid({ ...o, invoiceBasis: basis })).toBe(true);
    expect(isInvoiceBasisValid({ ...o, invoiceBasis: { ...basis, grandTotal: 15 } })).toBe(false);
    expect(isInvoiceBasisValid({ ...o, invoiceBasis: undefined })).toBe(false);
  });
});

const cents = fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100);
const orderArb = fc
  .array(fc.record({ quantity: fc.integer({ min: 1, max: 1000 }), price: cents, fee: cents }), {
    minLength: 1,
    maxLength: 6,
  })
  .chain((types) =>
    fc.tuple(fc.constant(types), fc.tuple(...types.map((t) => fc.integer({ min: 0, max: t.quantity })))),
  );

describe('invoice basis properties', () => {
  it('grandTotal always equals Σ sold quantity × order-time unit price, in cents; fees likewise', () => {
    fc.assert(
      fc.property(orderArb, ([types, sold]) => {
        const lines = types.map((t, i) => line(`t${i}`, t.quantity, t.price, t.fee));
        const soldTotal = sold.reduce((a, b) => a + b, 0);
        const o = order(lines, {
          status: 'awaitingReconciliation',
          soldQuantity: soldTotal,
          returnedQuantity: lines.reduce((s, l) => s + l.quantity, 0) - soldTotal,
          soldTypeQuantities: sold
            .map((q, i) => ({ ticketTypeId: `t${i}`, soldQuantity: q }))
            .filter((t) => t.soldQuantity > 0),
        });
        const basis = freezeInvoiceBasis(o, 'now');
        const expected = types.reduce((s, t, i) => s + sold[i] * Math.round(t.price * 100), 0);
        const expectedFees = types.reduce((s, t, i) => s + sold[i] * Math.round(t.fee * 100), 0);
        expect(Math.round(basis.grandTotal * 100)).toBe(expected);
        expect(Math.round(basis.totalFees * 100)).toBe(expectedFees);
        expect(basis.lines.reduce((s, l) => s + Math.round(l.amount * 100), 0)).toBe(expected);
        expect(basis.lines.reduce((s, l) => s + l.quantity, 0)).toBe(soldTotal);
        expect(isInvoiceBasisValid({ ...o, invoiceBasis: basis })).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('reports applied in any split keep sold ≤ ordered − returned and the basis still matches the per-type totals', () => {
    fc.assert(
      fc.property(orderArb, fc.array(fc.nat({ max: 5 }), { maxLength: 10 }), ([types, target], steps) => {
        const lines = types.map((t, i) => line(`t${i}`, t.quantity, t.price, t.fee));
        let o = order(lines);
        const remaining = [...target];
        for (const step of steps) {
          const increments = remaining.map((r) => Math.min(r, step));
          const increase = increments.reduce((a, b) => a + b, 0);
          const next = applySoldReport(o, {
            soldQuantity: (o.soldQuantity ?? 0) + increase,
            soldTypeQuantities: increments.map((q, i) => ({ ticketTypeId: `t${i}`, soldQuantity: q })),
          });
          expect(next.delta).toBe(increase);
          increments.forEach((q, i) => (remaining[i] -= q));
          o = next.next;
        }
        expect(o.soldQuantity! + (o.returnedQuantity ?? 0)).toBeLessThanOrEqual(o.totalQuantity);
        expect(o.capacityQuantity).toBe(o.soldQuantity);
      }),
      { numRuns: 200 },
    );
  });
});
