import { idString, isoDateTime, object } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import { DOOR_RESULTS, TICKET_STATUSES, type DoorResult, type TicketStatus } from './model';
import { SERIAL_PATTERN } from './serials';
import { MAX_CODE_LENGTH } from './codes';

/** Request and response schemas of the ticket and door routes (docs/api.md, "Tickets and the door"). */
export const serialString: Schema = {
  type: 'string',
  pattern: SERIAL_PATTERN,
  description: 'A serial, e.g. `A-0042`',
  examples: ['A-0042'],
};
export const serialList = (description: string): Schema => ({
  type: 'array',
  maxItems: 1000,
  uniqueItems: true,
  items: serialString,
  description,
});

const str: Schema = { type: 'string' };
export const ticketItem: Schema = object(
  {
    serial: str,
    ticketTypeId: str,
    showtimeId: str,
    status: { type: 'string', enum: [...TICKET_STATUSES] },
    code: str,
  },
  ['serial', 'ticketTypeId', 'showtimeId', 'status', 'code'],
);
export const ticketList: Schema = object({ items: { type: 'array', items: ticketItem } }, ['items']);

export interface TicketItem {
  serial: string;
  ticketTypeId: string;
  showtimeId: string;
  status: TicketStatus;
  code: string;
}

const layout: Schema = {
  type: 'string',
  enum: ['sheet', 'perPage'],
  default: 'sheet',
  description: 'An A4 sheet of tickets, or one ticket per page',
};
export const ticketsPdfQuery = object({ layout });
export interface TicketsPdfQuery {
  layout: 'sheet' | 'perPage';
}
export const showtimeStockQuery = object({ showtimeId: idString, layout }, ['showtimeId']);
export interface ShowtimeStockQuery extends TicketsPdfQuery {
  showtimeId: string;
}

/** A nonce names one scan: the scanner makes it once, and a re-sent scan carries the same one. */
const nonce: Schema = { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$', examples: ['7f3c9a1e5b2d4c68'] };
const scanFields = {
  code: { type: 'string', minLength: 1, maxLength: MAX_CODE_LENGTH },
  serial: serialString,
  showtimeId: idString,
  nonce,
  scannedAt: isoDateTime,
};
const oneOfCodeOrSerial = { oneOf: [{ required: ['code'] }, { required: ['serial'] }] };
export const checkInBody: Schema = object(scanFields, ['showtimeId', 'nonce'], oneOfCodeOrSerial);
export interface CheckInBody {
  code?: string;
  serial?: string;
  showtimeId: string;
  nonce: string;
  scannedAt?: string;
}
export const MAX_BATCH_SCANS = 500;
export const checkInBatchBody: Schema = object(
  {
    scans: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BATCH_SCANS,
      // A queued scan names its ticket by code or serial (the code wins when a scanner sends both).
      items: object(scanFields, ['showtimeId', 'nonce', 'scannedAt'], {
        anyOf: [{ required: ['code'] }, { required: ['serial'] }],
      }),
    },
  },
  ['scans'],
);
export interface CheckInBatchBody {
  scans: (CheckInBody & { scannedAt: string })[];
}

export const doorTicket = object({ serial: str, ticketTypeName: str, holderName: str }, [
  'serial',
  'ticketTypeName',
  'holderName',
]);
export const checkInResult: Schema = object(
  {
    nonce: str,
    result: { type: 'string', enum: [...DOOR_RESULTS] },
    ticket: doorTicket,
    firstAdmission: object({ at: str, byName: str, via: { type: 'string', enum: ['code', 'serial'] } }, [
      'at',
      'byName',
      'via',
    ]),
  },
  ['nonce', 'result'],
);
export const checkInBatchResult: Schema = object({ results: { type: 'array', items: checkInResult } }, ['results']);

export interface CheckInAnswer {
  nonce: string;
  result: DoorResult;
  ticket?: { serial: string; ticketTypeName: string; holderName: string };
  firstAdmission?: { at: string; byName: string; via: 'code' | 'serial' };
}

export const doorKitQuery = object({ showtimeId: idString }, ['showtimeId']);
export interface DoorKitQuery {
  showtimeId: string;
}
export const doorKitResponse: Schema = object(
  {
    organizationId: str,
    eventId: str,
    showtimeId: str,
    publicKeys: { type: 'object', additionalProperties: str, description: 'key id → base64 SPKI DER (Ed25519)' },
    ticketTypes: { type: 'object', additionalProperties: str, description: 'ticket type id → name' },
    tickets: {
      type: 'object',
      additionalProperties: { type: 'string', enum: [...TICKET_STATUSES] },
      description: 'serial → status',
    },
    expected: { type: 'integer' },
    admitted: { type: 'integer' },
    generatedAt: str,
  },
  [
    'organizationId',
    'eventId',
    'showtimeId',
    'publicKeys',
    'ticketTypes',
    'tickets',
    'expected',
    'admitted',
    'generatedAt',
  ],
);

const int: Schema = { type: 'integer' };
export const doorFiguresResponse: Schema = object(
  {
    eventId: str,
    showtimes: {
      type: 'array',
      items: object({ showtimeId: str, issued: int, returned: int, reportedSold: int, admitted: int }, [
        'showtimeId',
        'issued',
        'returned',
        'reportedSold',
        'admitted',
      ]),
    },
    members: {
      type: 'array',
      items: object({ userId: str, name: str, reportedSold: int, admitted: int, unreported: int }, [
        'userId',
        'name',
        'reportedSold',
        'admitted',
        'unreported',
      ]),
    },
  },
  ['eventId', 'showtimes', 'members'],
);

export const doorGrantResponse: Schema = object(
  { eventId: str, userId: str, userName: str, grantedBy: str, grantedByName: str, grantedAt: str },
  ['eventId', 'userId', 'userName', 'grantedBy', 'grantedByName', 'grantedAt'],
);
export const doorGrantList: Schema = object({ items: { type: 'array', items: doorGrantResponse } }, ['items']);
