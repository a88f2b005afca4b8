import { commitBatch } from '../../store/batch';
import { containers } from '../../store/client';
import { createItem, readItem, upsertItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import { isConflict } from '../../store/outcomes';
import { inPartition } from '../../store/query';
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
