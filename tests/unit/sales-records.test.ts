import { moneyOf, salesRecordOf, type SalesSourceDoc } from '../../shared/domain/sales/facts';
import { fromCents } from '../../shared/domain/vocabulary/money';

const line = (ticketTypeId: string, quantity: number, unitPrice: number, fee: number) => ({
  ticketTypeId,
  ticketTypeName: ticketTypeId.toUpperCase(),
  quantity,
  unitPrice,
  fee,
});
const base = { id: 'x', eventId: 'e', showtimeId: 's', createdAt: '2026-01-01T00:00:00.000Z' };
const order = (fields: Record<string, unknown>) =>
  ({
    ...base,
    docType: 'order',
    requestedBy: 'u1',
    requestedByName: 'Mia',
    tickets: [line('a', 4, 25, 1.5), line('c', 2, 10, 0.5)],
    totalQuantity: 6,
    ...fields,
  }) as SalesSourceDoc;

describe('sales records (the one reading of a document as sales)', () => {
  it('pending and approved printed orders hold and sell nothing, whatever their totalAmount', () => {
    for (const status of ['pending', 'approved', 'cancelled']) {
      const record = salesRecordOf(order({ status, capacityQuantity: 0, totalAmount: 120 }))!;
      expect(record).toMatchObject({ channel: 'member', seats: 0, soldTickets: 0, lines: [] });
    }
  });

  it('a delivered order counts its reported total and prices only its validated per-type lines', () => {
    const detailed = salesRecordOf(
      order({
        status: 'delivered',
        soldQuantity: 3,
        capacityQuantity: 3,
        soldTypeQuantities: [
          { ticketTypeId: 'a', soldQuantity: 2 },
          { ticketTypeId: 'c', soldQuantity: 1 },
        ],
      }),
    )!;
    expect(detailed.soldTickets).toBe(3);
    expect(moneyOf(detailed.lines)).toEqual({ revenueCents: 6000, feeCents: 350 });

    // A partial sale without per-type detail: the tickets count, the money waits for the detail.
    const undetailed = salesRecordOf(order({ status: 'delivered', soldQuantity: 3, capacityQuantity: 3 }))!;
    expect(undetailed.soldTickets).toBe(3);
    expect(undetailed.lines).toEqual([]);
  });

  it('a settled order reads its frozen basis, never the ordered totals', () => {
    const record = salesRecordOf(
      order({
        status: 'settled',
        soldQuantity: 1,
        returnedQuantity: 5,
        capacityQuantity: 1,
        totalAmount: 120,
        invoiceBasis: { lines: [{ ...line('c', 1, 10, 0.5), amount: 10 }], grandTotal: 10, totalFees: 0.5 },
      }),
    )!;
    expect(moneyOf(record.lines)).toEqual({ revenueCents: 1000, feeCents: 50 });
  });

  it('a partner-sold order is the partner channel, never a member sale', () => {
    const record = salesRecordOf(
      order({ status: 'delivered', soldQuantity: 6, capacityQuantity: 6, soldByOrganizationId: 'p1' }),
    )!;
    expect(record).toMatchObject({ channel: 'partner', partnerOrganizationId: 'p1', soldTickets: 6 });
    expect(record.sellerId).toBeUndefined();
  });

  it('registrations, external sales and free tickets: channels, sellers, sources and seats', () => {
    const registration = salesRecordOf({
      ...base,
      docType: 'registration',
      tickets: [line('a', 3, 0.1, 0)],
      totalQuantity: 3,
      capacityQuantity: 3,
      sellerId: 'u2',
      sellerName: 'Max',
    } as SalesSourceDoc)!;
    expect(registration).toMatchObject({ channel: 'member', sellerId: 'u2', soldTickets: 3, seats: 3 });
    expect(fromCents(moneyOf(registration.lines).revenueCents)).toBe(0.3);

    const external = salesRecordOf({
      ...base,
      docType: 'externalSale',
      tickets: [{ ticketTypeId: 'a', ticketTypeName: 'A', quantity: 2, unitPrice: 30, unitFee: 2 }],
      totalQuantity: 2,
      capacityQuantity: 2,
      source: 'box office',
    } as SalesSourceDoc)!;
    expect(external).toMatchObject({ channel: 'external', source: 'box office', soldTickets: 2 });
    expect(moneyOf(external.lines)).toEqual({ revenueCents: 6000, feeCents: 400 });

    const free = salesRecordOf({ ...base, docType: 'freeTicket', quantity: 4, capacityQuantity: 4 } as SalesSourceDoc)!;
    expect(free).toMatchObject({ seats: 4, soldTickets: 0, lines: [] });
    expect(free.channel).toBeUndefined();
  });

  it('a soft-deleted document is no record at all', () => {
    expect(salesRecordOf(order({ status: 'pending', deletedAt: '2026-01-02T00:00:00.000Z' }))).toBeUndefined();
  });
});
