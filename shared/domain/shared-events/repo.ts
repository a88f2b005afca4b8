import { commitBatch } from '../../store/batch';
import { containers } from '../../store/client';
import { createItem, patchItem, readItem, replaceItem, upsertItem } from '../../store/operations';
import { acrossPartitions, inPartition } from '../../store/query';
import type { EventDoc } from '../events/model';
import { type Stored } from '../../store/outcomes';
import { isConflict } from '../../store/outcomes';
import type { SharedEventAuditEntryDoc } from './model';
import { participantDocId, type SharedEventDoc, type SharedEventParticipantDoc } from './model';

/** The Shared Event head document: id and partition key are both the sharedEventId. */
export async function getSharedEvent(sharedEventId: string): Promise<Stored<SharedEventDoc> | undefined> {
  const doc = await readItem<SharedEventDoc>(containers().sharedEvents, sharedEventId, sharedEventId);
  return doc?.docType === 'sharedEvent' ? doc : undefined;
}

/** An organization's roster entry: one point read in the Shared Event's partition. */
export async function getParticipant(
  sharedEventId: string,
  organizationId: string,
): Promise<Stored<SharedEventParticipantDoc> | undefined> {
  const doc = await readItem<SharedEventParticipantDoc>(
    containers().sharedEvents,
    sharedEventId,
    participantDocId(organizationId),
  );
  return doc?.docType === 'sharedEventParticipant' ? doc : undefined;
}

export function createSharedEvent(doc: SharedEventDoc): Promise<Stored<SharedEventDoc>> {
  return createItem(containers().sharedEvents, doc);
}

/** Writes an organization's roster entry (the id is derived, so a second write replaces the first). */
export function putParticipant(
  entry: Omit<SharedEventParticipantDoc, 'id' | 'docType' | 'schemaVersion'>,
): Promise<Stored<SharedEventParticipantDoc>> {
  return upsertItem(containers().sharedEvents, {
    ...entry,
    id: participantDocId(entry.organizationId),
    docType: 'sharedEventParticipant' as const,
    schemaVersion: 1 as const,
  });
}

/**
 * Appends an audit entry. Its id is deterministic (audit.ts), so a retry that writes the same entry again meets a
 * 409 from the store: the entry is already there, which is success.
 */
export async function appendAudit(entry: SharedEventAuditEntryDoc): Promise<void> {
  try {
    await createItem(containers().sharedEvents, entry);
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
}

// --- Core, roster and projections (se-core) -----------------------------------------------------------------

/** The ETag-guarded replace of the head document (412 when someone changed it since it was read). */
export function replaceSharedEvent(doc: Stored<SharedEventDoc>): Promise<Stored<SharedEventDoc>> {
  return replaceItem(containers().sharedEvents, doc.sharedEventId, doc, doc._etag);
}

/** The ETag-guarded replace of a roster entry. */
export function replaceParticipant(doc: Stored<SharedEventParticipantDoc>): Promise<Stored<SharedEventParticipantDoc>> {
  return replaceItem(containers().sharedEvents, doc.sharedEventId, doc, doc._etag);
}

/** Creates a new Shared Event's head and initial roster in one transactional batch (the head first). */
export async function createSharedEventWithRoster(head: SharedEventDoc, roster: SharedEventParticipantDoc[]) {
  await commitBatch(containers().sharedEvents, head.sharedEventId, [
    { create: head },
    ...roster.map((create) => ({ create })),
  ]);
}

/**
 * Queues projection work on a roster entry: one field patched (`projectionLink.syncStatus = pending`), so it never
 * races with a status change or a sync writing the rest of the entry.
 */
export async function markProjectionPending(sharedEventId: string, organizationId: string): Promise<void> {
  await patchItem(containers().sharedEvents, sharedEventId, participantDocId(organizationId), [
    { op: 'set', path: '/projectionLink/syncStatus', value: 'pending' },
  ]);
}

/** The whole roster of a Shared Event: one query in its partition. */
export const rosterOf = (sharedEventId: string) =>
  inPartition('sharedEvents', sharedEventId)
    .where("c.docType = 'sharedEventParticipant'")
    .all<Stored<SharedEventParticipantDoc>>();

/**
 * One organization's roster entries across Shared Events (live or invited), paged. The container is partitioned
 * by Shared Event, so "my Shared Events" is a deliberate cross-partition query (like the mode downgrade check).
 */
export const participationsOfOrganization = (organizationId: string, limit: number, continuationToken?: string) =>
  acrossPartitions('sharedEvents')
    .where("c.docType = 'sharedEventParticipant' AND c.organizationId = @org", { '@org': organizationId })
    .where("c.status IN ('invited', 'accepted', 'active')")
    .orderBy('c.sharedEventId')
    .page<SharedEventParticipantDoc>(limit, continuationToken);

/** The heads of the given Shared Events (one page of a list): one cross-partition query by id. */
export function sharedEventsByIds(ids: string[]) {
  const params = Object.fromEntries(ids.map((id, i) => [`@s${i}`, id]));
  return acrossPartitions('sharedEvents')
    .where("c.docType = 'sharedEvent'")
    .where(`c.sharedEventId IN (${Object.keys(params).join(', ')})`, params)
    .all<SharedEventDoc>();
}

/** Every Shared Event (Super Admin, `scope=all`), paged: one cross-partition query. */
export const allSharedEventsPage = (limit: number, continuationToken?: string) =>
  acrossPartitions('sharedEvents')
    .where("c.docType = 'sharedEvent'")
    .orderBy('c.createdAt DESC')
    .page<SharedEventDoc>(limit, continuationToken);

/**
 * The Shared Events with queued projection work (heal pass): roster entries whose projection is pending or
 * failed. A deliberate cross-partition query behind no route.
 */
export const sharedEventsWithProjectionWork = () =>
  acrossPartitions('sharedEvents')
    .select('c.sharedEventId')
    .where("c.docType = 'sharedEventParticipant' AND IS_DEFINED(c.projectionLink)")
    .where("c.projectionLink.syncStatus IN ('pending', 'failed')")
    .all<{ sharedEventId: string }>();

/** A participant's local Event (the projection) in its own organization partition. */
export async function getProjectionEvent(organizationId: string, eventId: string) {
  const doc = await readItem<EventDoc>(containers().orgs, organizationId, eventId);
  return doc?.docType === 'event' ? doc : undefined;
}

export const createProjectionEvent = (event: EventDoc) => createItem(containers().orgs, event);

export const replaceProjectionEvent = (event: Stored<EventDoc>) =>
  replaceItem(containers().orgs, event.organizationId, event, event._etag);
