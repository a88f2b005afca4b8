import { commitBatch } from '../../store/batch';
import { containers } from '../../store/client';
import { createItem, patchItem, readItem, replaceItem, upsertItem } from '../../store/operations';
import { isConflict, type Stored } from '../../store/outcomes';
import type { KeyCarrying } from '../../store/write-token';
import { acrossPartitions, inPartition } from '../../store/query';
import type { EventDoc } from '../events/model';
import type { NotificationDoc } from '../notifications/model';
import type { SharedEventPendingInvitationDoc } from './invitations/rules';
import {
  participantDocId,
  type SharedEventAuditEntryDoc,
  type SharedEventDoc,
  type SharedEventInvitationLinkDoc,
  type SharedEventParticipantDoc,
} from './model';

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

/**
 * Writes an organization's roster entry (the id is derived, so a second write replaces the first). `carriesKey`:
 * the direct add's decisive write, which carries a waiting idempotency key record in its batch.
 */
export function putParticipant(
  entry: Omit<SharedEventParticipantDoc, 'id' | 'docType' | 'schemaVersion'>,
  options?: KeyCarrying & { ifMatch?: string },
): Promise<Stored<SharedEventParticipantDoc>> {
  const doc = {
    ...entry,
    id: participantDocId(entry.organizationId),
    docType: 'sharedEventParticipant' as const,
    schemaVersion: 1 as const,
  };
  const carrying = { carriesKey: options?.carriesKey === true };
  // An entry that exists is replaced only as it was read: a leave, a removal or a sync that landed since is not
  // undone by a stale copy (412, which the pipeline answers as a conflict to try again).
  if (options?.ifMatch)
    return replaceItem(containers().sharedEvents, entry.sharedEventId, doc, options.ifMatch, carrying);
  return upsertItem(containers().sharedEvents, doc, carrying);
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

// --- Owners and grants, audit list (se-grants) -------------------------------------------------------------

/**
 * Replaces the Shared Event head (ETag-guarded, 412 when someone changed it since it was read) and appends the
 * audit entry of that change in one transactional batch: the change and its entry land together or not at all.
 */
export async function replaceSharedEventWithAudit(
  head: Stored<SharedEventDoc>,
  entry: SharedEventAuditEntryDoc,
): Promise<void> {
  await commitBatch(containers().sharedEvents, head.sharedEventId, [
    { replace: head, ifMatch: head._etag },
    { create: entry },
  ]);
}

/** One page of the audit log, newest first, optionally of one action: one query in the Shared Event's partition. */
export function auditEntriesPage(
  sharedEventId: string,
  filter: { action?: string },
  limit: number,
  continuationToken?: string,
) {
  return inPartition('sharedEvents', sharedEventId)
    .where("c.docType = 'sharedEventAuditEntry'")
    .whereIf(filter.action, 'c.action = @action', { '@action': filter.action })
    .orderBy('c.timestamp DESC')
    .page<SharedEventAuditEntryDoc>(limit, continuationToken);
}
// --- Invitation links, pending invitations and their notifications (invitation-*.ts, pending.ts, fan-out.ts) ---

/**
 * A new invitation link in its Shared Event's partition (the id is derived from the hash: a clash is a 409). The
 * route's decisive write: it carries a waiting idempotency key record in its batch (KeyRecordExists when a copy
 * with the same key wrote first; then this copy's link was not written either).
 */
export const createInvitationLinkDoc = (doc: SharedEventInvitationLinkDoc) =>
  createItem(containers().sharedEvents, doc, { carriesKey: true });

/** A link by id within its Shared Event (list, revoke). */
export async function getInvitationLink(
  sharedEventId: string,
  linkId: string,
): Promise<Stored<SharedEventInvitationLinkDoc> | undefined> {
  const doc = await readItem<SharedEventInvitationLinkDoc>(containers().sharedEvents, sharedEventId, linkId);
  return doc?.docType === 'sharedEventInvitationLink' ? doc : undefined;
}

/**
 * A link by id alone, for the token routes (the raw token names no Shared Event): a deliberate cross-partition
 * read of one id, answered by the id index.
 */
export async function findInvitationLinkById(
  linkId: string,
): Promise<Stored<SharedEventInvitationLinkDoc> | undefined> {
  const [doc] = await acrossPartitions('sharedEvents')
    .where("c.docType = 'sharedEventInvitationLink' AND c.id = @id", { '@id': linkId })
    .all<Stored<SharedEventInvitationLinkDoc>>();
  return doc;
}

/** ETag-conditional replace of a link (412 when another writer got there first: acceptance's single winner). */
export const replaceInvitationLink = (doc: Stored<SharedEventInvitationLinkDoc>) =>
  replaceItem(containers().sharedEvents, doc.sharedEventId, doc, doc._etag);

/** One page of a Shared Event's links, newest first. */
export const invitationLinksPage = (sharedEventId: string, limit: number, continuationToken?: string) =>
  inPartition('sharedEvents', sharedEventId)
    .where("c.docType = 'sharedEventInvitationLink'")
    .orderBy('c.createdAt DESC')
    .page<SharedEventInvitationLinkDoc>(limit, continuationToken);

/** Links among `ids` that are still active: one cross-partition read for the pending list. */
export const activeInvitationLinksAmong = (ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as SharedEventInvitationLinkDoc[])
    : acrossPartitions('sharedEvents')
        .select('c.id, c.sharedEventId, c.status, c.expiresAt')
        .where("c.docType = 'sharedEventInvitationLink' AND ARRAY_CONTAINS(@ids, c.id) AND c.status = 'active'", {
          '@ids': [...new Set(ids)],
        })
        .all<Pick<SharedEventInvitationLinkDoc, 'id' | 'sharedEventId' | 'status' | 'expiresAt'>>();

/** Creates a document, a 409 (it is already there: a repeat of the same fan-out) counting as success. */
async function createOnce<T extends { id: string }>(container: 'orgs', doc: T): Promise<void> {
  try {
    await createItem(containers()[container], doc);
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
}

/** Rule 7's recipient record in the recipient organization's partition (deterministic id: written once). */
export const createPendingInvitationOnce = (doc: SharedEventPendingInvitationDoc) => createOnce('orgs', doc);

/** Rule 7's notification, with its deterministic id and incident key (a duplicate is success). */
export const createInvitationNotificationOnce = (doc: NotificationDoc & { incidentKey: string }) =>
  createOnce('orgs', doc);

export async function getPendingInvitation(
  organizationId: string,
  id: string,
): Promise<SharedEventPendingInvitationDoc | undefined> {
  const doc = await readItem<SharedEventPendingInvitationDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'sharedEventPendingInvitation' ? doc : undefined;
}

/**
 * The caller's unexpired pending records in every organization partition: a deliberate cross-partition read
 * (the list takes no organizationId; docs/shared-events.md rule 8), bounded by `max`.
 */
export const pendingInvitationsOfUser = (userId: string, nowIso: string, max: number) =>
  acrossPartitions('orgs')
    .select(`TOP ${max} *`)
    .where("c.docType = 'sharedEventPendingInvitation' AND c.recipientUserId = @user AND c.expiresAt > @now", {
      '@user': userId,
      '@now': nowIso,
    })
    .all<SharedEventPendingInvitationDoc>();
// --- Core, roster and projections (se-core) -----------------------------------------------------------------

/** The ETag-guarded replace of the head document (412 when someone changed it since it was read). */
export function replaceSharedEvent(doc: Stored<SharedEventDoc>): Promise<Stored<SharedEventDoc>> {
  return replaceItem(containers().sharedEvents, doc.sharedEventId, doc, doc._etag);
}

/** The ETag-guarded replace of a roster entry. */
export function replaceParticipant(doc: Stored<SharedEventParticipantDoc>): Promise<Stored<SharedEventParticipantDoc>> {
  return replaceItem(containers().sharedEvents, doc.sharedEventId, doc, doc._etag);
}

/**
 * Creates a new Shared Event's head and initial roster in one transactional batch (the head first). `carriesKey`:
 * the create's key record rides last in the batch (a keyed create's id is derived from the key).
 */
export async function createSharedEventWithRoster(
  head: SharedEventDoc,
  roster: SharedEventParticipantDoc[],
  options?: KeyCarrying,
) {
  await commitBatch(
    containers().sharedEvents,
    head.sharedEventId,
    [{ create: head }, ...roster.map((create) => ({ create }))],
    options,
  );
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
