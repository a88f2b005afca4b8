import { containers } from '../../store/client';
import { createItem, deleteItem, readItem, replaceItem } from '../../store/operations';
import { isConflict, isNotFound, isPreconditionFailed, type Stored } from '../../store/outcomes';
import { KeyRecordExists, withKeyRide, type KeyRide } from '../../store/write-token';
import type { IdempotencyRecord } from './model';

/**
 * Every store call on idempotency keys. A key of an organization's caller lives in that organization's partition
 * (`orgs`); a caller acting for no organization keeps it in the `auth` container (partition = id). Both containers
 * expire items by `ttl`; expiry is checked in code as well (docs/api.md, "Idempotency keys").
 */
const placeOf = (record: Pick<IdempotencyRecord, 'id' | 'organizationId'>) =>
  record.organizationId
    ? { container: containers().orgs, partitionKey: record.organizationId }
    : { container: containers().auth, partitionKey: record.id };

/** Creates the record, or answers `taken` (another request holds or held the key) without a write. */
export async function claimKey(record: IdempotencyRecord): Promise<Stored<IdempotencyRecord> | 'taken'> {
  try {
    return await createItem(placeOf(record).container, record);
  } catch (error) {
    if (isConflict(error)) return 'taken';
    throw error;
  }
}

export async function readKey(key: Pick<IdempotencyRecord, 'id' | 'organizationId'>) {
  const { container, partitionKey } = placeOf(key);
  const doc = await readItem<IdempotencyRecord>(container, partitionKey, key.id);
  return doc?.docType === 'idempotencyKey' ? doc : undefined;
}

/**
 * Runs `work` with the record waiting to ride along with the write of its route that opts in (`carriesKey`): the
 * record goes into that write's transactional batch (shared/store/write-token.ts). Only a record of an
 * organization's partition can ride (the `orgs` container, `organizationId`). `ride.carried` tells afterwards.
 */
export function carryingKey<T>(record: IdempotencyRecord, work: (ride: KeyRide) => Promise<T>): Promise<T> {
  if (!record.organizationId) throw new Error('Only a key record of an organization can ride along with a write');
  const ride: KeyRide = {
    record: { ...record },
    containerId: containers().orgs.id,
    partitionKey: record.organizationId,
    partitionField: 'organizationId',
  };
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
