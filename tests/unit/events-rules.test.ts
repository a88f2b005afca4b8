import {
  assertCommitmentEdit,
  assertParsableDates,
  centsOnly,
  findUsed,
  pickActiveEvent,
  planListUpdate,
} from '../../shared/domain/events/rules';
import { revenueByEvent, type RevenueRow } from '../../shared/domain/reports/revenue-rules';

describe('planListUpdate', () => {
  it('deletes the existing ids that are not listed', () => {
    expect(planListUpdate(['a', 'b', 'c'], ['b', undefined], 'ticketTypes')).toEqual({ deleted: ['a', 'c'] });
    expect(planListUpdate(['a'], ['a'], 'showtimes')).toEqual({ deleted: [] });
  });
  it('refuses an id that names nothing existing', () => {
    expect(() => planListUpdate(['a'], ['a', 'zz'], 'showtimes')).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        data: { details: [{ path: '/showtimes/1', message: 'unknown id' }] },
      }),
    );
  });
});

describe('findUsed', () => {
  const refs = [
    { showtimeId: 's1', ticketTypeId: 't1' },
    { showtimeId: 's2', tickets: [{ ticketTypeId: 't2' }] },
  ];
  it('finds showtimes and ticket types referenced directly or through order lines', () => {
    expect(findUsed(refs, ['s0', 's2'], ['t0', 't2'])).toEqual({ showtimeId: 's2', ticketTypeId: 't2' });
    expect(findUsed(refs, ['s3'], ['t3'])).toEqual({ showtimeId: undefined, ticketTypeId: undefined });
  });
});

describe('pickActiveEvent', () => {
  const now = new Date('2027-03-10T15:00:00.000Z');
  const ev = (id: string, date: string, active = true, deletedAt?: string) => ({ id, date, active, deletedAt });
  it('takes the nearest from today on, counting today itself', () => {
    const events = [ev('a', '2027-04-01'), ev('b', '2027-03-10T09:00:00.000Z'), ev('c', '2027-03-20')];
    expect(pickActiveEvent(events, now)?.id).toBe('b');
  });
  it('skips inactive and deleted events, and falls back to the latest past one', () => {
    const events = [
      ev('a', '2027-03-11', false),
      ev('b', '2027-03-12', true, 'x'),
      ev('c', '2026-01-01'),
      ev('d', '2026-06-01'),
    ];
    expect(pickActiveEvent(events, now)?.id).toBe('d');
    expect(pickActiveEvent([ev('a', '2027-03-11', false)], now)).toBeNull();
  });
});

describe('revenueByEvent', () => {
  it('adds order sold lines, registrations and external sales in exact cents, skipping deleted rows', () => {
    const rows: RevenueRow[] = [
      {
        docType: 'order',
        eventId: 'e1',
        status: 'delivered',
        soldQuantity: 3,
        totalQuantity: 3,
        tickets: [{ ticketTypeId: 't', ticketTypeName: 'A', quantity: 3, unitPrice: 0.1, fee: 0.2 }],
      },
      { docType: 'order', eventId: 'e1', status: 'pending', totalAmount: 999, tickets: [] },
      { docType: 'registration', eventId: 'e1', totalAmount: 0.2, totalFees: 0.1 },
      { docType: 'externalSale', eventId: 'e2', totalAmount: 10.1, totalFees: 0 },
      { docType: 'externalSale', eventId: 'e2', totalAmount: 50, deletedAt: 'x' },
    ];
    const result = revenueByEvent(rows);
    expect(result.get('e1')).toEqual({ revenue: 0.5, fees: 0.7 });
    expect(result.get('e2')).toEqual({ revenue: 10.1, fees: 0 });
  });
});

describe('assertParsableDates', () => {
  it('refuses a time Date cannot represent and names every bad path', () => {
    expect(() =>
      assertParsableDates({ date: '2027-01-01', showtimes: [{ dateTime: '2027-01-01T19:00:00Z' }] }),
    ).not.toThrow();
    expect(() =>
      assertParsableDates({ date: '2027-06-30T23:59:60Z', showtimes: [{ dateTime: '2027-01-01T23:59:60Z' }] }),
    ).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        data: {
          details: [
            { path: '/date', message: 'is not a valid date' },
            { path: '/showtimes/0/dateTime', message: 'is not a valid date' },
          ],
        },
      }),
    );
    expect(() => assertParsableDates({ commitmentDeadline: null })).not.toThrow();
  });
});

describe('centsOnly', () => {
  it('rounds prices and fees to whole cents and keeps absent overrides absent', () => {
    expect(centsOnly({ price: 0.1 + 0.2, fee: 1.1 * 3 })).toEqual({ price: 0.3, fee: 3.3 });
    expect(centsOnly({ price: 1, fee: 0, boxofficePrice: 2.2 * 3, boxofficeFee: 0 })).toEqual({
      price: 1,
      fee: 0,
      boxofficePrice: 6.6,
      boxofficeFee: 0,
    });
  });
});

describe('assertCommitmentEdit', () => {
  it('lets the event body open or close the round, never convert it or leave converted', () => {
    expect(() => assertCommitmentEdit(undefined, 'open')).not.toThrow();
    expect(() => assertCommitmentEdit('open', 'closed')).not.toThrow();
    expect(() => assertCommitmentEdit('converted', 'converted')).not.toThrow();
    expect(() => assertCommitmentEdit('converted', undefined)).not.toThrow();
    expect(() => assertCommitmentEdit('closed', 'converted')).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    expect(() => assertCommitmentEdit('converted', 'open')).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
  });
});
