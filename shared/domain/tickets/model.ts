/** Every state of a ticket (docs/decisions/tickets.md); the schemas and the rules read this one list. */
export const TICKET_STATUSES = ['issued', 'returned', 'admitted', 'void'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What a door answers for one scan (POST /api/check-ins). */
export const DOOR_RESULTS = ['admitted', 'already_admitted', 'returned', 'void', 'wrong_showtime', 'unknown'] as const;
export type DoorResult = (typeof DOOR_RESULTS)[number];

/** The document a book of tickets was issued for: a printed-ticket order, a direct sale or a free ticket. */
export const TICKET_SOURCES = ['order', 'registration', 'freeTicket'] as const;
export type TicketSourceKind = (typeof TICKET_SOURCES)[number];

/** How a person came through the door: the QR code, or the serial typed from a damaged print. */
export type AdmissionVia = 'code' | 'serial';

/** One ticket of a book. `number` is its serial's number within the showtime (rules.ts formatSerial). */
export interface TicketEntry {
  number: number;
  ticketTypeId: string;
  /** The type's name when issued: the door shows it without reading the event. */
  ticketTypeName: string;
  status: TicketStatus;
  /** When the status last changed (issue, return, admission, void). */
  changedAt: string;
  admittedAt?: string;
  admittedBy?: string;
  admittedByName?: string;
  admittedVia?: AdmissionVia;
  /** The nonce of the scan that admitted it: the same scan re-sent answers `admitted` again. */
  admittedNonce?: string;
}

/**
 * The tickets one source holds on one showtime, as one document (docs/decisions/tickets.md, "One book per
 * source"): issuing, returning, moving or voiding any number of them is one write, never one per ticket, and a
 * check-in is an ETag-conditional replace of the book, so one scan of a ticket wins.
 */
export interface TicketBookDoc {
  id: string;
  docType: 'ticketBook';
  organizationId: string;
  eventId: string;
  showtimeId: string;
  source: { kind: TicketSourceKind; id: string };
  /** The member who holds the tickets (the order's owner, the seller of a direct sale, the giver of free tickets). */
  holderId: string;
  holderName: string;
  /** Every serial number in `tickets`: the door finds a ticket's book with one ARRAY_CONTAINS query. */
  numbers: number[];
  tickets: TicketEntry[];
  createdAt: string;
  updatedAt: string;
}

/**
 * The next free serial number of a showtime. An issue takes its numbers by one atomic increment (repo.ts
 * reserveSerials) before its batch, so issues racing on one showtime never take the same numbers nor refuse each
 * other; numbers taken by a batch that then failed stay unused.
 */
export interface SerialCounterDoc {
  id: string;
  docType: 'ticketSerials';
  organizationId: string;
  eventId: string;
  showtimeId: string;
  next: number;
}

export const bookId = (sourceId: string, showtimeId: string) => `ticketBook:${sourceId}:${showtimeId}`;
export const serialCounterId = (showtimeId: string) => `ticketSerials:${showtimeId}`;
export const doorGrantId = (eventId: string, userId: string) => `doorGrant:${eventId}:${userId}`;

/** A member allowed to check tickets in at one event's door without being Ticket Manager+ (Admin gives it). */
export interface DoorGrantDoc {
  id: string;
  docType: 'doorGrant';
  organizationId: string;
  eventId: string;
  userId: string;
  userName: string;
  grantedBy: string;
  grantedByName: string;
  grantedAt: string;
}
