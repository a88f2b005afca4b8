import { generateKeyPairSync } from 'node:crypto';
import { resetConfig } from '../../shared/config';
import { codeIsGenuine, parseCode, ticketCode } from '../../shared/domain/tickets/codes';
import { foldDoorFigures } from '../../shared/domain/ticket-views/figures';
import type { TicketEntry } from '../../shared/domain/tickets/model';
import { chooseTickets, doorResult, markReturned, reconcileTickets } from '../../shared/domain/tickets/rules';
import { formatSerial, MAX_SERIAL_NUMBER, parseSerial } from '../../shared/domain/tickets/serials';

const at = '2027-01-01T00:00:00.000Z';
const entry = (number: number, status: TicketEntry['status'] = 'issued', ticketTypeId = 'adult'): TicketEntry => ({
  number,
  ticketTypeId,
  ticketTypeName: ticketTypeId,
  status,
  changedAt: at,
});
const line = (ticketTypeId: string, quantity: number) => ({ ticketTypeId, ticketTypeName: ticketTypeId, quantity });

describe('serials', () => {
  it.each([
    [1, 'A-0001'],
    [42, 'A-0042'],
    [9999, 'A-9999'],
    [10000, 'B-0001'],
    [MAX_SERIAL_NUMBER, 'Z-9999'],
  ])('%i is %s and back', (n, serial) => {
    expect(formatSerial(n)).toBe(serial);
    expect(parseSerial(serial)).toBe(n);
  });
  it.each(['A-0000', 'a-0001', 'A-001', 'AA-0001', ' A-0001', 'A-00001', ''])('%j is no serial', (s) => {
    expect(parseSerial(s)).toBeUndefined();
  });
  it('refuses numbers outside the range', () => {
    expect(() => formatSerial(0)).toThrow(RangeError);
    expect(() => formatSerial(MAX_SERIAL_NUMBER + 1)).toThrow(RangeError);
  });
});

describe('reconcileTickets', () => {
  it('issues missing tickets with the next numbers, per type', () => {
    const { tickets, taken } = reconcileTickets([], [line('adult', 2), line('child', 1)], 7, at);
    expect(tickets.map((t) => [t.number, t.ticketTypeId, t.status])).toEqual([
      [7, 'adult', 'issued'],
      [8, 'adult', 'issued'],
      [9, 'child', 'issued'],
    ]);
    expect(taken).toBe(3);
  });
  it('voids the highest-numbered issued surplus and never an admitted ticket', () => {
    const held = [entry(1, 'admitted'), entry(2), entry(3)];
    const { tickets, taken } = reconcileTickets(held, [line('adult', 1)], 10, at);
    expect(tickets.map((t) => t.status)).toEqual(['admitted', 'void', 'void']);
    expect(taken).toBe(0);
  });
  it('a deletion voids issued and returned tickets; admitted ones stay admitted', () => {
    const held = [entry(1, 'admitted'), entry(2, 'returned'), entry(3)];
    expect(reconcileTickets(held, [], 1, at).tickets.map((t) => t.status)).toEqual(['admitted', 'void', 'void']);
  });
});

describe('chooseTickets and returns', () => {
  const held = [entry(1), entry(2), entry(3, 'admitted'), entry(4), entry(5, 'issued', 'child')];
  it('by default takes the highest-numbered issued tickets of each type', () => {
    expect(chooseTickets(held, new Map([['adult', 2]]), undefined, '/serials').map((t) => t.number)).toEqual([4, 2]);
  });
  it('takes named serials that match the count per type', () => {
    const chosen = chooseTickets(
      held,
      new Map([
        ['adult', 1],
        ['child', 1],
      ]),
      ['A-0001', 'A-0005'],
      '/serials',
    );
    expect(markReturned(held, chosen, at).map((t) => t.status)).toEqual([
      'returned',
      'issued',
      'admitted',
      'issued',
      'returned',
    ]);
  });
  it.each([
    [['A-0003'], 'an admitted ticket'],
    [['A-0009'], 'a ticket not on the order'],
    [['A-0001', 'A-0001'], 'the same serial twice'],
    [['A-0005'], 'a ticket of another type'],
    [['A-0001', 'A-0002'], 'more than the count'],
  ])('refuses %j (%s)', (serials) => {
    expect(() => chooseTickets(held, new Map([['adult', 1]]), serials, '/serials')).toThrow(/serial/);
  });
});

