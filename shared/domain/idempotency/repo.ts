import { containers } from '../../store/client';
import { createItem, deleteItem, readItem, replaceItem } from '../../store/operations';
import { isConflict, isNotFound, isPreconditionFailed, type Stored } from '../../store/outcomes';
import { KeyRecordExists, withKeyRide, type KeyRide } from '../../store/write-token';
import type { IdempotencyRecord } from './model';

type RecordPlace = Pick<IdempotencyRecord, 'id' | 'organizationId' | 'sharedEventId'>;

/**
 * Every store call on idempotency keys. A key of an organization's caller lives in that organization's partition
 * (`orgs`); a key whose create writes into a Shared Event's partition lives there (`sharedEvents`, `sharedEventId`);
 * a caller acting for no organization keeps it in the `auth` container (partition = id). All three containers
 * expire items by `ttl`; expiry is checked in code as well (docs/api.md, "Idempotency keys").
 */
function placeOf(record: RecordPlace) {
  if (record.sharedEventId) {
    return { container: containers().sharedEvents, partitionKey: record.sharedEventId, field: 'sharedEventId' };
  }
  if (record.organizationId) {
    return { container: containers().orgs, partitionKey: record.organizationId, field: 'organizationId' };
  }
  return { container: containers().auth, partitionKey: record.id, field: 'id' };
}

/** Creates the record, or answers `taken` (another request holds or held the key) without a write. */
export async function claimKey(record: IdempotencyRecord): Promise<Stored<IdempotencyRecord> | 'taken'> {
  try {
    return await createItem(placeOf(record).container, record);
  } catch (error) {
    if (isConflict(error)) return 'taken';
    throw error;
  }
}

export async function readKey(key: RecordPlace) {
  const { container, partitionKey } = placeOf(key);
  const doc = await readItem<IdempotencyRecord>(container, partitionKey, key.id);
  return doc?.docType === 'idempotencyKey' ? doc : undefined;
}

/**
 * Runs `work` with the record waiting to ride along with the write of its route that opts in (`carriesKey`): the
 * record goes into that write's transactional batch (shared/store/write-token.ts). Only a record of an
 * organization's partition (`orgs`, `organizationId`) or of a Shared Event's (`sharedEvents`, `sharedEventId`) can
 * ride; the `auth` container's partition is the record's own id, which no other write shares. `ride.carried` tells
 * afterwards.
 */
export function carryingKey<T>(record: IdempotencyRecord, work: (ride: KeyRide) => Promise<T>): Promise<T> {
  if (!record.organizationId && !record.sharedEventId) {
    throw new Error('Only a key record of an organization or a Shared Event can ride along with a write');
  }
  const { container, partitionKey, field } = placeOf(record);
  const ride: KeyRide = { record: { ...record }, containerId: container.id, partitionKey, partitionField: field };
  return withKeyRide(ride, () => work(ride));
}

/** The write that carried the record failed on it: the record exists already, and nothing was written. */
export const isKeyTaken = (error: unknown): boolean => error instanceof KeyRecordExists;

/**
 * Replaces the record only if it is still the version read (`etag`; unconditionally without one); false when
 * another request changed it.
 */
export async function replaceKey(
  record: IdempotencyRecord,
  etag: string | undefined,
): Promise<Stored<IdempotencyRecord> | false> {
  const { container, partitionKey } = placeOf(record);
  try {
    return await replaceItem(container, partitionKey, record, etag);
  } catch (error) {
    if (isPreconditionFailed(error) || isNotFound(error)) return false;
    throw error;
  }
}

/** Gives the key up (its first answer is not kept); quiet when another request already took it over. */
export async function releaseKey(record: IdempotencyRecord, etag: string): Promise<void> {
  const { container, partitionKey } = placeOf(record);
  try {
    await deleteItem(container, partitionKey, record.id, etag);
  } catch (error) {
    if (!isPreconditionFailed(error) && !isNotFound(error)) throw error;
  }
}
