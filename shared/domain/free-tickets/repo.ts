import { containers } from '../../store/client';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import type { FreeTicketDoc } from './model';

/** Every store call of the free tickets: all inside the organization's partition. */
export async function getFreeTicket(organizationId: string, id: string): Promise<Stored<FreeTicketDoc> | undefined> {
  const doc = await readItem<FreeTicketDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'freeTicket' ? doc : undefined;
}

/** The decisive write of POST free-tickets: it carries a waiting Idempotency-Key record (store/write-token.ts). */
export function createFreeTicketDoc(ticket: FreeTicketDoc) {
  return createItem<FreeTicketDoc>(containers().orgs, ticket, { carriesKey: true });
}

/** Replaces the ticket only if nobody changed it since it was read (412 otherwise). */
export function replaceFreeTicket(ticket: FreeTicketDoc, etag: string) {
  return replaceItem(containers().orgs, ticket.organizationId, ticket, etag);
}

/** One page of an event's live free tickets (optionally of one showtime), oldest first. */
export function pageFreeTickets(
  organizationId: string,
  eventId: string,
  showtimeId: string | undefined,
  page: { limit: number; continuationToken?: string },
) {
  return inPartition('orgs', organizationId)
    .where("c.docType = 'freeTicket'")
    .where('c.eventId = @event', { '@event': eventId })
    .where('NOT IS_DEFINED(c.deletedAt)')
    .whereIf(showtimeId, 'c.showtimeId = @showtime', { '@showtime': showtimeId })
    .orderBy('c.createdAt')
    .page<FreeTicketDoc>(page.limit, page.continuationToken);
}
