import { ticketCode } from '../../shared/domain/tickets/codes';
import { publicKeysForDoor } from '../../shared/domain/tickets/keys';
import { checkSignature, normalizeSerial, parseCode } from '../../web/src/pages/door/codes';
import { decideOffline, doorCounts, type DoorKit, type DoorState } from '../../web/src/pages/door/door-store';

/**
 * The door page's own decisions (web/src/pages/door/; docs/decisions/tickets.md, "The door page"): a code the
 * server signed verifies with the phone's WebCrypto Ed25519 against the door kit's keys, a tampered or foreign one
 * does not, typed serials are read forgivingly, and the offline answer follows the kit and the phone's admissions.
 */
const identity = {
  organizationId: 'org-1',
  eventId: 'event-1',
  showtimeId: 'show-1',
  serial: 'A-0042',
  ticketTypeId: 'adult',
};
const kit = (tickets: Record<string, 'issued' | 'returned' | 'admitted' | 'void'>): DoorKit => ({
  organizationId: 'org-1',
  eventId: 'event-1',
  showtimeId: 'show-1',
  publicKeys: publicKeysForDoor(),
  ticketTypes: { adult: 'Adult' },
  tickets,
  expected: 0,
  admitted: 0,
  generatedAt: new Date().toISOString(),
});

describe('the door page on the phone', () => {
  it('verifies a code the server signed, and refuses it tampered, for another organization or event, or unknown key', async () => {
    const code = ticketCode(identity);
    const parsed = parseCode(code)!;
    expect(parsed).toMatchObject({ showtimeId: 'show-1', serial: 'A-0042', ticketTypeId: 'adult' });
    const door = kit({});
    expect(await checkSignature(parsed, door)).toBe('genuine');
    expect(await checkSignature({ ...parsed, serial: 'A-0043' }, door)).toBe('forged');
    expect(await checkSignature({ ...parsed, ticketTypeId: 'child' }, door)).toBe('forged');
    expect(await checkSignature(parsed, { ...door, organizationId: 'org-2' })).toBe('forged');
    expect(await checkSignature(parsed, { ...door, eventId: 'event-2' })).toBe('forged');
    expect(await checkSignature({ ...parsed, keyId: 'k9' }, door)).toBe('forged');
    expect(parseCode(code.replace('T1~', 'T2~'))).toBeUndefined();
    expect(parseCode('https://example.com')).toBeUndefined();
  });

  it('reads typed serials forgivingly', () => {
    expect(['a42', 'A 42', 'A-0042', ' a-042 '].map(normalizeSerial)).toEqual(Array(4).fill('A-0042'));
    expect(['', 'A-0', 'AA-1', '42', 'A-12345'].map(normalizeSerial)).toEqual(Array(5).fill(undefined));
  });

  it('decides offline from the kit and the tickets this phone admitted; counts admitted of expected', () => {
    const state: DoorState = {
      kit: kit({
        'A-0001': 'issued',
        'A-0002': 'admitted',
        'A-0003': 'returned',
        'A-0004': 'void',
        'A-0005': 'issued',
      }),
      admittedHere: { 'A-0005': new Date().toISOString() },
      queue: [],
      differences: [],
    };
    expect(['A-0001', 'A-0002', 'A-0003', 'A-0004', 'A-0005', 'A-0006'].map((s) => decideOffline(state, s))).toEqual([
      'admitted',
      'already_admitted',
      'returned',
      'void',
      'already_admitted',
      'unknown',
    ]);
    expect(doorCounts(state)).toEqual({ expected: 3, admitted: 2 });
  });
});
