import { DigestFold, digestContent } from '../../shared/domain/reminders/digest';
import type { InvoiceViewDoc } from '../../shared/domain/invoicing/repo';

/**
 * The treasurers' weekly digest (docs/decisions/invoices-and-reminders.md, "Weekly digest") folded record by record:
 * the timer passes the organization's pages through `DigestFold`, so the content must not depend on how the records
 * fall into pages or in which order they come, and what members owe is summed per event to the cent.
 */
const ORG = 'org-1';
const TODAY = '2027-05-20';
const invoicedAt = '2027-05-01T10:00:00.000Z'; // due 2027-05-15 with 14 days' terms: overdue by TODAY

function settled(id: string, eventId: string, member: string, cents: number, extra: Record<string, unknown> = {}) {
  const unitPrice = cents / 100;
  return {
    id,
    docType: 'order',
    eventId,
    eventName: eventId === 'e1' ? 'Spring Concert' : 'Autumn Gala',
    requestedBy: member,
    requestedByName: member.toUpperCase(),
    createdAt: '2027-04-01T00:00:00.000Z',
    status: 'settled',
    tickets: [{ ticketTypeId: 't', ticketTypeName: 'Adult', quantity: 1, unitPrice, fee: 0 }],
    totalQuantity: 1,
    soldQuantity: 1,
    invoiceBasis: {
      lines: [{ ticketTypeId: 't', ticketTypeName: 'Adult', quantity: 1, unitPrice, fee: 0, amount: unitPrice }],
      grandTotal: unitPrice,
      totalFees: 0,
      frozenAt: '2027-04-30T00:00:00.000Z',
    },
    invoicedAt,
    ...extra,
  } as unknown as InvoiceViewDoc;
}
const awaiting = (id: string, eventId: string) =>
  ({ ...settled(id, eventId, 'x', 0), status: 'awaitingReconciliation', invoicedAt: undefined }) as InvoiceViewDoc;
const payment = (id: string, eventId: string, member: string, amountCents: number) =>
  ({ id, docType: 'invoicePayment', eventId, userId: member, amountCents }) as unknown as InvoiceViewDoc;

const records: InvoiceViewDoc[] = [
  settled('o1', 'e1', 'anna', 1210),
  settled('o2', 'e1', 'anna', 2005),
  payment('p1', 'e1', 'anna', 1000), // anna owes 22.15
  settled('o3', 'e1', 'ben', 999),
  payment('p2', 'e1', 'ben', 999), // ben has paid in full: not listed
  awaiting('o4', 'e1'),
  awaiting('o5', 'e1'),
  settled('o6', 'e2', 'carl', 4500), // carl owes 45.00 on the other event
  awaiting('o7', 'e2'),
];
const expected = {
  awaitingReconciliation: [
    { eventName: 'Spring Concert', count: 2 },
    { eventName: 'Autumn Gala', count: 1 },
  ],
  unpaid: [
    { eventName: 'Spring Concert', members: 1, outstanding: 22.15 },
    { eventName: 'Autumn Gala', members: 1, outstanding: 45 },
  ],
};

describe('the treasurers’ weekly digest, folded record by record', () => {
  it('counts the orders awaiting reconciliation and sums what each event’s members still owe, to the cent', () => {
    expect(digestContent(records, ORG, 'Europe/Helsinki', 14, TODAY)).toEqual(expected);
  });

  it('gives the same content in any order of the records (the query’s pages promise none)', () => {
    const byEvent = (c: typeof expected) => ({
      awaitingReconciliation: [...c.awaitingReconciliation].sort((a, b) => a.eventName.localeCompare(b.eventName)),
      unpaid: [...c.unpaid].sort((a, b) => a.eventName.localeCompare(b.eventName)),
    });
    let state = 42;
    const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 20; round += 1) {
      const shuffled = [...records];
      for (let i = shuffled.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
      }
      const fold = new DigestFold();
      for (const doc of shuffled) fold.add(doc);
      expect(byEvent(fold.content(ORG, 'Europe/Helsinki', 14, TODAY))).toEqual(byEvent(expected));
    }
  });

  it('lists nothing for a season where every invoice is paid and nothing awaits reconciliation', () => {
    const paid = [settled('o1', 'e1', 'anna', 1210), payment('p1', 'e1', 'anna', 1210)];
    expect(digestContent(paid, ORG, 'UTC', 14, TODAY)).toEqual({ awaitingReconciliation: [], unpaid: [] });
  });

  it('folds a season of 40,000 invoiced records in one event without holding them per event', () => {
    // The old digest copied the event's array for every record (quadratic: 70 s for these 40,000 on this machine,
    // past the test's 5 s); the fold keeps sums per member.
    const fold = new DigestFold();
    for (let i = 0; i < 40_000; i += 1) fold.add(settled(`o${i}`, 'e1', `m${i % 400}`, 1000));
    const content = fold.content(ORG, 'UTC', 14, TODAY);
    expect(content.unpaid).toEqual([{ eventName: 'Spring Concert', members: 400, outstanding: 400_000 }]);
  });
});
