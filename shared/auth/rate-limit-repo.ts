import { containers } from '../store/client';
import { createItem, patchItem } from '../store/operations';
import { isConflict, isNotFound } from '../store/outcomes';

/** One fixed-window counter of the rate limit, in the auth container (partitioned by id), expiring by TTL. */
interface BucketDoc {
  id: string;
  docType: 'rateBucket';
  count: number;
  ttl: number;
}

/**
 * Counts one request in the bucket and returns the new count. Usually one call (an atomic increment); the
 * first request of a window creates the bucket.
 */
export async function incrementBucket(id: string, ttl: number): Promise<number> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const doc = await patchItem<BucketDoc>(containers().auth, id, id, [{ op: 'incr', path: '/count', value: 1 }]);
      return doc.count;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    try {
      await createItem<BucketDoc>(containers().auth, { id, docType: 'rateBucket', count: 1, ttl });
      return 1;
    } catch (error) {
      if (!isConflict(error)) throw error; // another request created it first: increment that one
    }
  }
  throw new Error('rate limit bucket could not be updated');
}
