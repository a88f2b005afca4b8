import fc from 'fast-check';
import {
  destinationOrderId,
  effectiveSoldQuantity,
  historyLink,
  historyTab,
  outstandingByType,
  outstandingQuantity,
  recipientByRoleMap,
  requestPayloadKey,
  splitProportionally,
} from '../../shared/domain/transfers/rules';
import type { OrderDoc } from '../../shared/domain/orders/model';

const line = (ticketTypeId: string, quantity: number) => ({
  ticketTypeId,
  ticketTypeName: ticketTypeId,
  quantity,
  unitPrice: 10,
  fee: 1,
});
const order = (overrides: Partial<OrderDoc> = {}) =>
  ({
    status: 'delivered',
    tickets: [line('adult', 6), line('child', 4)],
    totalQuantity: 10,
    soldQuantity: 0,
    returnedQuantity: 0,
    ...overrides,
  }) as OrderDoc;

describe('outstanding arithmetic', () => {
  it('counts a delivered or later order with no recorded sold as fully sold', () => {
    expect(effectiveSoldQuantity(order({ soldQuantity: undefined }))).toBe(10);
    expect(outstandingQuantity(order({ soldQuantity: undefined, status: 'settled' }))).toBe(0);
    expect(outstandingQuantity(order({ soldQuantity: undefined, status: 'approved' }))).toBe(10);
  });

  it('subtracts sold and returned and never goes below zero', () => {
    expect(outstandingQuantity(order({ soldQuantity: 3, returnedQuantity: 2 }))).toBe(5);
    expect(outstandingQuantity(order({ soldQuantity: 9, returnedQuantity: 5 }))).toBe(0);
  });

  it('caps per-type outstanding so it never sums above the aggregate', () => {
    const o = order({ soldQuantity: 4 }); // sold without per-type detail
    expect([...outstandingByType(o).entries()]).toEqual([
      ['adult', 6],
      ['child', 0],
    ]);
    const typed = order({ soldQuantity: 4, soldTypeQuantities: [{ ticketTypeId: 'child', soldQuantity: 4 }] });
    expect([...outstandingByType(typed).entries()]).toEqual([
      ['adult', 6],
      ['child', 0],
    ]);
  });

  it('property: per-type outstanding sums to at most the aggregate and each is within its line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (a, c, sold, returned) => {
          const total = a + c;
          const o = order({
            tickets: [line('adult', a), line('child', c)],
            totalQuantity: total,
            soldQuantity: Math.min(sold, total),
            returnedQuantity: Math.min(returned, total - Math.min(sold, total)),
          });
          const perType = outstandingByType(o);
          const sum = [...perType.values()].reduce((x, y) => x + y, 0);
          expect(sum).toBeLessThanOrEqual(outstandingQuantity(o));
          expect(perType.get('adult')!).toBeLessThanOrEqual(a);
          expect(perType.get('child')!).toBeLessThanOrEqual(c);
        },
      ),
    );
  });
});

describe('proportional split', () => {
  it('splits by largest remainder within each type', () => {
    const perType = new Map([
      ['adult', 6],
      ['child', 4],
    ]);
    expect([...splitProportionally(perType, 5)!.entries()]).toEqual([
      ['adult', 3],
      ['child', 2],
    ]);
    expect(splitProportionally(perType, 11)).toBeUndefined();
  });

  it('property: the split sums to the quantity and respects every type', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 150 }),
        (avail, q) => {
          const perType = new Map(avail.map((n, i) => [`t${i}`, n]));
          const total = avail.reduce((x, y) => x + y, 0);
          const split = splitProportionally(perType, q);
          if (q > total) return expect(split).toBeUndefined();
          const values = [...split!.entries()];
          expect(values.reduce((s, [, n]) => s + n, 0)).toBe(q);
          for (const [id, n] of values) expect(n).toBeLessThanOrEqual(perType.get(id)!);
        },
      ),
    );
  });
});

describe('request identity', () => {
  it('builds the same key for the same contents in any order and another for other contents', () => {
    const a = requestPayloadKey({
      toUserId: 'u',
      tickets: [
        { ticketTypeId: 'b', quantity: 1 },
        { ticketTypeId: 'a', quantity: 2 },
      ],
    });
    const b = requestPayloadKey({
      toUserId: 'u',
      tickets: [
        { ticketTypeId: 'a', quantity: 2 },
        { ticketTypeId: 'b', quantity: 1 },
      ],
    });
    expect(a).toBe(b);
    expect(requestPayloadKey({ toUserId: 'u', quantity: 3 })).not.toBe(a);
    expect(requestPayloadKey({ toUserId: 'v', quantity: 3 })).not.toBe(
      requestPayloadKey({ toUserId: 'u', quantity: 3 }),
    );
  });

  it('derives a stable UUID per organization and request id', () => {
    const id = destinationOrderId('org-1', '7d444840-9dc0-11d1-b245-5ffdce74fad2');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(destinationOrderId('org-1', '7D444840-9DC0-11D1-B245-5FFDCE74FAD2')).toBe(id);
    expect(destinationOrderId('org-2', '7d444840-9dc0-11d1-b245-5ffdce74fad2')).not.toBe(id);
  });
});

describe('history deep links', () => {
  it('maps statuses to tabs and encodes both values', () => {
    expect(historyTab('pending')).toBe('active');
    expect(historyTab('approved')).toBe('active');
    expect(historyTab('awaitingReconciliation')).toBe('delivered');
    expect(historyTab('settled')).toBe('settled');
    expect(historyLink('delivered', 'a b&c')).toBe('/history?tab=delivered&orderId=a%20b%26c');
    expect(historyLink('active', 'x', true)).toBe('/history');
  });
});

describe('recipient through the role map', () => {
  const entry = (over: Record<string, unknown> = {}) => ({
    organizationRoles: { 'org-1': { role: 'member' as const, approved: true, ...over } },
  });

  it('accepts a live user whose entry grants, whatever the role', () => {
    expect(recipientByRoleMap(entry(), 'org-1')).toBe('member');
    expect(recipientByRoleMap(entry({ role: 'admin' }), 'org-1')).toBe('member');
  });

  it('refuses a missing or deleted user without asking the membership', () => {
    expect(recipientByRoleMap(undefined, 'org-1')).toBe('not-a-member');
    expect(recipientByRoleMap({ ...entry(), deletedAt: '2026-01-01T00:00:00.000Z' }, 'org-1')).toBe('not-a-member');
  });

  it('lets the membership decide when the entry is missing or denies', () => {
    expect(recipientByRoleMap({}, 'org-1')).toBe('membership-decides');
    expect(recipientByRoleMap(entry(), 'org-2')).toBe('membership-decides');
    expect(recipientByRoleMap(entry({ approved: false }), 'org-1')).toBe('membership-decides');
    expect(recipientByRoleMap(entry({ removed: true }), 'org-1')).toBe('membership-decides');
    expect(recipientByRoleMap(entry({ organizationDeletedAt: '2026-01-01T00:00:00.000Z' }), 'org-1')).toBe(
      'membership-decides',
    );
  });
});
