import { commitBatch, type BatchWrite } from '../../store/batch';
import { containers } from '../../store/client';
import { deleteItem, readItem, replaceItem } from '../../store/operations';
import { isNotFound, type Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import type { LedgerReference } from './rules';
import type { EventDoc } from './model';

/** Every store call on event documents (orgs container, organization partition), and the event's own counters. */

export async function getEvent(organizationId: string, eventId: string): Promise<Stored<EventDoc> | undefined> {
  const doc = await readItem<EventDoc>(containers().orgs, organizationId, eventId);
  return doc?.docType === 'event' ? doc : undefined;
}

export function saveEvent(event: Stored<EventDoc>): Promise<Stored<EventDoc>> {
  return replaceItem(
    containers().orgs,
    event.organizationId,
    { ...event, updatedAt: new Date().toISOString() },
    event._etag,
  );
}

/**
 * Creates the event and its showtimes' capacity counters in one transactional batch (at most 51 operations), which
 * carries a waiting Idempotency-Key record (store/write-token.ts).
 */
export async function createEventWithCounters(event: EventDoc, counterCreates: BatchWrite[]) {
  const writes = [{ create: event }, ...counterCreates];
  await commitBatch(containers().orgs, event.organizationId, writes, { carriesKey: true });
}

/** The ETag-guarded replace of the event with the creation of its new showtimes' counters, atomically. */
export async function replaceEventWithNewCounters(event: EventDoc, etag: string, counterCreates: BatchWrite[]) {
  await commitBatch(containers().orgs, event.organizationId, [{ replace: event, ifMatch: etag }, ...counterCreates]);
}

/** Removes the counter of a deleted showtime (by its counter id); one already gone is fine. */
export async function deleteShowtimeCounter(organizationId: string, counterDocId: string) {
  try {
    await deleteItem(containers().orgs, organizationId, counterDocId);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/** The paged partition query behind GET events and GET events-overview (ordered by date). */
export function eventsPage(
  organizationId: string,
  filter: { includeDeleted?: boolean; active?: boolean },
  limit: number,
  continuationToken?: string,
) {
  return inPartition('orgs', organizationId)
    .where("c.docType = 'event'")
    .whereIf(!filter.includeDeleted, 'NOT IS_DEFINED(c.deletedAt)')
    .whereIf(filter.active !== undefined, 'c.active = @active', { '@active': filter.active })
    .orderBy('c.date')
    .page<EventDoc>(limit, continuationToken);
}

/** The live events' id, name and date, by date (the first `limit`): what a list's event filter offers. */
export function eventChoices(organizationId: string, limit: number) {
  return inPartition('orgs', organizationId)
    .select(`TOP ${limit} c.id, c.name, c.date`)
    .where("c.docType = 'event' AND NOT IS_DEFINED(c.deletedAt)")
    .orderBy('c.date')
    .all<{ id: string; name: string; date: string }>();
}

export function activeLiveEvents(organizationId: string) {
  return inPartition('orgs', organizationId)
    .where("c.docType = 'event' AND c.active = true AND NOT IS_DEFINED(c.deletedAt)")
    .all<EventDoc>();
}

/** `c.eventId IN (@e0, @e1, ...)` with its parameters. */
function eventIdIn(eventIds: string[]) {
  const params = Object.fromEntries(eventIds.map((id, i) => [`@e${i}`, id]));
  return { clause: `c.eventId IN (${Object.keys(params).join(', ')})`, params };
}

/**
 * The capacity counters of the given events (events overview). Typed by the caller: the counter document
 * belongs to events/capacity/, which itself reads events.
 */
export function countersOfEvents<Counter>(organizationId: string, eventIds: string[]) {
  const { clause, params } = eventIdIn(eventIds);
  return inPartition('orgs', organizationId)
    .where("c.docType = 'capacityCounter'")
    .where(clause, params)
    .all<Counter>();
}

/** The money fields of the ledger documents of the given events (events overview revenue). */
export function revenueRowsOfEvents<Row>(organizationId: string, eventIds: string[]) {
  const { clause, params } = eventIdIn(eventIds);
  return inPartition('orgs', organizationId)
    .select(
      'c.docType, c.eventId, c.status, c.soldQuantity, c.soldTypeQuantities, c.tickets, c.totalQuantity, ' +
        'c.invoiceBasis, c.totalAmount, c.totalFees, c.deletedAt',
    )
    .where("c.docType IN ('order', 'registration', 'externalSale')")
    .where(clause, params)
    .all<Row>();
}

/**
 * The showtime and ticket type references of the event's ledger documents. Orders and registrations count even
 * when cancelled or soft-deleted (they can be restored and reports read them); deleted free tickets and external
 * sales do not.
 */
export function ledgerReferencesOfEvent(organizationId: string, eventId: string) {
  return inPartition('orgs', organizationId)
    .select('c.showtimeId, c.ticketTypeId, c.tickets')
    .where('c.eventId = @event', { '@event': eventId })
    .where(
      "c.docType IN ('order', 'registration') OR (c.docType IN ('externalSale', 'freeTicket') " +
        'AND NOT IS_DEFINED(c.deletedAt))',
    )
    .all<LedgerReference>();
}
