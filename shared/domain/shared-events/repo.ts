import { containers } from '../../store/client';
import { createItem, readItem, upsertItem } from '../../store/operations';
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
