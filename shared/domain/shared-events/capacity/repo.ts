import { commitBatch } from '../../../store/batch';
import { containers } from '../../../store/client';
import { createItem, patchItem, readItem, replaceItem } from '../../../store/operations';
import { isConflict, type Stored } from '../../../store/outcomes';
import { inPartition } from '../../../store/query';
import { conditionalIncrement } from '../../events/capacity/repo';
import { type CapacityPolicy, type SharedEventAuditEntryDoc, participantDocId } from '../model';
import type { CounterMove } from './rules';
import {
  fenceId,
  type CapacityAdjustmentDoc,
  type CapacityFenceDoc,
  type CapacityReservationDoc,
  type FenceState,
  type SharedCapacityCounterDoc,
  type SharedLedgerRow,
} from './model';

/**
 * Every store call of the Shared Event capacity engine, all in the Shared Event's partition of `sharedEvents`.
 * Counters move only through the location-agnostic conditional increment (events/capacity/repo.ts): one atomic patch,
 * 412 when the store finds the condition false. Reservations are replaced only under their ETag.
 *
 * Embedded store caveat: it evaluates a patch condition as `SELECT * FROM c WHERE c.id = @id AND (...)` over the
 * whole container (every partition) and lowercases it. Counter ids therefore must be unique across Shared Events:
 * they are, because showtime ids are UUIDs (shared-events/create.ts), so `pool:{showtimeId}` and
 * `quota:{organizationId}:{showtimeId}` never repeat. Cosmos DB itself evaluates the condition on the target only.
 */

/** One atomic, store-evaluated counter move (412: the condition is false; 404: no such counter). */
export function moveCounter(sharedEventId: string, counterId: string, move: CounterMove, now: string) {
  return conditionalIncrement<SharedCapacityCounterDoc>({
    container: 'sharedEvents',
    partitionKey: sharedEventId,
    id: counterId,
    condition: move.condition,
    increments: move.increments,
    set: { updatedAt: now },
  });
}

async function createIfMissing<T extends { id: string }>(doc: T): Promise<{ doc: Stored<T>; created: boolean }> {
  try {
    return { doc: await createItem(containers().sharedEvents, doc), created: true };
  } catch (error) {
    if (!isConflict(error)) throw error;
    const existing = await readItem<T>(containers().sharedEvents, partitionOf(doc), doc.id);
    if (!existing) throw error; // deleted in between: cannot happen to these permanent documents
    return { doc: existing, created: false };
  }
}

const partitionOf = (doc: object) => (doc as { sharedEventId: string }).sharedEventId;

/** Creates a counter unless it exists; an existing counter is returned untouched (its counts are the truth). */
export function ensureCounter(counter: SharedCapacityCounterDoc) {
  return createIfMissing(counter);
}

export function readCounter(sharedEventId: string, counterId: string) {
  return readItem<SharedCapacityCounterDoc>(containers().sharedEvents, sharedEventId, counterId);
}

/** Every counter of a Shared Event: one partition query. */
export function readCounters(sharedEventId: string) {
  return inPartition('sharedEvents', sharedEventId)
    .where("c.docType = 'sharedCapacityCounter'")
    .all<Stored<SharedCapacityCounterDoc>>();
}

/** Sets plain fields (capacity, health) without touching the counts; with the ETag when one is given. */
export function setCounterFields(
  sharedEventId: string,
  counterId: string,
  fields: Partial<Pick<SharedCapacityCounterDoc, 'capacity' | 'health' | 'updatedAt'>>,
  ifMatch?: string,
) {
  const operations = Object.entries(fields).map(([field, value]) => ({ op: 'set' as const, path: `/${field}`, value }));
  return patchItem<SharedCapacityCounterDoc>(containers().sharedEvents, sharedEventId, counterId, operations, {
    ifMatch,
  });
}

/** Writes a reservation; 409 when one with the same operationId already exists. */
export function createReservation(reservation: CapacityReservationDoc) {
  return createItem(containers().sharedEvents, reservation);
}

export function readReservation(sharedEventId: string, id: string) {
  return readItem<CapacityReservationDoc>(containers().sharedEvents, sharedEventId, id);
}

/** Replaces a reservation only if nobody changed it since it was read (412 otherwise). */
export function replaceReservation(reservation: CapacityReservationDoc, etag: string) {
  return replaceItem(containers().sharedEvents, reservation.sharedEventId, reservation, etag);
}

/** A Shared Event's held reservations whose `expiresAt` has passed: one partition query. */
export function expiredHeldReservations(sharedEventId: string, now: string) {
  return inPartition('sharedEvents', sharedEventId)
    .where("c.docType = 'capacityReservation'")
    .where("c.state = 'held'")
    .where('c.expiresAt <= @now', { '@now': now })
    .all<Stored<CapacityReservationDoc>>();
}

/**
 * The whole ledger of a Shared Event (reservations and adjustments), one partition query: the one read of it for
 * the recount (`kind` leaves reconciliation records out, the timestamps tell a quiet counter from one with a
 * request in flight), the capacity-policy transition and the cancellation (the organization and showtime of each
 * row: a pool counter is shared, and each organization's committed seats are given back separately).
 */
