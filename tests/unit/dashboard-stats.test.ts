import { buildDashboard } from '../../shared/domain/dashboard/stats';
import type { DashboardEvent, DashboardStats } from '../../shared/domain/dashboard/model';
import type { SalesSourceDoc } from '../../shared/domain/sales/facts';
import { fromCents, toCents } from '../../shared/domain/vocabulary/money';

/** The pure dashboard builder over hand-made sales documents (as the streamed query projects them). */
const S1 = 'show-1';
const S2 = 'show-2';
const event: DashboardEvent = {
  id: 'event-1',
  organizationId: 'org-1',
  name: 'Spring Concert',
  venueCapacity: 20,
  showtimes: [
    { showtimeId: S1, dateTime: '2027-05-01T14:00:00.000Z', label: 'Matinee', externalSold: 2 },
    { showtimeId: S2, dateTime: '2027-05-01T19:00:00.000Z', externalSold: 0 },
  ],
  ticketTypes: [
    { id: 'child', eventId: 'event-1', organizationId: 'org-1', name: 'Child', price: 10, fee: 0.5, sortOrder: 2 },
    { id: 'adult', eventId: 'event-1', organizationId: 'org-1', name: 'Adult', price: 25, fee: 1.5, sortOrder: 1 },
    { id: 'dime', eventId: 'event-1', organizationId: 'org-1', name: 'Dime', price: 0.1, fee: 0, sortOrder: 3 },
  ],
};

