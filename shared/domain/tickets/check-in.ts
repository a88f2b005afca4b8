import { withEtagRetry, type Stored } from '../../store/outcomes';
import type { Principal } from '../users/principal';
import { codeIsGenuine, parseCode } from './codes';
import { assertDoorForShowtimes } from './door-access';
import type { TicketBookDoc, TicketEntry } from './model';
import { booksOfShowtimes, commitBooks, findBookBySerial, type BatchWrite } from './repo';
import { doorResult, serialOf } from './rules';
import type { CheckInAnswer, CheckInBatchBody, CheckInBody } from './schemas';
import { parseSerial } from './serials';

/**
 * The door (docs/decisions/tickets.md, "The door"). A scan names its ticket by code (verified by signature) or by
 * serial (typed from a damaged print, recorded as such). Admitting is an ETag-conditional replace of the ticket's
 * book, so of four doors scanning one ticket at once exactly one wins; the others read again and answer
 * `already_admitted`. The admitting scan's nonce is kept on the ticket: the same scan sent again answers
 * `admitted` again, and every other answer follows from the ticket's state, so it repeats by itself.
 * Store calls of one scan: the book (one query) and, when it admits, the replace.
 */
interface Located {
  scan: CheckInBody;
  /** The showtime the code was issued for (a typed serial: the door's own). */
  showtimeId?: string;
  number?: number;
  via: 'code' | 'serial';
  parsed?: ReturnType<typeof parseCode>;
}

function locate(scan: CheckInBody): Located {
  if (scan.code !== undefined) {
    const parsed = parseCode(scan.code);
    return parsed
      ? { scan, showtimeId: parsed.showtimeId, number: parseSerial(parsed.serial), via: 'code', parsed }
      : { scan, via: 'code' };
  }
  return { scan, showtimeId: scan.showtimeId, number: parseSerial(scan.serial!), via: 'serial' };
}

/** The ticket a located scan names in a book, when the book holds it and (for a code) the signature is genuine. */
function ticketIn(organizationId: string, book: TicketBookDoc | undefined, located: Located): TicketEntry | undefined {
  const ticket = book?.tickets.find((t) => t.number === located.number);
  if (!book || !ticket) return undefined;
  if (located.parsed) {
    if (located.parsed.ticketTypeId !== ticket.ticketTypeId) return undefined;
    if (!codeIsGenuine(located.parsed, organizationId, book.eventId)) return undefined;
  }
  return ticket;
}

/** Decides one scan against a book (mutating the ticket when it admits); answers as the door shows it. */
function decide(
  organizationId: string,
  book: TicketBookDoc | undefined,
  located: Located,
  actor: { id: string; name: string },
): { answer: CheckInAnswer; admitted: boolean } {
  const { scan } = located;
  const ticket = ticketIn(organizationId, book, located);
  const result = doorResult(ticket, located.showtimeId === scan.showtimeId, scan.nonce);
  if (!ticket || !book) return { answer: { nonce: scan.nonce, result }, admitted: false };
  const answer: CheckInAnswer = {
    nonce: scan.nonce,
    result,
    ticket: { serial: serialOf(ticket), ticketTypeName: ticket.ticketTypeName, holderName: book.holderName },
  };
  if (result === 'already_admitted' && ticket.admittedAt) {
    answer.firstAdmission = {
      at: ticket.admittedAt,
      byName: ticket.admittedByName ?? '',
      via: ticket.admittedVia ?? 'code',
    };
  }
  const admits = result === 'admitted' && ticket.status === 'issued';
  if (admits) {
    const at = scan.scannedAt ?? new Date().toISOString();
    Object.assign(ticket, {
      status: 'admitted',
      changedAt: new Date().toISOString(),
      admittedAt: at,
      admittedBy: actor.id,
      admittedByName: actor.name,
      admittedVia: located.via,
      admittedNonce: scan.nonce,
    } satisfies Partial<TicketEntry>);
  }
  return { answer, admitted: admits };
}

const actorOf = (principal: Principal) => ({ id: principal.userId, name: principal.user?.name ?? '' });
const cloneBook = (book: Stored<TicketBookDoc>): Stored<TicketBookDoc> => structuredClone(book);
function replaceOf(book: Stored<TicketBookDoc>): BatchWrite {
  const next: TicketBookDoc = { ...book, updatedAt: new Date().toISOString() };
  return { replace: next, ifMatch: book._etag };
}

export async function checkIn(principal: Principal, organizationId: string, scan: CheckInBody): Promise<CheckInAnswer> {
  await assertDoorForShowtimes(principal, organizationId, [scan.showtimeId]);
  const located = locate(scan);
  if (located.number === undefined || located.showtimeId === undefined) return { nonce: scan.nonce, result: 'unknown' };
  return withEtagRetry(async () => {
    const found = await findBookBySerial(organizationId, located.showtimeId!, located.number!);
    const book = found && cloneBook(found);
    const { answer, admitted } = decide(organizationId, book, located, actorOf(principal));
    if (admitted && book) await commitBooks(organizationId, [replaceOf(book)]);
    return answer;
  }, 12);
}

/** The batch limit of one transactional write: the dirty books of an offline batch go in groups of this size. */
const BOOKS_PER_BATCH = 100;

/**
 * An offline scanner's queue, in the order sent: the scans are decided one after another against the books of
 * their showtimes, so a ticket scanned twice is admitted once and the second scan answered `already_admitted`.
 * Store calls: the books of the scanned showtimes (one query), then one transactional batch per 100 books
 * admitted into. A batch that loses a race is decided again from fresh reads; the scans it already wrote answer
 * the same by their nonces.
 */
export async function checkInBatch(principal: Principal, organizationId: string, body: CheckInBatchBody) {
  await assertDoorForShowtimes(
    principal,
    organizationId,
    body.scans.map((s) => s.showtimeId),
  );
  const located = body.scans.map(locate);
  const showtimes = [
    ...new Set(located.flatMap((l) => (l.showtimeId && l.number !== undefined ? [l.showtimeId] : []))),
  ];
  const actor = actorOf(principal);
  const results = await withEtagRetry(async () => {
    const books = showtimes.length > 0 ? (await booksOfShowtimes(organizationId, showtimes)).map(cloneBook) : [];
    const index = new Map<string, Stored<TicketBookDoc>>();
    for (const book of books) for (const n of book.numbers) index.set(`${book.showtimeId}|${n}`, book);
    const dirty = new Set<Stored<TicketBookDoc>>();
    const answers = located.map((l) => {
      if (l.number === undefined || l.showtimeId === undefined)
        return { nonce: l.scan.nonce, result: 'unknown' as const };
      const book = index.get(`${l.showtimeId}|${l.number}`);
      const { answer, admitted } = decide(organizationId, book, l, actor);
      if (admitted && book) dirty.add(book);
      return answer;
    });
    const writes = [...dirty].map(replaceOf);
    for (let i = 0; i < writes.length; i += BOOKS_PER_BATCH) {
      await commitBooks(organizationId, writes.slice(i, i + BOOKS_PER_BATCH));
    }
    return answers;
  }, 12);
  return { results };
}