export function ledgerRows(sharedEventId: string) {
  return inPartition('sharedEvents', sharedEventId)
    .select(
      'c.docType, c.counterId, c.organizationId, c.showtimeId, c.quantity, c.state, c.signedDelta, c.operationId, ' +
        'c.kind, c.updatedAt, c.createdAt',
    )
    .where("c.docType IN ('capacityReservation', 'capacityAdjustment')")
    .all<SharedLedgerRow>();
}

/**
 * A counter repair as ONE transactional batch in the Shared Event's partition: the counter (its counts put back to
 * the ledger) replaced under the ETag it was read with, then the reconciliation adjustment that records the
 * repair, then its audit entry. The guarded replace comes first: a counter moved since the read fails the batch
 * with 412 and nothing is written (the next pass retries); on Cosmos DB the three land together or not at all.
 */
export function repairCounter(
  counter: Stored<SharedCapacityCounterDoc>,
  repaired: Pick<SharedCapacityCounterDoc, 'reserved' | 'committed' | 'health' | 'updatedAt'>,
  record: CapacityAdjustmentDoc,
  audit: SharedEventAuditEntryDoc,
) {
  return commitBatch(containers().sharedEvents, counter.sharedEventId, [
    { replace: { ...counter, ...repaired }, ifMatch: counter._etag },
    { create: record },
    { create: audit },
  ]);
}

/**
 * A hold in ONE transactional batch of the Shared Event's partition: the reservation's create first, then the
 * counter's conditional patch (`reserved + committed + n <= capacity`). The hold's document and its seats exist
 * together or not at all, so whoever is refused by a hold can find it: a twin with the same deterministic id fails
 * on the create (409, index 0) and moves nothing; a full counter fails the patch (412, index 1) and creates nothing.
 */
export async function createHold(
  reservation: CapacityReservationDoc,
  move: CounterMove,
  now: string,
): Promise<Stored<CapacityReservationDoc>> {
  const operations = [
    ...Object.entries(move.increments).map(([field, value]) => ({ op: 'incr' as const, path: `/${field}`, value })),
    { op: 'set' as const, path: '/updatedAt', value: now },
  ];
  const results = await commitBatch(containers().sharedEvents, reservation.sharedEventId, [
    { create: reservation },
    {
      patch: { id: reservation.counterId },
      operations,
      ...(move.condition ? { condition: `FROM c WHERE ${move.condition}` } : {}),
    },
  ]);
  const created = results[0]!;
  const body = created.resourceBody as unknown as CapacityReservationDoc;
  return { ...body, _etag: created.eTag ?? (body as { _etag?: string })._etag ?? '' } as Stored<CapacityReservationDoc>;
}

/** Records an adjustment; `created: false` when its deterministic id was already there (a repeat). */
export function createAdjustment(adjustment: CapacityAdjustmentDoc) {
  return createIfMissing(adjustment);
}

export function readFence(sharedEventId: string) {
  return readItem<CapacityFenceDoc>(containers().sharedEvents, sharedEventId, fenceId(sharedEventId));
}

/**
 * The fence, created `open` (or in `state`) if it does not exist yet. Only a sale that read the Shared Event head
 * open passes `headChecked` (it records `headSeenSelling`); any other creator leaves the flag absent, so the next
 * sale looks at the head first.
 */
export function ensureFence(
  sharedEventId: string,
  now: string,
  capacityPolicy: CapacityPolicy,
  state: FenceState = 'open',
  headChecked = false,
) {
  return createIfMissing<CapacityFenceDoc>({
    id: fenceId(sharedEventId),
    docType: 'capacityFence',
    sharedEventId,
    state,
    capacityPolicy,
    ...(headChecked ? { headSeenSelling: true as const } : {}),
    schemaVersion: 1,
    updatedAt: now,
  });
}

/** Moves the fence under its ETag (412 when someone moved it first). */
export function replaceFence(fence: CapacityFenceDoc, etag: string) {
  return replaceItem(containers().sharedEvents, fence.sharedEventId, fence, etag);
}

/** A participant's local sale document (organization partition), only for its `capacityOps` evidence. */
export function readLocalSaleDocument(organizationId: string, id: string) {
  return readItem<{ capacityOps?: string[] }>(containers().orgs, organizationId, id);
}

/**
 * What a projection's figures need from its Shared Event (availability.ts), in ONE partition query: the head, the
 * organization's roster entry, the fence and the counters it sells from.
 */
export function availabilityDocuments(sharedEventId: string, organizationId: string) {
  return inPartition('sharedEvents', sharedEventId)
    .where(
      "(c.docType = 'sharedEvent' OR c.docType = 'capacityFence' OR c.id = @participant OR " +
        "(c.docType = 'sharedCapacityCounter' AND (NOT IS_DEFINED(c.organizationId) OR c.organizationId = @org)))",
      { '@participant': participantDocId(organizationId), '@org': organizationId },
    )
    .all<Record<string, unknown> & { id: string; docType?: string }>();
}
