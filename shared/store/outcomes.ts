/**
 * What a store call can answer, as a domain file may see it without touching the client: the stored document
 * type, the predicates over store failures, and the bounded retry on a lost ETag race.
 */
import { KeyRecordExists } from './write-token';

/** Document as stored, with the system field we keep for optimistic concurrency. */
export type Stored<T> = T & { _etag: string };

const statusOf = (error: unknown): unknown => (error as { code?: unknown })?.code;
export const isNotFound = (error: unknown) => statusOf(error) === 404;
export const isConflict = (error: unknown) => statusOf(error) === 409;
export const isPreconditionFailed = (error: unknown) => statusOf(error) === 412;
/**
 * Throttled, timed out or unreachable: worth a later retry, answered as 503. `TimeoutError` is the Cosmos SDK's own
 * request timeout; the others are the socket's (refused, reset, no route, a name that does not resolve).
 */
const UNAVAILABLE = new Set<unknown>([
  408,
  429,
  449,
  503,
  'TimeoutError',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
export const isUnavailable = (error: unknown) => UNAVAILABLE.has(statusOf(error));

/**
 * The store refused the write outright, so nothing of it committed: a conflict or a failed precondition (a batch
 * fails whole, on Cosmos DB as on the patched embedded store), or a batch that failed on a document it was told to
 * create that exists already (`KeyRecordExists`, shared/store/write-token.ts). A timeout or an unavailable
 * store is not such an answer: the write may have committed. A domain that wrote something before (an index) may
 * give it back after this answer, and only after it.
 */
export const isWriteRefused = (error: unknown) =>
  isConflict(error) || isPreconditionFailed(error) || error instanceof KeyRecordExists;

/**
 * Optimistic concurrency: run `attempt` (read, decide, write with IfMatch) again when another writer
 * got there first. Bounded so a hot document cannot spin a request forever.
 */
export async function withEtagRetry<T>(attempt: () => Promise<T>, maxAttempts = 8): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isPreconditionFailed(error) || i >= maxAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * i));
    }
  }
}
