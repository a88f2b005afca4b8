import fc from 'fast-check';
import { domainErrorWith } from '../helpers/domain-errors';
import type { EventDoc } from '../../shared/domain/events/model';
import type { RegistrationDoc } from '../../shared/domain/registrations/model';
import { registrationSortKey } from '../../shared/domain/registrations/model';
import {
  assertEditable,
  editedLines,
  invoiceChange,
  invoicedByNameOf,
  isRegistrationLocked,
  lockedAtOf,
} from '../../shared/domain/registrations/rules';
import { isOwnSale, myStatsOf, type MySale } from '../../shared/domain/me/stats-rules';
import { toHistoryItem } from '../../shared/domain/me/history-rules';
import type { SalesRecord } from '../../shared/domain/sales/model';

const HOUR = 60 * 60 * 1000;

function registration(extra: Partial<RegistrationDoc> = {}): RegistrationDoc {
  return {
    id: 'r1',
    docType: 'registration',
    organizationId: 'org',
    eventId: 'e1',
    eventName: 'Gala',
    showtimeId: 's1',
    tickets: [{ ticketTypeId: 'a', ticketTypeName: 'Adult', quantity: 2, unitPrice: 25, fee: 1.5 }],
    totalQuantity: 2,
    totalAmount: 50,
    totalFees: 3,
    capacityQuantity: 2,
    sellerId: 'u1',
    sellerName: 'Mia',
    createdAt: '2026-01-01T10:00:00.000Z',
    lockedAt: '2026-01-01T11:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    sortKey: '2026-01-01T10:00:00.000Z|r1',
    ...extra,
  };
}

const event = {
  ticketTypes: [
    { id: 'a', name: 'Grown-up', price: 30, fee: 2 },
    { id: 'c', name: 'Child', price: 12, fee: 0.5 },
  ],
} as unknown as EventDoc;

describe('the one-hour window', () => {
  it('closes exactly one hour after creation', () => {
    expect(lockedAtOf('2026-01-01T10:00:00.000Z')).toBe('2026-01-01T11:00:00.000Z');
    expect(lockedAtOf('2026-01-01T23:30:00.500Z')).toBe('2026-01-02T00:30:00.500Z');
  });

  it('is open before lockedAt and closed from lockedAt on (inclusive)', () => {
    const r = registration();
    const lockedAt = Date.parse(r.lockedAt);
    expect(isRegistrationLocked(r, lockedAt - 1)).toBe(false);
    expect(isRegistrationLocked(r, lockedAt)).toBe(true);
    expect(() => assertEditable(r, lockedAt - 1)).not.toThrow();
    expect(() => assertEditable(r, lockedAt)).toThrow(
      domainErrorWith(409, { code: 'REGISTRATION_LOCKED', data: { lockedAt: r.lockedAt } }),
    );
  });

  it('for any creation instant, the edit is allowed for exactly the first hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 0, max: 2 * HOUR }), (t, age) => {
        const createdAt = new Date(t).toISOString();
        const r = registration({ createdAt, lockedAt: lockedAtOf(createdAt) });
        return isRegistrationLocked(r, t + age) === age >= HOUR;
      }),
    );
  });
});

describe('editedLines', () => {
  it('keeps the order-time name, price and fee of types already on it and prices new types now', () => {
    const lines = editedLines(registration().tickets, event, [
      { ticketTypeId: 'c', quantity: 1 },
      { ticketTypeId: 'a', quantity: 3 },
    ]);
    expect(lines).toEqual([
      { ticketTypeId: 'c', ticketTypeName: 'Child', quantity: 1, unitPrice: 12, fee: 0.5 },
      { ticketTypeId: 'a', ticketTypeName: 'Adult', quantity: 3, unitPrice: 25, fee: 1.5 },
    ]);
  });

  it('keeps a type the event no longer has when it is on the registration, refuses unknown and repeated types', () => {
    const existing = [{ ticketTypeId: 'old', ticketTypeName: 'Retired', quantity: 1, unitPrice: 5, fee: 0 }];
    expect(editedLines(existing, event, [{ ticketTypeId: 'old', quantity: 2 }])[0]).toMatchObject({
      ticketTypeId: 'old',
      quantity: 2,
      unitPrice: 5,
    });
    expect(() => editedLines(existing, event, [{ ticketTypeId: 'nope', quantity: 1 }])).toThrow(domainErrorWith(400));
    expect(() =>
      editedLines(existing, event, [
        { ticketTypeId: 'a', quantity: 1 },
        { ticketTypeId: 'a', quantity: 2 },
      ]),
    ).toThrow(domainErrorWith(400));
  });
});

describe('invoiceChange', () => {
  const actor = { id: 'tm1', name: 'Tina', at: '2026-02-01T00:00:00.000Z' };

  it('marks with time, stable id and display name; marking again is no change', () => {
    const marked = invoiceChange(registration(), true, actor)!;
    expect(marked).toMatchObject({ invoicedAt: actor.at, invoicedById: 'tm1', invoicedByName: 'Tina' });
    expect(invoiceChange(marked, true, { ...actor, id: 'other' })).toBeUndefined();
  });

  it('clears every invoice field, the legacy one included; clearing again is no change', () => {
    const legacy = registration({ invoicedAt: '2025-01-01T00:00:00.000Z', invoicedBy: 'Old Name' });
    const cleared = invoiceChange(legacy, false, actor)!;
    for (const field of ['invoicedAt', 'invoicedById', 'invoicedByName', 'invoicedBy'])
      expect(cleared).not.toHaveProperty(field);
    expect(invoiceChange(cleared, false, actor)).toBeUndefined();
  });

  it('reads a legacy display name when the new field is absent', () => {
    expect(invoicedByNameOf({ invoicedBy: 'Old Name' })).toBe('Old Name');
    expect(invoicedByNameOf({ invoicedBy: 'Old Name', invoicedByName: 'New Name' })).toBe('New Name');
    expect(invoicedByNameOf({})).toBeUndefined();
  });
});