const PRICES: Record<string, [string, number, number]> = {
  adult: ['Adult', 25, 1.5],
  child: ['Child', 10, 0.5],
  dime: ['Dime', 0.1, 0],
};
const line = (type: string, quantity: number) => ({
  ticketTypeId: type,
  ticketTypeName: PRICES[type][0],
  quantity,
  unitPrice: PRICES[type][1],
  fee: PRICES[type][2],
});
let n = 0;
const base = (showtimeId: string) => ({
  id: `doc-${++n}`,
  eventId: event.id,
  showtimeId,
  createdAt: `2027-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
});

/** A printed order: `sold` per type reported (delivered) or frozen (settled). */
function order(
  seller: string,
  status: string,
  ordered: Record<string, number>,
  sold: Record<string, number> = {},
  extra: Record<string, unknown> = {},
  showtimeId = S1,
): SalesSourceDoc {
  const tickets = Object.entries(ordered).map(([t, q]) => line(t, q));
  const soldLines = Object.entries(sold).filter(([, q]) => q > 0);
  const soldQuantity = soldLines.reduce((s, [, q]) => s + q, 0);
  const totalQuantity = tickets.reduce((s, t) => s + t.quantity, 0);
  const reported = status === 'delivered' || status === 'awaitingReconciliation' || status === 'settled';
  const basisLines = soldLines.map(([t, q]) => ({ ...line(t, q), amount: fromCents(q * toCents(PRICES[t][1])) }));
  return {
    ...base(showtimeId),
    docType: 'order',
    status: status as never,
    requestedBy: seller,
    requestedByName: `Name of ${seller}`,
    tickets,
    totalQuantity,
    capacityQuantity: reported ? soldQuantity : 0,
    ...(reported
      ? {
          soldQuantity,
          returnedQuantity: status === 'delivered' ? 0 : totalQuantity - soldQuantity,
          soldTypeQuantities: soldLines.map(([t, q]) => ({ ticketTypeId: t, soldQuantity: q })),
        }
      : {}),
    ...(status === 'settled'
      ? {
          invoiceBasis: {
            lines: basisLines,
            grandTotal: fromCents(basisLines.reduce((s, l) => s + toCents(l.amount), 0)),
            totalFees: fromCents(basisLines.reduce((s, l) => s + l.quantity * toCents(l.fee), 0)),
            frozenAt: '2027-01-02T00:00:00.000Z',
          },
        }
      : {}),
    ...extra,
  } as SalesSourceDoc;
}

function registration(seller: string, lines: Record<string, number>, showtimeId = S1, extra = {}): SalesSourceDoc {
  const tickets = Object.entries(lines).map(([t, q]) => line(t, q));
  const totalQuantity = tickets.reduce((s, t) => s + t.quantity, 0);
  const totalAmount = fromCents(tickets.reduce((s, t) => s + t.quantity * toCents(t.unitPrice), 0));
  return {
    ...base(showtimeId),
    docType: 'registration',
    sellerId: seller,
    sellerName: `Name of ${seller}`,
    tickets,
    totalQuantity,
    totalAmount,
    capacityQuantity: totalQuantity,
    ...extra,
  } as SalesSourceDoc;
}

function external(source: string, type: string, quantity: number, price: number, fee: number, showtimeId = S1) {
  return {
    ...base(showtimeId),
    docType: 'externalSale',
    source,
    tickets: [{ ticketTypeId: type, ticketTypeName: PRICES[type][0], quantity, unitPrice: price, unitFee: fee }],
    totalQuantity: quantity,
    capacityQuantity: quantity,
  } as SalesSourceDoc;
}

const free = (quantity: number, showtimeId = S1) =>
  ({ ...base(showtimeId), docType: 'freeTicket', capacityQuantity: quantity }) as SalesSourceDoc;

const cents = (value: number) => toCents(value);
const sumCents = (values: number[]) => fromCents(values.reduce((s, v) => s + cents(v), 0));

/** The identities every dashboard must satisfy, whatever its documents. */
function expectReconciles(stats: DashboardStats) {
  const showtimes = stats.salesByShowtime;
  for (const s of showtimes) {
    expect(s.totalSold).toBe(s.sold + (s.partnerSold ?? 0) + s.externalSold);
    expect(s.externalBySource.reduce((sum, e) => sum + e.quantity, 0)).toBe(s.externalSold);
    expect(s.remaining).toBeGreaterThanOrEqual(0);
  }
  expect(stats.totalTicketsSold).toBe(showtimes.reduce((sum, s) => sum + s.totalSold, 0));
  expect(stats.ticketsRemaining).toBe(showtimes.reduce((sum, s) => sum + s.remaining, 0));
  expect(stats.totalRevenue).toBe(sumCents(showtimes.map((s) => s.revenue)));
  expect(stats.totalRevenue).toBe(sumCents(stats.salesByTicketType.map((t) => t.revenue)));
  for (const m of stats.salesByMember) {
    expect(m.totalRevenue).toBe(sumCents(m.breakdown.map((b) => b.revenue)));
    expect(m.invoiced).toBe(m.invoiceSummary.allEligibleInvoiced);
  }
  expect(sumCents(stats.salesByPartnerOrganization.map((p) => p.revenue))).toBe(
    sumCents(showtimes.map((s) => s.partnerRevenue ?? 0)),
  );
  expect(stats.activeSellers).toBe(stats.salesByMember.filter((m) => m.ticketsSold > 0).length);
}

describe('buildDashboard', () => {
  it('an empty event: every ticket type with 0 sold, showtimes with full remaining, the manual count as a source', () => {
    const stats = buildDashboard(event, []);
    expectReconciles(stats);
    expect(stats).toEqual({
      organizationId: 'org-1',
      currency: 'EUR',
      eventId: 'event-1',
      eventName: 'Spring Concert',
      venueCapacity: 20,
      totalTicketsSold: 2,
      totalRevenue: 0,
      totalFee: 0,
      ticketsRemaining: 38,
      activeSellers: 0,
      salesByMember: [],
      salesByTicketType: [
        { ticketTypeId: 'adult', name: 'Adult', price: 25, sold: 0, revenue: 0 },
        { ticketTypeId: 'child', name: 'Child', price: 10, sold: 0, revenue: 0 },
        { ticketTypeId: 'dime', name: 'Dime', price: 0.1, sold: 0, revenue: 0 },
      ],
      salesByShowtime: [
        {
          showtimeId: S1,
          dateTime: '2027-05-01T14:00:00.000Z',
          label: 'Matinee',
          sold: 0,
          externalSold: 2,
          totalSold: 2,
          remaining: 18,
          revenue: 0,
          externalBySource: [{ source: 'manual', quantity: 2 }],
        },
        {
          showtimeId: S2,
          dateTime: '2027-05-01T19:00:00.000Z',
          sold: 0,
          externalSold: 0,
          totalSold: 0,
          remaining: 20,
          revenue: 0,
          externalBySource: [],
        },
      ],
      salesByPartnerOrganization: [],
    });
  });

  it('sums every channel in cents: members, partner, external ledger at its box-office price; free seats only', () => {
    const docs = [
      // Mia: a settled order (2 adult sold, 1 child returned), a registration on the evening.
      order('mia', 'settled', { adult: 2, child: 1 }, { adult: 2 }),
      registration('mia', { child: 3 }, S2),
      // Max: delivered, 1 adult + 1 child reported; a pending order that adds nothing.
      order('max', 'delivered', { adult: 2, child: 2 }, { adult: 1, child: 1 }),
      order('max', 'pending', { adult: 5 }),
      // A partner sold 4 adults (settled), in the owner's partition (document 02 attribution).
      order(
        'partner-user',
        'settled',
        { adult: 4 },
        { adult: 4 },
        {
          soldByOrganizationId: 'org-p',
          soldByOrganizationName: 'Partner Choir',
        },
      ),
      external('box office', 'adult', 3, 20, 1),
      external('agency', 'child', 1, 12.5, 0.25, S2),
      free(5),
      free(1, S2),
    ];
    const stats = buildDashboard(event, docs);
    expectReconciles(stats);
    // S1: member 2 + 2, partner 4, external 3 ledger + 2 manual; seats 2+2+4+3+5 free + 2 manual = 18.
    expect(stats.salesByShowtime[0]).toEqual({
      showtimeId: S1,
      dateTime: '2027-05-01T14:00:00.000Z',
      label: 'Matinee',
      sold: 4,
      partnerSold: 4,
      externalSold: 5,
      totalSold: 13,
      remaining: 2,
      revenue: 50 + 35 + 100 + 60,
      partnerRevenue: 100,
      externalBySource: [
        { source: 'box office', quantity: 3 },
        { source: 'manual', quantity: 2 },
      ],
    });
    // S2: member 3, external 1; seats 3 + 1 + 1 free = 5.
    expect(stats.salesByShowtime[1]).toEqual({
      showtimeId: S2,
      dateTime: '2027-05-01T19:00:00.000Z',
      sold: 3,
      externalSold: 1,
      totalSold: 4,
      remaining: 15,
      revenue: 30 + 12.5,
      externalBySource: [{ source: 'agency', quantity: 1 }],
    });
    expect(stats.totalTicketsSold).toBe(17);
    expect(stats.ticketsRemaining).toBe(17);
    expect(stats.totalRevenue).toBe(287.5);
    // Fees: mia 2×1.5 + 3×0.5; max 1.5 + 0.5; partner 4×1.5; external 3×1 + 0.25.
    expect(stats.totalFee).toBe(3 + 1.5 + 2 + 6 + 3.25);
    expect(stats.activeSellers).toBe(2);
    expect(stats.salesByTicketType).toEqual([
      { ticketTypeId: 'adult', name: 'Adult', price: 25, sold: 2 + 1 + 4 + 3, revenue: 50 + 25 + 100 + 60 },
      { ticketTypeId: 'child', name: 'Child', price: 10, sold: 3 + 1 + 1, revenue: 30 + 10 + 12.5 },
      { ticketTypeId: 'dime', name: 'Dime', price: 0.1, sold: 0, revenue: 0 },
    ]);
    expect(stats.salesByMember.map((m) => [m.userId, m.userName, m.ticketsSold, m.totalRevenue])).toEqual([
      ['mia', 'Name of mia', 5, 80],
      ['max', 'Name of max', 2, 35],
    ]);
    const [mia, max] = stats.salesByMember;
    expect(mia.breakdown).toEqual([
      { ticketType: 'Adult', quantity: 2, revenue: 50 },
      { ticketType: 'Child', quantity: 3, revenue: 30 },
    ]);
    expect(mia.invoiceSummary).toEqual({
      state: 'readyToInvoice',
      eligibleCount: 2,
      invoicedCount: 0,
      unresolvedOrderCount: 0,
      invalidBasisOrderCount: 0,
      invoiceAmount: 80,
      allEligibleInvoiced: false,
    });
    expect(max.invoiceSummary).toMatchObject({
      state: 'awaitingSettlement',
      eligibleCount: 0,
      unresolvedOrderCount: 1,
    });
    expect(stats.salesByPartnerOrganization).toEqual([
      { organizationId: 'org-p', organizationName: 'Partner Choir', ticketsSold: 4, revenue: 100, fee: 6 },
    ]);
  });

  it('a 0.10 ticket sold three times is 0.30 exactly everywhere', () => {
    const docs = [1, 2, 3].map(() => registration('mia', { dime: 1 }));
    expect(0.1 + 0.1 + 0.1).not.toBe(0.3);
    const stats = buildDashboard(event, docs);
    expectReconciles(stats);
    expect(stats.totalRevenue).toBe(0.3);
    expect(stats.salesByShowtime[0].revenue).toBe(0.3);
    expect(stats.salesByTicketType.find((t) => t.ticketTypeId === 'dime')).toMatchObject({ sold: 3, revenue: 0.3 });
    expect(stats.salesByMember[0]).toMatchObject({ totalRevenue: 0.3, breakdown: [{ quantity: 3, revenue: 0.3 }] });
    expect(stats.salesByMember[0].invoiceSummary.invoiceAmount).toBe(0.3);
  });

  it('lists a member with tickets still in their hands (awaitingSettlement) but not one with only requests', () => {
    const docs = [
      order('holder', 'delivered', { adult: 2 }),
      order('requester', 'pending', { adult: 2 }),
      order('approved', 'approved', { adult: 2 }),
      order('cancelled', 'cancelled', { adult: 2 }),
    ];
    const stats = buildDashboard(event, docs);
    expectReconciles(stats);
    expect(stats.salesByMember).toEqual([
      {
        userId: 'holder',
        userName: 'Name of holder',
        ticketsSold: 0,
        totalRevenue: 0,
        invoiced: false,
        invoiceSummary: {
          state: 'awaitingSettlement',
          eligibleCount: 0,
          invoicedCount: 0,
          unresolvedOrderCount: 1,
          invalidBasisOrderCount: 0,
          invoiceAmount: 0,
          allEligibleInvoiced: false,
        },
        breakdown: [],
      },
    ]);
    expect(stats.activeSellers).toBe(0);
  });

  it('invoice summary: invoiced, partially invoiced, invalid basis; `invoiced` is allEligibleInvoiced', () => {
    const settled = order('mia', 'settled', { adult: 1 }, { adult: 1 }, { invoicedAt: '2027-02-01T00:00:00.000Z' });
    const reg = registration('mia', { child: 1 }, S1, { invoicedAt: '2027-02-01T00:00:00.000Z' });
    const open = registration('max', { child: 1 });
    const maxInvoiced = registration('max', { child: 1 }, S1, { invoicedAt: '2027-02-01T00:00:00.000Z' });
    const broken = order('ann', 'settled', { adult: 2 }, { adult: 2 });
    (broken as { invoiceBasis: { grandTotal: number } }).invoiceBasis.grandTotal = 1;
    const stats = buildDashboard(event, [settled, reg, open, maxInvoiced, broken]);
    expectReconciles(stats);
    const byId = Object.fromEntries(stats.salesByMember.map((m) => [m.userId, m]));
    expect(byId.mia).toMatchObject({ invoiced: true, invoiceSummary: { state: 'invoiced', invoicedCount: 2 } });
    expect(byId.max).toMatchObject({
      invoiced: false,
      invoiceSummary: { state: 'partiallyInvoiced', eligibleCount: 2, invoicedCount: 1, invoiceAmount: 20 },
    });
    // An invalid basis counts its tickets but adds no revenue, and blocks invoicing.
    expect(byId.ann).toMatchObject({
      ticketsSold: 2,
      totalRevenue: 0,
      breakdown: [],
      invoiceSummary: { state: 'invalidBasis', invalidBasisOrderCount: 1, eligibleCount: 0 },
    });
  });

  it('partner orders never reach salesByMember; partners are grouped by organization id and named by the latest', () => {
    const docs = [
      order(
        'u1',
        'settled',
        { adult: 1 },
        { adult: 1 },
        { soldByOrganizationId: 'org-b', soldByOrganizationName: 'Old B' },
      ),
      order(
        'u2',
        'delivered',
        { child: 2 },
        { child: 2 },
        { soldByOrganizationId: 'org-b', soldByOrganizationName: 'Bravo' },
      ),
      order('u3', 'delivered', { child: 1 }, { child: 1 }, { soldByOrganizationId: 'org-a' }),
    ];
    const stats = buildDashboard(event, docs);
    expectReconciles(stats);
    expect(stats.salesByMember).toEqual([]);
    expect(stats.activeSellers).toBe(0);
    expect(stats.salesByPartnerOrganization).toEqual([
      { organizationId: 'org-b', organizationName: 'Bravo', ticketsSold: 3, revenue: 45, fee: 2.5 },
      { organizationId: 'org-a', ticketsSold: 1, revenue: 10, fee: 0.5 },
    ]);
    expect(stats.salesByShowtime[0]).toMatchObject({ sold: 0, partnerSold: 4, partnerRevenue: 55, totalSold: 6 });
  });

  it('free tickets reduce remaining but are not sold; remaining never goes below 0', () => {
    const stats = buildDashboard(event, [free(7), registration('mia', { adult: 15 })]);
    expectReconciles(stats);
    expect(stats.salesByShowtime[0]).toMatchObject({ sold: 15, externalSold: 2, totalSold: 17, remaining: 0 });
    expect(stats.totalTicketsSold).toBe(17);
    expect(stats.ticketsRemaining).toBe(20);
  });

  it('a ticket type no longer on the event is listed after the current ones with its recorded name and latest price', () => {
    const old = registration('mia', { adult: 1 });
    const gone = {
      ...old,
      tickets: [{ ticketTypeId: 'vip', ticketTypeName: 'VIP', quantity: 2, unitPrice: 40, fee: 2 }],
      totalQuantity: 2,
      capacityQuantity: 2,
      totalAmount: 80,
    } as SalesSourceDoc;
    const stats = buildDashboard(event, [gone]);
    expectReconciles(stats);
    expect(stats.salesByTicketType.map((t) => t.ticketTypeId)).toEqual(['adult', 'child', 'dime', 'vip']);
    expect(stats.salesByTicketType[3]).toEqual({ ticketTypeId: 'vip', name: 'VIP', price: 40, sold: 2, revenue: 80 });
    expect(stats.salesByMember[0].breakdown).toEqual([{ ticketType: 'VIP', quantity: 2, revenue: 80 }]);
  });

  it('records on a showtime the event no longer has count in no figure, but still in the invoice summary', () => {
    const stats = buildDashboard(event, [registration('mia', { adult: 2 }, 'show-gone')]);
    expectReconciles(stats);
    expect(stats.totalTicketsSold).toBe(2);
    expect(stats.totalRevenue).toBe(0);
    expect(stats.salesByMember).toEqual([
      expect.objectContaining({
        userId: 'mia',
        ticketsSold: 0,
        invoiceSummary: expect.objectContaining({ eligibleCount: 1 }),
      }),
    ]);
  });

  it('does not depend on the order the documents arrive in (pages)', () => {
    const docs = [
      order('mia', 'settled', { adult: 2, child: 1 }, { adult: 2 }),
      registration('max', { child: 3 }, S2),
      external('box office', 'adult', 3, 20, 1),
      free(2),
      order('p', 'settled', { adult: 1 }, { adult: 1 }, { soldByOrganizationId: 'org-p' }),
    ];
    expect(buildDashboard(event, [...docs].reverse())).toEqual(buildDashboard(event, docs));
  });

  it('ignores soft-deleted documents', () => {
    const stats = buildDashboard(event, [registration('mia', { adult: 2 }, S1, { deletedAt: '2027-01-01T00:00:00Z' })]);
    expect(stats.salesByMember).toEqual([]);
    expect(stats.totalTicketsSold).toBe(2);
  });
});
