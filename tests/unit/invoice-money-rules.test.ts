import { isValidIBAN } from 'ibantools';
import {
  creditorReference,
  formatCreditorReference,
  invoiceReference,
  isValidCreditorReference,
} from '../../shared/domain/invoicing/creditor-reference';
import { epcAmount, epcPayload, parseEpcPayload } from '../../shared/domain/invoicing/epc-qr';
import { invoiceContent, InvoiceLinesFold } from '../../shared/domain/invoicing/invoice-lines';
import {
  addDays,
  dueDateOf,
  localDay,
  outstandingCents,
  receivableStatus,
} from '../../shared/domain/invoicing/receivable';
import type { OrderDoc } from '../../shared/domain/orders/model';
import type { RegistrationDoc } from '../../shared/domain/registrations/model';

const IBAN = 'DE89370400440532013000';

describe('ISO 11649 creditor reference', () => {
  it('computes the check digits of the standard examples and verifies them', () => {
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(creditorReference('2348231')).toBe('RF712348231');
    expect(isValidCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidCreditorReference('RF18539007547035')).toBe(false);
    expect(isValidCreditorReference('RF19539007547034')).toBe(false);
    expect(isValidCreditorReference('RF18')).toBe(false);
    expect(isValidCreditorReference(`RF00${'1'.repeat(22)}`)).toBe(false);
    expect(formatCreditorReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
  });

  it('refuses a body that is empty, too long or not alphanumeric', () => {
    expect(() => creditorReference('')).toThrow();
    expect(() => creditorReference('A'.repeat(22))).toThrow();
    expect(() => creditorReference('AB-1')).toThrow();
  });

  it('derives one stable, valid, 25-character reference per organization, event and member', () => {
    const a = invoiceReference('org1', 'event1', 'user1');
    expect(a).toMatch(/^RF\d{2}[0-9A-Z]{21}$/);
    expect(isValidCreditorReference(a)).toBe(true);
    expect(invoiceReference('org1', 'event1', 'user1')).toBe(a);
    const others = [
      invoiceReference('org2', 'event1', 'user1'),
      invoiceReference('org1', 'event2', 'user1'),
      invoiceReference('org1', 'event1', 'user2'),
    ];
    expect(new Set([a, ...others]).size).toBe(4);
    for (let i = 0; i < 200; i += 1) expect(isValidCreditorReference(invoiceReference('o', `e${i}`, 'u'))).toBe(true);
  });
});

describe('EPC QR payload (SCT, version 002)', () => {
  const transfer = {
    name: 'Theatre Club',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    amountCents: 13550,
  };
  const reference = invoiceReference('o', 'e', 'u');

  it('writes the lines in the order of the format and reads back', () => {
    const payload = epcPayload({ ...transfer, reference }, 'EUR')!;
    expect(payload.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Theatre Club',
      IBAN,
      'EUR135.50',
      '',
      reference,
      '',
    ]);
    expect(parseEpcPayload(payload)).toEqual({
      version: '002',
      bic: 'COBADEFFXXX',
      name: 'Theatre Club',
      iban: IBAN,
      currency: 'EUR',
      amountCents: 13550,
      reference,
    });
    expect(isValidIBAN(parseEpcPayload(payload).iban)).toBe(true);
  });

  it('formats amounts to the cent', () => {
    expect(epcAmount(1)).toBe('EUR0.01');
    expect(epcAmount(30)).toBe('EUR0.30');
    expect(epcAmount(100000)).toBe('EUR1000.00');
  });

  it('makes no payload for another currency, a missing or bad IBAN, or nothing to pay', () => {
    expect(epcPayload({ ...transfer, reference }, 'SEK')).toBeUndefined();
    expect(epcPayload({ ...transfer, iban: '', reference }, 'EUR')).toBeUndefined();
    expect(epcPayload({ ...transfer, iban: 'DE89370400440532013001', reference }, 'EUR')).toBeUndefined();
    expect(epcPayload({ ...transfer, amountCents: 0, reference }, 'EUR')).toBeUndefined();
    expect(epcPayload({ ...transfer, reference: 'RF00X' }, 'EUR')).toBeUndefined();
  });

  it('leaves out a bad BIC (optional in version 002) and cuts the name to 70 characters', () => {
    const payload = epcPayload({ ...transfer, bic: 'nope', name: 'N'.repeat(90), reference }, 'EUR')!;
    const parsed = parseEpcPayload(payload);
    expect(parsed.bic).toBe('');
    expect(parsed.name).toHaveLength(70);
  });

  it('refuses a payload that is not EPC', () => {
    expect(() => parseEpcPayload('BCD\n001\n1\nSCT')).toThrow();
    expect(() =>
      parseEpcPayload(['BCD', '002', '1', 'SCT', '', 'X', IBAN, 'EUR1', '', reference].join('\n')),
    ).toThrow();
  });
});

const line = (id: string, quantity: number, unitPrice: number) => ({
  ticketTypeId: id,
  ticketTypeName: id === 'a' ? 'Adult' : 'Child',
  quantity,
  unitPrice,
  fee: 0.5,
});
function order(id: string, lines: ReturnType<typeof line>[], fields: Partial<OrderDoc> = {}): OrderDoc {
  const quantity = lines.reduce((s, l) => s + l.quantity, 0);
  const cents = lines.reduce((s, l) => s + l.quantity * Math.round(l.unitPrice * 100), 0);
  return {
    id,
    status: 'settled',
    tickets: lines,
    totalQuantity: quantity,
    soldQuantity: quantity,
    invoiceBasis: {
      lines: lines.map((l) => ({ ...l, amount: (l.quantity * Math.round(l.unitPrice * 100)) / 100 })),
      grandTotal: cents / 100,
      totalFees: quantity * 0.5,
      frozenAt: '2026-01-01T00:00:00.000Z',
    },
    invoicedAt: '2026-02-01T10:00:00.000Z',
    ...fields,
  } as OrderDoc;
}
const registration = (lines: ReturnType<typeof line>[], fields: Partial<RegistrationDoc> = {}) =>
  ({
    id: 'r',
    tickets: lines,
    totalAmount: lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0),
    invoicedAt: '2026-02-03T10:00:00.000Z',
    ...fields,
  }) as RegistrationDoc;

