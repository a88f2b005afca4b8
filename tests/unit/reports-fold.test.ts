import { manualExternalRows, orderRow, transactionRows } from '../../shared/domain/reports/export-rows';
import { SalesReportFold } from '../../shared/domain/reports/fold';
import type { ReportEvent } from '../../shared/domain/reports/model';
import type { SalesRecord } from '../../shared/domain/sales/model';

const event: ReportEvent = {
  id: 'e1',
  name: 'Concert',
  date: '2027-05-01',
  venueCapacity: 10,
  showtimes: [
    { showtimeId: 's1', dateTime: '2027-05-01T14:00:00.000Z', externalSold: 2, externalNote: 'desk' },
    { showtimeId: 's2', dateTime: '2027-05-01T19:00:00.000Z', label: 'Evening', externalSold: 0 },
  ],
  ticketTypes: [
    { id: 'child', eventId: 'e1', organizationId: 'o', name: 'Child', price: 5, fee: 0, sortOrder: 2 },
    { id: 'token', eventId: 'e1', organizationId: 'o', name: 'Token', price: 0.1, fee: 0.1, sortOrder: 1 },
  ],
};

const line = (ticketTypeId: string, quantity: number, unitPriceCents: number, feeCents: number) => ({
  ticketTypeId,
  ticketTypeName: ticketTypeId,
  quantity,
  unitPriceCents,
  feeCents,
});

function record(extra: Partial<SalesRecord>): SalesRecord {
  return {
    kind: 'registration',
    id: 'r',
    eventId: 'e1',
    showtimeId: 's1',
    channel: 'member',
    seats: 0,
    soldTickets: 0,
    lines: [],
    createdAt: '2027-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('SalesReportFold', () => {
  it('sums in cents: 0.10 sold three times is 0.30 exactly, in every tab', () => {
    const fold = new SalesReportFold([event], { id: 'o', name: 'Choir' });
    for (const id of ['a', 'b', 'c']) {
      fold.add(
        record({ id, sellerId: 'u1', sellerName: 'Ann', seats: 1, soldTickets: 1, lines: [line('token', 1, 10, 10)] }),
      );
    }
    const report = fold.result();
    expect(report.members.rows).toEqual([{ userId: 'u1', userName: 'Ann', ticketsSold: 3, revenue: 0.3, fees: 0.3 }]);
    expect(report.types.rows.find((t) => t.ticketTypeId === 'token')).toMatchObject({ quantity: 3, revenue: 0.3 });
    expect(report.events.totals).toMatchObject({ ticketsSold: 3 + 2, revenue: 0.3, fees: 0.3 });
    expect(report.choirs.totals).toEqual({ ticketsSold: 5, revenue: 0.3, fees: 0.3 });
  });

  it('free tickets hold seats but sell nothing; manual counts hold seats and count as external sold', () => {
    const fold = new SalesReportFold([event], { id: 'o' });
    fold.add(record({ kind: 'freeTicket', channel: undefined, seats: 3, showtimeId: 's1' }));
    fold.add(
      record({
        kind: 'externalSale',
        channel: 'external',
        source: 'web',
        seats: 4,
        soldTickets: 4,
        lines: [line('child', 4, 500, 0)],
      }),
    );
    const [row] = fold.result().events.rows;
    expect(row.showtimes[0]).toEqual({
      showtimeId: 's1',
      dateTime: '2027-05-01T14:00:00.000Z',
      capacity: 10,
      memberSold: 0,
      partnerSold: 0,
      externalSold: 6,
      totalSold: 6,
      freeTickets: 3,
      remaining: 10 - 3 - 4 - 2,
      revenue: 20,
      fees: 0,
    });
    expect(row.showtimes[1]).toMatchObject({ label: 'Evening', remaining: 10, totalSold: 0 });
    expect(row).toMatchObject({ ticketsSold: 6, capacity: 20, remaining: 1 + 10, freeTickets: 3 });
    expect(fold.result().boxoffice.totals).toEqual({
      quantity: 4,
      manualQuantity: 2,
      ticketsSold: 6,
      revenue: 20,
      fees: 0,
    });
  });

  it('remaining never drops below zero on an oversold showtime', () => {
    const fold = new SalesReportFold([event], { id: 'o' });
    fold.add(record({ seats: 12, soldTickets: 12, sellerId: 'u', sellerName: 'U' }));
    expect(fold.result().events.rows[0].showtimes[0].remaining).toBe(0);
  });

  it('partner orders go to their organization, never to a member; records of other events are left out', () => {
    const fold = new SalesReportFold([event], { id: 'o', name: 'Choir' });
    fold.add(
      record({
        kind: 'order',
        channel: 'partner',
        partnerOrganizationId: 'p',
        partnerOrganizationName: 'P',
        seats: 2,
        soldTickets: 2,
        lines: [line('child', 2, 500, 0)],
      }),
    );
    fold.add(record({ eventId: 'deleted-event', sellerId: 'u', sellerName: 'U', seats: 5, soldTickets: 5 }));
    const report = fold.result();
    expect(report.members.rows).toEqual([]);
    expect(report.choirs.rows).toEqual([
      { channel: 'member', organizationId: 'o', organizationName: 'Choir', ticketsSold: 0, revenue: 0, fees: 0 },
      { channel: 'partner', organizationId: 'p', organizationName: 'P', ticketsSold: 2, revenue: 10, fees: 0 },
      { channel: 'external', ticketsSold: 2, revenue: 0, fees: 0 },
    ]);
    expect(report.events.rows[0].showtimes[0].partnerSold).toBe(2);
  });

  it("names a member by the newest record's name; ticket types follow sortOrder", () => {
    const fold = new SalesReportFold([event], { id: 'o' });
    fold.add(record({ sellerId: 'u', sellerName: 'New', createdAt: '2027-02-01', soldTickets: 1, seats: 1 }));
    fold.add(record({ sellerId: 'u', sellerName: 'Old', createdAt: '2027-01-01', soldTickets: 1, seats: 1 }));
    const report = fold.result();
    expect(report.members.rows[0]).toMatchObject({ userName: 'New', ticketsSold: 2 });
    expect(report.types.rows.map((t) => t.ticketTypeId)).toEqual(['token', 'child']);
  });
});

