import { rateWindow } from '../../shared/domain/rate-limits/enforce';
import { clientAddress, lastForwarded } from '../../shared/http/forwarded';

describe('rate window', () => {
  it('puts times of one minute in one window and says when it ends', () => {
    const start = 60_000 * 1000;
    expect(rateWindow(start, 60)).toEqual({ index: 1000, retryAfterSeconds: 60 });
    expect(rateWindow(start + 59_500, 60)).toEqual({ index: 1000, retryAfterSeconds: 1 });
    expect(rateWindow(start + 60_000, 60).index).toBe(1001);
  });
});

describe('client address from x-forwarded-for', () => {
  it.each([
    ['1.2.3.4:5678', '1.2.3.4'],
    ['1.2.3.4', '1.2.3.4'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['', 'unknown'],
  ])('%p → %p', (input, expected) => expect(clientAddress(input)).toBe(expected));
});

describe('the forwarded address that counts', () => {
  it('is the right-most entry, the one the platform appended', () => {
    expect(lastForwarded('10.9.1.1, 203.0.113.7:50000')).toBe('203.0.113.7:50000');
    expect(lastForwarded('203.0.113.7')).toBe('203.0.113.7');
    expect(lastForwarded(' , ')).toBe('');
    expect(lastForwarded(undefined)).toBe('');
  });
});
