import { DomainError } from '../../shared/errors';
import type { EventDoc } from '../../shared/domain/events/model';
import {
  assertBuyerOrManager,
  assertEventSells,
  assertPartnerCancellable,
  assertReturnAllowedNow,
  delegatedOrder,
  deliveredOnBehalf,
  hasPermission,
  isPartnersOrder,
  onBehalfCapacityRefusal,
  salesContextOf,
  showtimeRemaining,
} from '../../shared/domain/delegated-orders/rules';
import { toPartnerOrderResponse } from '../../shared/domain/delegated-orders/mapper';

const ctx = {
  ownerOrganizationId: 'owner',
  eventId: 'e1',
  partnerOrganizationId: 'partner',
  partnerOrganizationName: 'Partner shop',
  delegationId: 'd1',
};
const codeOf = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return (error as DomainError).code;
  }
  return undefined;
};

describe('isPartnersOrder', () => {
  const order = { eventId: 'e1', soldByOrganizationId: 'partner', delegationId: 'd1' };
  it('holds only for a live order of this event, partner and delegation', () => {
    expect(isPartnersOrder(order, ctx)).toBe(true);
    expect(isPartnersOrder({ ...order, deletedAt: 'x' }, ctx)).toBe(false);
    expect(isPartnersOrder({ ...order, eventId: 'e2' }, ctx)).toBe(false);
    expect(isPartnersOrder({ ...order, soldByOrganizationId: 'rival' }, ctx)).toBe(false);
    expect(isPartnersOrder({ ...order, delegationId: 'older' }, ctx)).toBe(false);
    // A transfer strips the attribution: no longer the partner's.
    expect(isPartnersOrder({ eventId: 'e1' }, ctx)).toBe(false);
  });
});

describe('permissions bundle', () => {
  it('grants every permission unless explicitly withheld; an absent canApproveOwnMemberOrders counts as granted', () => {
    expect(hasPermission({ canCreateSales: true }, 'canApproveOwnMemberOrders')).toBe(true);
    expect(hasPermission(undefined, 'canCreateSales')).toBe(true);
    expect(hasPermission({ canApproveOwnMemberOrders: false }, 'canApproveOwnMemberOrders')).toBe(false);
  });
});

describe('who may act, and when', () => {
  it('lets the buyer or a manager act on an order', () => {
    expect(codeOf(() => assertBuyerOrManager({ buyerUserId: 'u1' }, 'u1', false))).toBeUndefined();
    expect(codeOf(() => assertBuyerOrManager({ buyerUserId: 'u1' }, 'u2', true))).toBeUndefined();
    expect(codeOf(() => assertBuyerOrManager({ buyerUserId: 'u1' }, 'u2', false))).toBe('FORBIDDEN');
    expect(codeOf(() => assertBuyerOrManager({}, 'u2', false))).toBe('FORBIDDEN');
  });

  it('cancels pending orders only', () => {
    expect(codeOf(() => assertPartnerCancellable({ status: 'pending' }))).toBeUndefined();
    for (const status of ['approved', 'delivered', 'awaitingReconciliation', 'settled', 'cancelled'] as const) {
      expect(codeOf(() => assertPartnerCancellable({ status }))).toBe('INVALID_ORDER_STATE');
    }
  });

  it('waives the return date only for a manager', () => {
    const now = Date.parse('2027-01-01T00:00:00Z');
    const future = { showtimeDateTime: '2027-06-01T00:00:00Z' };
    const past = { showtimeDateTime: '2026-06-01T00:00:00Z' };
    expect(codeOf(() => assertReturnAllowedNow(future, true, now))).toBeUndefined();
    expect(codeOf(() => assertReturnAllowedNow(future, false, now))).toBe('FORBIDDEN');
    expect(codeOf(() => assertReturnAllowedNow(past, false, now))).toBeUndefined();
    expect(codeOf(() => assertReturnAllowedNow({}, false, now))).toBe('FORBIDDEN');
  });

  it('sells only on an active, unlocked event', () => {
    expect(codeOf(() => assertEventSells({ active: true }))).toBeUndefined();
    expect(codeOf(() => assertEventSells({ active: false }))).toBe('CONFLICT');
    expect(codeOf(() => assertEventSells({ active: true, salesLocked: true }))).toBe('SALES_LOCKED');
  });
});