describe('registrationSortKey', () => {
  it('sorts as (createdAt, id) with normalized instants', () => {
    expect(registrationSortKey({ createdAt: '2026-01-01T10:00:00Z', id: 'r9' })).toBe('2026-01-01T10:00:00.000Z|r9');
  });
});

const sale = (extra: Partial<MySale>): MySale => ({
  kind: 'registration',
  id: 'x',
  eventId: 'e1',
  eventName: 'Gala',
  showtimeId: 's1',
  channel: 'member',
  seats: 1,
  soldTickets: 1,
  lines: [{ ticketTypeId: 'd', ticketTypeName: 'Dime', quantity: 1, unitPriceCents: 10, feeCents: 5 }],
  sellerId: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('myStatsOf', () => {
  it('sums a 0.10 ticket three times to 0.30 exactly, prices only (fees never count as revenue)', () => {
    const stats = myStatsOf([sale({ id: '1' }), sale({ id: '2' }), sale({ id: '3' })]);
    expect(stats.totalRevenue).toBe(0.3);
    expect(stats.byTicketType).toEqual([{ ticketTypeId: 'd', ticketTypeName: 'Dime', quantity: 3, revenue: 0.3 }]);
    expect(stats.eventBreakdown).toEqual([{ eventId: 'e1', eventName: 'Gala', ticketsSold: 3, revenue: 0.3 }]);
  });

  it('counts sold tickets without per-type detail in the totals but not in byTicketType, and skips empty records', () => {
    const partial = sale({ kind: 'order', soldTickets: 4, lines: [] });
    const pending = sale({ kind: 'order', soldTickets: 0, lines: [], showtimeId: 's9' });
    const stats = myStatsOf([partial, pending]);
    expect(stats).toEqual({
      totalTicketsSold: 4,
      totalRevenue: 0,
      byShowtime: [{ eventId: 'e1', eventName: 'Gala', showtimeId: 's1', ticketsSold: 4, revenue: 0 }],
      byTicketType: [],
      eventBreakdown: [{ eventId: 'e1', eventName: 'Gala', ticketsSold: 4, revenue: 0 }],
    });
  });

  it('agrees with itself: Σ events = Σ showtimes = total, for any sales', () => {
    const arbitrarySale = fc.record({
      eventId: fc.constantFrom('e1', 'e2'),
      showtimeId: fc.constantFrom('s1', 's2'),
      quantity: fc.integer({ min: 0, max: 20 }),
      cents: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(arbitrarySale, { maxLength: 30 }), (input) => {
        const stats = myStatsOf(
          input.map((s, i) =>
            sale({
              id: String(i),
              eventId: s.eventId,
              showtimeId: s.showtimeId,
              soldTickets: s.quantity,
              lines: [
                { ticketTypeId: 't', ticketTypeName: 'T', quantity: s.quantity, unitPriceCents: s.cents, feeCents: 1 },
              ],
            }),
          ),
        );
        const cents = (xs: { revenue: number }[]) => xs.reduce((sum, x) => sum + Math.round(x.revenue * 100), 0);
        const tickets = (xs: { ticketsSold: number }[]) => xs.reduce((sum, x) => sum + x.ticketsSold, 0);
        const total = Math.round(stats.totalRevenue * 100);
        return (
          cents(stats.eventBreakdown) === total &&
          cents(stats.byShowtime) === total &&
          cents(stats.byTicketType) === total &&
          tickets(stats.eventBreakdown) === stats.totalTicketsSold &&
          tickets(stats.byShowtime) === stats.totalTicketsSold
        );
      }),
    );
  });

  it('isOwnSale: member channel sold by the caller only', () => {
    const record = sale({}) as SalesRecord;
    expect(isOwnSale(record, 'u1')).toBe(true);
    expect(isOwnSale(record, 'u2')).toBe(false);
    expect(isOwnSale({ ...record, channel: 'partner' }, 'u1')).toBe(false);
    expect(isOwnSale({ ...record, channel: undefined, kind: 'freeTicket' }, 'u1')).toBe(false);
  });
});

describe('toHistoryItem', () => {
  it('keeps order-only fields on orders and registration-only fields on registrations', () => {
    const base = {
      id: 'x',
      eventId: 'e',
      eventName: 'E',
      showtimeId: 's',
      tickets: [],
      totalQuantity: 0,
      totalAmount: 0,
      totalFees: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      status: 'pending' as const,
      lockedAt: '2026-01-01T01:00:00.000Z',
      buyerName: 'B',
    };
    expect(toHistoryItem({ ...base, docType: 'order' })).not.toHaveProperty('lockedAt');
    expect(toHistoryItem({ ...base, docType: 'order' })).toMatchObject({ kind: 'order', status: 'pending' });
    const reg = toHistoryItem({ ...base, docType: 'registration' });
    expect(reg).not.toHaveProperty('status');
    expect(reg).toMatchObject({ kind: 'registration', lockedAt: base.lockedAt, buyerName: 'B' });
  });
});
