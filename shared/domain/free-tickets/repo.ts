import { containers } from '../../store/client';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import type { FreeTicketDoc } from './model';
import { commitBatch } from '../../store/batch';
import { asContention, retryTicketContention } from '../tickets/issue';
import { sourceTicketWrites } from '../tickets/source-tickets';
import { freeTicketHolding } from './tickets';

/** Every store call of the free tickets: all inside the organization's partition. */
export async function getFreeTicket(organizationId: string, id: string): Promise<Stored<FreeTicketDoc> | undefined> {
  const doc = await readItem<FreeTicketDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'freeTicket' ? doc : undefined;
}

/**
 * The decisive write of POST free-tickets: it carries a waiting Idempotency-Key record (store/write-token.ts), and
 * its numbered tickets are issued in the same batch (tickets/source-tickets.ts).
 */
export function createFreeTicketDoc(ticket: FreeTicketDoc): Promise<Stored<FreeTicketDoc>> {
  return retryTicketContention(async () => {
    const tickets = await sourceTicketWrites(undefined, freeTicketHolding(ticket));
    if (tickets.length === 0) return createItem<FreeTicketDoc>(containers().orgs, ticket, { carriesKey: true });
    const writes = [{ create: ticket }, ...tickets];
    const [saved] = await commitBatch(containers().orgs, ticket.organizationId, writes, { carriesKey: true });
    return saved!.resourceBody as unknown as Stored<FreeTicketDoc>;
  });
}

/**
 * Replaces the ticket only if nobody changed it since `before` was read (412 otherwise); a change of quantity,
 * type, showtime or recipient, or a deletion, moves its numbered tickets in the same batch.
 */
export async function replaceFreeTicket(ticket: FreeTicketDoc, before: Stored<FreeTicketDoc>) {
  const tickets = await sourceTicketWrites(freeTicketHolding(before), freeTicketHolding(ticket));
  if (tickets.length === 0) return replaceItem(containers().orgs, ticket.organizationId, ticket, before._etag);
  try {
    const writes = [{ replace: ticket, ifMatch: before._etag }, ...tickets];
    const [saved] = await commitBatch(containers().orgs, ticket.organizationId, writes);
    return saved!.resourceBody as unknown as Stored<FreeTicketDoc>;
  } catch (error) {
    throw asContention(error); // a ticket write lost a race: the caller reads again (withEtagRetry)
  }
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
