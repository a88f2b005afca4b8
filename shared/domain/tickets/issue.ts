import type { BatchWrite } from './repo';
import { withEtagRetry, type Stored } from '../../store/outcomes';
import { bookId, serialCounterId, type SerialCounterDoc, type TicketBookDoc, type TicketSourceKind } from './model';
import { getBook, getSerialCounter } from './repo';
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
 * own transactional batch: the book (create or ETag replace) and, when new numbers are taken, the showtime's
 * serial counter (create or ETag replace). Two issues racing on a showtime collide on the counter (412 or 409),
 * and the batch writes nothing; `retryTicketContention` then makes the whole write again. Reads: the book
 * (unless `fresh`), the counter (only when numbers are needed), the earlier showtime's book when it moved.
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
  const counter = needed > 0 ? await getSerialCounter(holding.organizationId, holding.showtimeId) : undefined;
  const firstFree = counter?.next ?? 1;
  if (firstFree + needed - 1 > MAX_SERIAL_NUMBER) {
    throw badRequest('The showtime has run out of serial numbers', [{ path: '/', message: 'too many tickets' }]);
  }
  const { tickets, taken } = reconcileTickets(book?.tickets ?? [], holding.wanted, firstFree, at);
  if (taken > 0) writes.push(counterWrite(holding, counter, firstFree + taken));
  writes.push(bookWrite(book, tickets, at, holding));
  return writes;
}

function counterWrite(holding: TicketHolding, counter: Stored<SerialCounterDoc> | undefined, next: number): BatchWrite {
  const { _etag: _drop, ...rest } = counter ?? ({} as Partial<Stored<SerialCounterDoc>>);
  const doc: SerialCounterDoc = {
    ...(rest as SerialCounterDoc),
    id: serialCounterId(holding.showtimeId),
    docType: 'ticketSerials',
    organizationId: holding.organizationId,
    eventId: holding.eventId,
    showtimeId: holding.showtimeId,
    next,
  };
  return counter ? { replace: doc, ifMatch: counter._etag } : { create: doc };
}

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
 * A ticket write lost a race (another issue took the numbers or changed the book first): the batch wrote
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
