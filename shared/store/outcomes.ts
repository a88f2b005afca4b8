/**
 * What a store call can answer, as a domain file may see it without touching the client: the stored document
 * type, the predicates over store failures, and the bounded retry on a lost ETag race.
 */
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
