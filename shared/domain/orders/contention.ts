import { AppError, conflict } from '../../http/errors';
import { isConflict, isPreconditionFailed, withEtagRetry } from '../../store/operations';

/**
 * Read, decide, write under contention, for the order, allocation and pledge writes. A store 412 (another writer
 * changed the document since it was read) means "read again and decide again". With `createCollisions`, so does a
 * store 409 on a create of a deterministic id (a parallel request created the same allocation or pledge first):
 * the next attempt finds it and replaces it. A request that keeps losing gets 409 CONFLICT to try again later,
 * never a 500 with a raw store status.
 */
export async function retryOnContention<T>(
  attempt: () => Promise<T>,
  maxAttempts = 8,
  createCollisions = false,
): Promise<T> {
  const isStoreError = (error: unknown) => !(error instanceof AppError);
  try {
    return await withEtagRetry(async () => {
      try {
        return await attempt();
      } catch (error) {
        if (createCollisions && isStoreError(error) && isConflict(error)) {
          throw Object.assign(new Error('created by a parallel request'), { code: 412 });
        }
        throw error;
      }
    }, maxAttempts);
  } catch (error) {
    if (isStoreError(error) && isPreconditionFailed(error)) {
      throw conflict('Another change to the same record is in progress; try again');
    }
    throw error;
  }
}