describe('invoice lines', () => {
  it('adds invoiced settled orders and invoiced registrations into one line per ticket type and price', () => {
    const content = invoiceContent(
      [order('o1', [line('a', 2, 12.1), line('c', 1, 0.1)]), order('o2', [line('a', 1, 12.1), line('c', 2, 0.2)])],
      [registration([line('a', 3, 12.1)])],
    );
    expect(content.lines).toEqual([
      { ticketTypeId: 'a', ticketTypeName: 'Adult', quantity: 6, unitPriceCents: 1210, amountCents: 7260 },
      { ticketTypeId: 'c', ticketTypeName: 'Child', quantity: 1, unitPriceCents: 10, amountCents: 10 },
      { ticketTypeId: 'c', ticketTypeName: 'Child', quantity: 2, unitPriceCents: 20, amountCents: 40 },
    ]);
    expect(content.totalCents).toBe(7310);
    expect(content.recordCount).toBe(3);
    expect(content.issuedAt).toBe('2026-02-03T10:00:00.000Z');
  });

  it('leaves out what is not invoiced, not eligible, partner-sold or deleted', () => {
    const content = invoiceContent(
      [
        order('not-invoiced', [line('a', 1, 10)], { invoicedAt: undefined }),
        order('delivered', [line('a', 1, 10)], { status: 'delivered' }),
        order('partner', [line('a', 1, 10)], { soldByOrganizationId: 'p' }),
        order('deleted', [line('a', 1, 10)], { deletedAt: 'x' }),
        order('invalid', [line('a', 1, 10)], { soldQuantity: 5 }),
      ],
      [
        registration([line('a', 1, 10)], { invoicedAt: undefined }),
        registration([line('a', 1, 10)], { deletedAt: 'x' }),
      ],
    );
    expect(content).toEqual({ lines: [], totalCents: 0, recordCount: 0 });
  });
  it('gives the same content record by record, in any order of the pages (the receivables fold one at a time)', () => {
    // A type renamed between records: the line keeps the first order's name, as invoiceContent(orders, registrations)
    // always did, even when a registration comes first in the query's pages.
    const renamed = { ...line('a', 2, 12.1), ticketTypeName: 'Adult (renamed)' };
    const orders = [order('o1', [line('a', 2, 12.1), line('c', 1, 0.1)]), order('o2', [line('c', 2, 0.2)])];
    const registrations = [
      registration([renamed]),
      registration([line('a', 1, 9)], { invoicedAt: '2026-03-01T00:00:00.000Z' }),
    ];
    const whole = invoiceContent(orders, registrations);
    const interleaved = new InvoiceLinesFold();
    interleaved.addRegistration(registrations[1]);
    interleaved.addOrder(orders[1]);
    interleaved.addRegistration(registrations[0]);
    interleaved.addOrder(orders[0]);
    expect(interleaved.content()).toEqual(whole);
    expect(whole.lines.find((l) => l.ticketTypeId === 'a' && l.unitPriceCents === 1210)).toEqual({
      ticketTypeId: 'a',
      ticketTypeName: 'Adult',
      quantity: 4,
      unitPriceCents: 1210,
      amountCents: 4840,
    });
    expect(whole.issuedAt).toBe('2026-03-01T00:00:00.000Z');
    expect(whole.recordCount).toBe(4);
  });
});

describe('due date and receivable status', () => {
  it('counts the due date from the issue day in the organization time zone', () => {
    expect(localDay('2026-03-01T23:30:00.000Z', 'Europe/Helsinki')).toBe('2026-03-02');
    expect(localDay('2026-03-01T23:30:00.000Z', 'America/New_York')).toBe('2026-03-01');
    expect(dueDateOf('2026-03-01T23:30:00.000Z', 14, 'Europe/Helsinki')).toBe('2026-03-16');
    expect(dueDateOf('2026-12-25T12:00:00.000Z', 14, 'UTC')).toBe('2027-01-08');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('names each status', () => {
    const due = '2026-03-16';
    expect(receivableStatus({ invoicedCents: 0, paidCents: 0, today: '2026-03-01' })).toBe('not_invoiced');
    expect(receivableStatus({ invoicedCents: 0, paidCents: 500, today: '2026-03-01' })).toBe('not_invoiced');
    expect(receivableStatus({ invoicedCents: 1000, paidCents: 0, dueDate: due, today: '2026-03-16' })).toBe('unpaid');
    expect(receivableStatus({ invoicedCents: 1000, paidCents: 1, dueDate: due, today: due })).toBe('partly_paid');
    expect(receivableStatus({ invoicedCents: 1000, paidCents: 1, dueDate: due, today: '2026-03-17' })).toBe('overdue');
    expect(receivableStatus({ invoicedCents: 1000, paidCents: 1000, dueDate: due, today: '2026-04-01' })).toBe('paid');
    expect(receivableStatus({ invoicedCents: 1000, paidCents: 1200, dueDate: due, today: due })).toBe('paid');
    expect(outstandingCents(1000, 1200)).toBe(0);
    expect(outstandingCents(1000, 1)).toBe(999);
  });
});