describe('report export rows', () => {
  it('one transaction row per sold line, plus an unpriced row for tickets sold without per-type detail', () => {
    const rows = transactionRows(
      record({
        kind: 'order',
        id: 'o1',
        status: 'delivered',
        sellerId: 'u',
        sellerName: 'U',
        soldTickets: 3,
        seats: 3,
        lines: [line('child', 2, 500, 25)],
      }),
      event,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0].slice(-7)).toEqual(['child', 'child', 2, 5, 0.25, 10, 0.5]);
    expect(rows[1].slice(-7)).toEqual([undefined, undefined, 1, undefined, undefined, 0, 0]);
    expect(rows[0][6]).toBe('2027-05-01T14:00:00.000Z');
    expect(transactionRows(record({ kind: 'freeTicket', seats: 2 }), event)).toEqual([]);
  });

  it('manual counts are rows of their own, without money', () => {
    const rows = manualExternalRows(event);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveLength(21);
    expect(rows[0].slice(0, 2)).toEqual(['manualExternal', 's1']);
    expect(rows[0].slice(-5)).toEqual([2, undefined, undefined, 0, 0]);
  });

  it('an order row counts pending orders as nothing sold, whatever totalAmount says', () => {
    const row = orderRow(
      {
        docType: 'order',
        id: 'o2',
        eventId: 'e1',
        showtimeId: 's2',
        createdAt: '2027-01-01',
        status: 'pending',
        tickets: [{ ticketTypeId: 'child', ticketTypeName: 'Child', quantity: 2, unitPrice: 5, fee: 0 }],
        totalQuantity: 2,
        totalAmount: 10,
        totalFees: 0,
        capacityQuantity: 0,
        requestedBy: 'u',
        requestedByName: 'U',
      },
      event,
    );
    expect(row).toHaveLength(25);
    expect(row.slice(13, 20)).toEqual([2, 0, undefined, 10, 0, 0, 0]);
    expect(row.slice(-5)).toEqual([undefined, undefined, undefined, undefined, false]);
  });
});
