import type { ResponseData } from '../../api/types';

/**
 * What one phone keeps for one showtime's door (docs/decisions/tickets.md, "The door page"): the door kit (public
 * keys, serial → status), the scans it decided while offline and has not sent yet (with their nonces), and the
 * server's answers that differed from the phone's. localStorage, like the outbox (web/src/offline/outbox.ts): read
 * synchronously on start and small (about 16 bytes a ticket: 4,000 tickets are some 64 kB). Kept per person,
 * organization and showtime, so a shared phone never mixes doors.
 */
export type DoorKit = ResponseData<'/api/management/events/{eventId}/door-kit', 'get'>;
export type CheckInAnswer = ResponseData<'/api/check-ins', 'post'>;
export type DoorResult = CheckInAnswer['result'];

/** A scan made without a connection: sent later with POST /api/check-ins/batch, exactly as it was made. */
export interface QueuedScan {
  nonce: string;
  showtimeId: string;
  scannedAt: string;
  code?: string;
  serial?: string;
  /** What the phone answered at the door, to show where the server decided otherwise. */
  localResult: DoorResult | 'unverified';
  localSerial?: string;
}

/** A queued scan whose server answer differs from what the phone said at the door. */
export interface Difference {
  nonce: string;
  serial?: string;
  scannedAt: string;
  localResult: QueuedScan['localResult'];
  answer: CheckInAnswer;
}

export interface DoorState {
  kit?: DoorKit;
  /** When the kit was fetched (ISO). */
  kitAt?: string;
  /** Serials admitted by this phone since the kit was fetched: a second scan answers already admitted. */
  admittedHere: Record<string, string>;
  queue: QueuedScan[];
  differences: Difference[];
}

const EMPTY: DoorState = { admittedHere: {}, queue: [], differences: [] };
const keyOf = (userId: string, organizationId: string, showtimeId: string) =>
  `tickets.door.${userId}.${organizationId}.${showtimeId}`;

export function readDoor(userId: string, organizationId: string, showtimeId: string): DoorState {
  try {
    const raw = localStorage.getItem(keyOf(userId, organizationId, showtimeId));
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<DoorState>) } : { ...EMPTY };
  } catch {
    return { ...EMPTY };
  }
}

export function writeDoor(userId: string, organizationId: string, showtimeId: string, state: DoorState) {
  try {
    localStorage.setItem(keyOf(userId, organizationId, showtimeId), JSON.stringify(state));
  } catch {
    /* storage full or private mode: the door keeps working for this visit */
  }
}

/** Admitted and expected as the phone knows them: the kit's statuses with this phone's own admissions on top. */
export function doorCounts(state: DoorState) {
  const statuses = { ...(state.kit?.tickets ?? {}) };
  for (const serial of Object.keys(state.admittedHere))
    if (statuses[serial] === 'issued') statuses[serial] = 'admitted';
  let expected = 0;
  let admitted = 0;
  for (const status of Object.values(statuses)) {
    if (status === 'issued' || status === 'admitted') expected += 1;
    if (status === 'admitted') admitted += 1;
  }
  return { expected, admitted };
}

/**
 * The door's answer for a ticket the phone decides itself (a genuine code or a typed serial, offline): the kit's
 * status, with this phone's own admissions since the kit was fetched. A serial the kit does not hold is unknown
 * (issued after the kit was fetched: the server decides again when the scan is sent).
 */
export function decideOffline(state: DoorState, serial: string): DoorResult {
  if (state.admittedHere[serial]) return 'already_admitted';
  const status = state.kit?.tickets[serial];
  if (status === 'issued') return 'admitted';
  if (status === 'admitted') return 'already_admitted';
  if (status === 'returned' || status === 'void') return status;
  return 'unknown';
}

export const newNonce = () => crypto.randomUUID().replace(/-/g, '');
