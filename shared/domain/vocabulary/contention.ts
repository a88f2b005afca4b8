import { DomainError } from '../../errors';
import { isConflict, withEtagRetry } from '../../store/outcomes';

/**
 * Read, decide, write under contention, for the order, allocation and pledge writes. A store 412 (another writer
 * changed the document since it was read) means "read again and decide again". With `createCollisions`, so does a
 * store 409 on a create of a deterministic id (a parallel request created the same allocation or pledge first):
 * the next attempt finds it and replaces it. A request that keeps losing ends with the store's 412, which the
 * pipeline answers as 409 CONFLICT (try again later).
 */
export async function retryOnContention<T>(
  attempt: () => Promise<T>,
  maxAttempts = 8,
  createCollisions = false,
): Promise<T> {
  return withEtagRetry(async () => {
    try {
      return await attempt();
    } catch (error) {
      if (createCollisions && !(error instanceof DomainError) && isConflict(error)) {
        throw Object.assign(new Error('created by a parallel request'), { code: 412 });
      }
      throw error;
    }
  }, maxAttempts);
}
