import { commitBatch, type BatchWrite } from '../../store/batch';
import { containers } from '../../store/client';
import { createItem, deleteItem, patchItem, readItem } from '../../store/operations';
import { isConflict, isNotFound, type Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import {
  bookId,
  doorGrantId,
  serialCounterId,
  type DoorGrantDoc,
  type SerialCounterDoc,
  type TicketBookDoc,
} from './model';

/** Every store call on tickets: all inside the organization's partition, partition key first. */
export type { BatchWrite };

/** Replaces of ticket books (check-ins) as one transactional batch: all or nothing. */
export const commitBooks = (organizationId: string, writes: BatchWrite[]) =>
  commitBatch(containers().orgs, organizationId, writes);
export async function getBook(organizationId: string, sourceId: string, showtimeId: string) {
  const doc = await readItem<TicketBookDoc>(containers().orgs, organizationId, bookId(sourceId, showtimeId));
  return doc?.docType === 'ticketBook' ? doc : undefined;
}

export async function getSerialCounter(organizationId: string, showtimeId: string) {
  const doc = await readItem<SerialCounterDoc>(containers().orgs, organizationId, serialCounterId(showtimeId));
  return doc?.docType === 'ticketSerials' ? doc : undefined;
}

/**
 * Takes `count` serial numbers of a showtime and answers the first: one atomic increment of its counter, without an
 * ETag, so any number of sales at once each get a range of their own and none is refused for contention (under an
 * ETag, a rush on one showtime lost most of its races: docs/decisions/tickets.md, "Serials"). The showtime's first
 * issue creates the counter; two first issues at once: the loser of the create increments the winner's.
 */
export async function reserveSerials(
  at: Pick<SerialCounterDoc, 'organizationId' | 'eventId' | 'showtimeId'>,
  count: number,
): Promise<number> {
  const id = serialCounterId(at.showtimeId);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const counter = await patchItem<SerialCounterDoc>(containers().orgs, at.organizationId, id, [
        { op: 'incr', path: '/next', value: count },
      ]);
      return counter.next - count;
    } catch (error) {
      if (!isNotFound(error) || attempt > 1) throw error;
    }
    const counter: SerialCounterDoc = { id, docType: 'ticketSerials', ...pick(at), next: 1 + count };
    try {
      await createItem(containers().orgs, counter);
      return 1;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
}

const pick = ({ organizationId, eventId, showtimeId }: Parameters<typeof reserveSerials>[0]) => ({
  organizationId,
  eventId,
  showtimeId,
});

/** Every book of one source (all its showtimes: a direct sale moved to another showtime keeps its voided book). */
export function booksOfSource(organizationId: string, sourceId: string) {
  return inPartition('orgs', organizationId)
    .where("c.docType = 'ticketBook'")
    .where('c.source.id = @source', { '@source': sourceId })
    .all<Stored<TicketBookDoc>>();
}

/** The book holding a serial number of a showtime: one query (the door, entry by serial). */
export async function findBookBySerial(organizationId: string, showtimeId: string, number: number) {
  const [book] = await inPartition('orgs', organizationId)
    .where("c.docType = 'ticketBook'")
    .where('c.showtimeId = @showtime', { '@showtime': showtimeId })
    .where('ARRAY_CONTAINS(c.numbers, @number)', { '@number': number })
    .first<Stored<TicketBookDoc>>(1);
  return book;
}

/** Every book of the given showtimes of an event (the door kit, an offline batch, the print-shop file). */
export function booksOfShowtimes(organizationId: string, showtimeIds: string[]) {
  return inPartition('orgs', organizationId)
    .where("c.docType = 'ticketBook'")
    .where('ARRAY_CONTAINS(@showtimes, c.showtimeId)', { '@showtimes': showtimeIds })
    .all<Stored<TicketBookDoc>>();
}

/** Every book of an event, as pages (the door figures fold them). */
export function bookPagesOfEvent(organizationId: string, eventId: string) {
  return inPartition('orgs', organizationId)
    .select('c.showtimeId, c.source, c.holderId, c.holderName, c.tickets')
    .where("c.docType = 'ticketBook'")
    .where('c.eventId = @event', { '@event': eventId })
    .pages<Pick<TicketBookDoc, 'showtimeId' | 'source' | 'holderId' | 'holderName' | 'tickets'>>();
}

export async function getDoorGrant(organizationId: string, eventId: string, userId: string) {
  const doc = await readItem<DoorGrantDoc>(containers().orgs, organizationId, doorGrantId(eventId, userId));
  return doc?.docType === 'doorGrant' ? doc : undefined;
}

export const createDoorGrant = (grant: DoorGrantDoc) => createItem<DoorGrantDoc>(containers().orgs, grant);

export const deleteDoorGrant = (organizationId: string, eventId: string, userId: string) =>
  deleteItem(containers().orgs, organizationId, doorGrantId(eventId, userId));

export function doorGrantsOfEvent(organizationId: string, eventId: string) {
  return inPartition('orgs', organizationId)
    .where("c.docType = 'doorGrant'")
    .where('c.eventId = @event', { '@event': eventId })
    .orderBy('c.grantedAt')
    .all<Stored<DoorGrantDoc>>();
}

/** The door grants one member holds in the organization, any event (the client's door page asks who may open it). */
export function doorGrantsOfUser(organizationId: string, userId: string) {
  return inPartition('orgs', organizationId)
    .where("c.docType = 'doorGrant'")
    .where('c.userId = @user', { '@user': userId })
    .orderBy('c.grantedAt')
    .all<Stored<DoorGrantDoc>>();
}

/** The sold figures of an event's live orders and direct sales (the door figures read them beside the books). */
export function salesOfEvent<T>(organizationId: string, eventId: string) {
  return inPartition('orgs', organizationId)
    .select(
      'c.docType, c.showtimeId, c.status, c.requestedBy, c.requestedByName, c.sellerId, c.sellerName, c.soldQuantity, c.totalQuantity',
    )
    .where("c.docType = 'order' OR c.docType = 'registration'")
    .where('c.eventId = @event', { '@event': eventId })
    .where('NOT IS_DEFINED(c.deletedAt)')
    .all<T>();
}