describe('doorResult', () => {
  it('answers from the state, and admitted again for the nonce that admitted', () => {
    expect(doorResult(undefined, true, 'n')).toBe('unknown');
    expect(doorResult(entry(1), false, 'n')).toBe('wrong_showtime');
    expect(doorResult(entry(1), true, 'n')).toBe('admitted');
    const admitted = { ...entry(1, 'admitted'), admittedAt: at, admittedNonce: 'n1' };
    expect(doorResult(admitted, true, 'n1')).toBe('admitted');
    expect(doorResult(admitted, true, 'n2')).toBe('already_admitted');
    expect(doorResult(entry(1, 'returned'), true, 'n')).toBe('returned');
    expect(doorResult(entry(1, 'void'), true, 'n')).toBe('void');
  });
});

describe('codes', () => {
  const ticket = {
    organizationId: 'org-1',
    eventId: 'ev-1',
    showtimeId: 'st-1',
    serial: 'A-0042',
    ticketTypeId: 'tt-1',
  };
  afterEach(() => {
    delete process.env.TICKET_SIGNING_KEY;
    delete process.env.TICKET_SIGNING_KEY_ID;
    delete process.env.TICKET_VERIFY_KEYS;
    resetConfig();
  });
  it('verifies for its organization and event only, and is small enough for a QR', () => {
    const code = ticketCode(ticket);
    expect(code.length).toBeLessThan(140);
    const parsed = parseCode(code)!;
    expect(parsed).toMatchObject({ keyId: 'k1', showtimeId: 'st-1', serial: 'A-0042', ticketTypeId: 'tt-1' });
    expect(codeIsGenuine(parsed, 'org-1', 'ev-1')).toBe(true);
    expect(codeIsGenuine(parsed, 'org-2', 'ev-1')).toBe(false);
    expect(codeIsGenuine(parsed, 'org-1', 'ev-2')).toBe(false);
    expect(codeIsGenuine(parseCode(code.replace('A-0042', 'A-0043'))!, 'org-1', 'ev-1')).toBe(false);
    expect(parseCode(code.replace('T1~', 'T2~'))).toBeUndefined();
  });
  it('keeps verifying codes of the previous key during a rotation, and stops once it is dropped', () => {
    const old = generateKeyPairSync('ed25519');
    process.env.TICKET_SIGNING_KEY = old.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    process.env.TICKET_SIGNING_KEY_ID = 'k1';
    resetConfig();
    const oldCode = parseCode(ticketCode(ticket))!;
    const next = generateKeyPairSync('ed25519');
    process.env.TICKET_SIGNING_KEY = next.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    process.env.TICKET_SIGNING_KEY_ID = 'k2';
    process.env.TICKET_VERIFY_KEYS = `k1=${old.publicKey.export({ format: 'der', type: 'spki' }).toString('base64')}`;
    resetConfig();
    const newCode = parseCode(ticketCode(ticket))!;
    expect(newCode.keyId).toBe('k2');
    expect(codeIsGenuine(oldCode, 'org-1', 'ev-1')).toBe(true);
    expect(codeIsGenuine(newCode, 'org-1', 'ev-1')).toBe(true);
    delete process.env.TICKET_VERIFY_KEYS;
    resetConfig();
    expect(codeIsGenuine(oldCode, 'org-1', 'ev-1')).toBe(false);
  });
});

describe('foldDoorFigures', () => {
  it('counts per showtime and per member; unreported is admitted beyond reported, never negative', () => {
    const book = (holderId: string, kind: 'order' | 'freeTicket', tickets: TicketEntry[]) => ({
      showtimeId: 's1',
      source: { kind, id: holderId },
      holderId,
      holderName: holderId,
      tickets,
    });
    const figures = foldDoorFigures(
      ['s1', 's2'],
      [
        book('ann', 'order', [entry(1, 'admitted'), entry(2, 'admitted'), entry(3, 'returned'), entry(4, 'void')]),
        book('bob', 'order', [entry(5, 'admitted'), entry(6)]),
        book('tm', 'freeTicket', [entry(7, 'admitted')]),
      ],
      [
        {
          docType: 'order',
          showtimeId: 's1',
          status: 'delivered',
          requestedBy: 'ann',
          requestedByName: 'ann',
          soldQuantity: 1,
        },
        {
          docType: 'order',
          showtimeId: 's1',
          status: 'approved',
          requestedBy: 'bob',
          requestedByName: 'bob',
          soldQuantity: 0,
        },
        { docType: 'registration', showtimeId: 's1', sellerId: 'bob', sellerName: 'bob', totalQuantity: 2 },
      ],
    );
    expect(figures.showtimes).toEqual([
      { showtimeId: 's1', issued: 6, returned: 1, reportedSold: 3, admitted: 4 },
      { showtimeId: 's2', issued: 0, returned: 0, reportedSold: 0, admitted: 0 },
    ]);
    expect(figures.members).toEqual([
      { userId: 'ann', name: 'ann', reportedSold: 1, admitted: 2, unreported: 1 },
      { userId: 'bob', name: 'bob', reportedSold: 2, admitted: 1, unreported: 0 },
    ]);
  });
});