describe('capacity hints', () => {
  it('reads remaining from the counter, or from the event without one', () => {
    expect(showtimeRemaining(10, { externalSold: 2 }, { sold: 7 })).toBe(3);
    expect(showtimeRemaining(10, { externalSold: 2 }, undefined)).toBe(8);
    expect(showtimeRemaining(10, { externalSold: 0 }, { sold: 12 })).toBe(0);
  });

  it('refuses an on-behalf request above what is left, with the report-sold data', () => {
    expect(onBehalfCapacityRefusal(3, 3)).toBeUndefined();
    expect(onBehalfCapacityRefusal(3, 4)).toEqual({ availableCapacity: 3, requestedDelta: 4 });
  });
});

const buyer = { id: 'b1', name: 'Bea', email: 'bea@example.org' };
const seller = { id: 's1', name: 'Sam', email: 'sam@example.org' };
const draft = () =>
  delegatedOrder({
    id: 'o1',
    ctx,
    event: { id: 'e1', name: 'Gala' },
    showtime: { showtimeId: 'st1', dateTime: '2027-05-01T18:00:00.000Z' },
    tickets: [
      { ticketTypeId: 't1', ticketTypeName: 'Adult', quantity: 3, unitPrice: 0.1, fee: 0.2 },
      { ticketTypeId: 't2', ticketTypeName: 'Child', quantity: 1, unitPrice: 0.2, fee: 0 },
    ],
    seller,
    buyer,
    now: '2026-01-01T00:00:00.000Z',
  });

describe('delegatedOrder', () => {
  it("builds a pending order in the owner's partition with attribution, exact totals and no seats held", () => {
    const order = draft();
    expect(order).toMatchObject({
      organizationId: 'owner',
      status: 'pending',
      capacityQuantity: 0,
      requestedBy: 'b1',
      totalQuantity: 4,
      totalAmount: 0.5,
      totalFees: 0.6,
      soldByOrganizationId: 'partner',
      soldByOrganizationName: 'Partner shop',
      soldByUserId: 's1',
      delegationId: 'd1',
      buyerUserId: 'b1',
      buyerUserEmail: 'bea@example.org',
      sortKey: '2026-01-01T00:00:00.000Z|o1',
    });
    expect(order).not.toHaveProperty('showtimeLabel');
    expect(order).not.toHaveProperty('note');
  });

  it('delivers on behalf with sold 0, returned 0 and both stamps', () => {
    const actor = { id: 's1', name: 'Sam', at: '2026-01-02T00:00:00.000Z' };
    expect(deliveredOnBehalf(draft(), actor)).toMatchObject({
      status: 'delivered',
      soldQuantity: 0,
      returnedQuantity: 0,
      approvedBy: 's1',
      deliveredBy: 's1',
      approvedAt: actor.at,
      deliveredAt: actor.at,
    });
  });
});

describe('partner projection', () => {
  it('never carries the owner internals', () => {
    const order = {
      ...draft(),
      adminNote: 'n',
      approvedBy: 'owner-staff',
      approvedAt: 'a',
      invoicedAt: 'i',
      transferHistory: [],
    };
    const out = toPartnerOrderResponse(order);
    for (const field of ['organizationId', 'requestedBy', 'adminNote', 'approvedBy', 'invoicedAt', 'transferHistory'])
      expect(out).not.toHaveProperty(field);
    expect(out).toMatchObject({ approvedAt: 'a', delegationId: 'd1', buyerUserId: 'b1' });
  });
});

describe('salesContextOf', () => {
  it('lists ticket types by sortOrder and per showtime venueCapacity and remaining', () => {
    const event = {
      id: 'e1',
      name: 'Gala',
      date: '2027-05-01',
      active: true,
      venueCapacity: 50,
      showtimes: [
        { showtimeId: 'a', dateTime: 'x', externalSold: 5 },
        { showtimeId: 'b', dateTime: 'y', label: 'Late', externalSold: 0 },
      ],
      ticketTypes: [
        { id: 't2', name: 'Child', price: 5, fee: 0, sortOrder: 2 },
        { id: 't1', name: 'Adult', price: 9, fee: 1, sortOrder: 1 },
      ],
    } as unknown as EventDoc;
    const out = salesContextOf(event, [{ showtimeId: 'b', sold: 20 }], { delegationId: 'd1' });
    expect(out.ticketTypes.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(out.showtimes).toEqual([
      { showtimeId: 'a', dateTime: 'x', venueCapacity: 50, remaining: 45 },
      { showtimeId: 'b', dateTime: 'y', label: 'Late', venueCapacity: 50, remaining: 30 },
    ]);
    expect(out).toMatchObject({ salesLocked: false, delegationId: 'd1' });
    expect(out).not.toHaveProperty('ownerOrganizationName');
    expect(out).not.toHaveProperty('location');
  });
});
