import { sign, verify } from 'node:crypto';
import { KEY_ID_PATTERN, ticketKeys } from './keys';
import { parseSerial } from './serials';

/**
 * A ticket's code, the text of its QR (docs/decisions/tickets.md, "Codes"):
 * `T1~{keyId}~{showtimeId}~{serial}~{ticketTypeId}~{signature}`. The Ed25519 signature (base64url, 86 characters)
 * covers the organization, event, showtime, serial and type; the organization and event are signed but not
 * carried (the door knows its organization, and the ticket's book names the event), which keeps the code near 170
 * characters. `~` never appears in an id, a serial or base64url, so the fields split without ambiguity.
 */
export interface TicketIdentity {
  organizationId: string;
  eventId: string;
  showtimeId: string;
  serial: string;
  ticketTypeId: string;
}

export interface ParsedCode {
  keyId: string;
  showtimeId: string;
  serial: string;
  ticketTypeId: string;
  signature: Buffer;
}

const PREFIX = 'T1';
export const MAX_CODE_LENGTH = 400;

const signedText = (t: TicketIdentity) =>
  ['ticket-v1', t.organizationId, t.eventId, t.showtimeId, t.serial, t.ticketTypeId].join('\n');

export function ticketCode(ticket: TicketIdentity): string {
  const keys = ticketKeys();
  const signature = sign(null, Buffer.from(signedText(ticket)), keys.privateKey).toString('base64url');
  return [PREFIX, keys.keyId, ticket.showtimeId, ticket.serial, ticket.ticketTypeId, signature].join('~');
}

/** The fields of a code, or undefined for text that is not one (nothing is verified yet). */
export function parseCode(code: string): ParsedCode | undefined {
  if (code.length > MAX_CODE_LENGTH) return undefined;
  const parts = code.split('~');
  if (parts.length !== 6 || parts[0] !== PREFIX) return undefined;
  const [, keyId, showtimeId, serial, ticketTypeId, signature] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!KEY_ID_PATTERN.test(keyId) || !showtimeId || !ticketTypeId || parseSerial(serial) === undefined)
    return undefined;
  if (!/^[A-Za-z0-9_-]{86}$/.test(signature)) return undefined;
  return { keyId, showtimeId, serial, ticketTypeId, signature: Buffer.from(signature, 'base64url') };
}

/** Whether the parsed code was signed for exactly this organization and event by a key still accepted. */
export function codeIsGenuine(parsed: ParsedCode, organizationId: string, eventId: string): boolean {
  const key = ticketKeys().publicKeys.get(parsed.keyId);
  if (!key) return false;
  const identity = { organizationId, eventId, ...parsed };
  return verify(null, Buffer.from(signedText(identity)), key, parsed.signature);
}
