import type { BatchWrite } from './repo';
import { withEtagRetry, type Stored } from '../../store/outcomes';
import { bookId, type TicketBookDoc, type TicketSourceKind } from './model';
import { getBook, reserveSerials } from './repo';
import { numbersNeeded, reconcileTickets, type WantedLine } from './rules';
import { MAX_SERIAL_NUMBER } from './serials';
import { badRequest } from '../../errors';

/** What a source (order, direct sale, free ticket) holds in tickets after the write being made. */
export interface TicketHolding {
  organizationId: string;
  eventId: string;
  showtimeId: string;
  source: { kind: TicketSourceKind; id: string };
  holderId: string;
  holderName: string;
  /** Per type, how many live tickets the source holds; empty voids them all (a deletion). */
  wanted: WantedLine[];
}

export interface TicketWriteOptions {
  /** The source is new or was never issued: no book can exist yet, so none is read. */
  fresh?: boolean;
  /** The showtime the source held tickets on before, when it moves: that book's tickets are voided. */
  previousShowtimeId?: string;
}

/**
 * The writes that bring a source's book in line with what it holds (rules.ts reconcileTickets), for the source's
 * own transactional batch: the book (create or ETag replace). New numbers are reserved first by one atomic
 * increment of the showtime's serial counter (repo.ts reserveSerials): sales racing on a showtime never collide
 * there; a batch that then fails (no seats, a lost ETag) leaves its numbers unused, a gap no ticket carries.
 * Store calls: the book (unless `fresh`), the reservation (only when numbers are needed; two for a showtime's first),
 * the earlier showtime's book when it moved.
 */
export async function ticketWrites(holding: TicketHolding, options: TicketWriteOptions = {}): Promise<BatchWrite[]> {
  const at = new Date().toISOString();
  const writes: BatchWrite[] = [];
  const moved = options.previousShowtimeId !== undefined && options.previousShowtimeId !== holding.showtimeId;
  if (moved) {
    const old = await getBook(holding.organizationId, holding.source.id, options.previousShowtimeId!);
    if (old) writes.push(bookWrite(old, reconcileTickets(old.tickets, [], 0, at).tickets, at, holding));
  }
  const book = options.fresh ? undefined : await getBook(holding.organizationId, holding.source.id, holding.showtimeId);
  const needed = numbersNeeded(book?.tickets ?? [], holding.wanted);
  if (!book && needed === 0) return writes;
  // More than a showtime's serials can ever number is refused before any is taken; then the showtime may have run out.
  if (needed > MAX_SERIAL_NUMBER) throw outOfSerials();
  const firstFree = needed > 0 ? await reserveSerials(holding, needed) : 1;
  if (firstFree + needed - 1 > MAX_SERIAL_NUMBER) throw outOfSerials();
  const { tickets } = reconcileTickets(book?.tickets ?? [], holding.wanted, firstFree, at);
  writes.push(bookWrite(book, tickets, at, holding));
  return writes;
}

const outOfSerials = () =>
  badRequest('The showtime has run out of serial numbers', [{ path: '/', message: 'too many tickets' }]);

/** The book written with its new tickets and holder; an existing one under its ETag. */
export function bookWrite(
  book: Stored<TicketBookDoc> | undefined,
  tickets: TicketBookDoc['tickets'],
  at: string,
  holding: Pick<TicketHolding, 'organizationId' | 'eventId' | 'source' | 'holderId' | 'holderName'> & {
    showtimeId?: string;
  },
): BatchWrite {
  const showtimeId = book?.showtimeId ?? holding.showtimeId!;
  const doc: TicketBookDoc = {
    id: bookId(holding.source.id, showtimeId),
    docType: 'ticketBook',
    organizationId: holding.organizationId,
    eventId: holding.eventId,
    showtimeId,
    source: holding.source,
    holderId: holding.holderId,
    holderName: holding.holderName,
    numbers: tickets.map((t) => t.number),
    tickets,
    createdAt: book?.createdAt ?? at,
    updatedAt: at,
  };
  return book ? { replace: doc, ifMatch: book._etag } : { create: doc };
}

/**
 * A ticket write lost a race (another write of the same source changed or created its book first): the batch wrote
 * nothing, so a 409 on a ticket operation (index past the source's own write) is answered as the 412 that makes
 * the caller read and decide again.
 */
export function asContention(error: unknown): unknown {
  const { code, index } = (error ?? {}) as { code?: number; index?: number };
  if (code === 409 && index !== undefined && index > 0) return Object.assign(error as object, { code: 412 });
  return error;
}

/** Read, plan the tickets, write, again while a ticket write loses a race. */
export function retryTicketContention<T>(attempt: () => Promise<T>): Promise<T> {
  return withEtagRetry(async () => {
    try {
      return await attempt();
    } catch (error) {
      throw asContention(error);
    }
  }, 12);
}
