import { recordStoreCall } from '../request-context';
import { checkFault, InjectedStoreFault, type StoreOperation } from './faults';

/**
 * Every store call goes through `tracked`: it counts the call and its request charge for the
 * per-request budget (`x-store-ops`, `x-store-ru`) and lets a test inject a fault. Exported for the
 * adapter's own modules (the batch API); domain code calls its area's repository.
 */
export async function tracked<T extends { requestCharge?: number }>(
  op: StoreOperation,
  call: () => Promise<T>,
): Promise<T> {
  // One deadline for the whole call, throttling retries and their waits included: no retry starts past it.
  const ms = callDeadlineMs;
  const endsAt = ms ? Date.now() + ms : undefined;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await trackedOnce(op, call, endsAt === undefined ? undefined : { ms: ms!, endsAt });
    } catch (error) {
      const wait = throttledWaitMs(error, attempt);
      if (wait === undefined || (endsAt !== undefined && Date.now() + wait >= endsAt)) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function trackedOnce<T extends { requestCharge?: number }>(
  op: StoreOperation,
  call: () => Promise<T>,
  deadline: { ms: number; endsAt: number } | undefined,
) {
  const lostAnswer = await checkFault(op);
  try {
    const result = await (deadline ? withDeadline(op, call(), deadline) : call());
    if (lostAnswer !== undefined) throw new InjectedStoreFault(op, lostAnswer);
    recordStoreCall(result.requestCharge);
    return result;
  } catch (error) {
    recordStoreCall(0);
    throw error;
  }
}

let callDeadlineMs: number | undefined;

/**
 * The longest one store call may take, retries included (the real Cosmos DB client sets it; the embedded store has
 * none, so a slow test machine never turns into failures). Past it the call answers as unavailable (503).
 */
export function setStoreCallDeadline(ms: number | undefined): void {
  callDeadlineMs = ms;
}

/** Thrown when a store call outlives its deadline: code 408, which `isUnavailable` answers as 503. */
export class StoreDeadlineExceeded extends Error {
  readonly code = 408;
  constructor(op: StoreOperation, ms: number) {
    super(`Store ${op.kind} on ${op.container} took more than ${ms} ms`);
    this.name = 'StoreDeadlineExceeded';
  }
}

/** The attempt, or StoreDeadlineExceeded once the call's deadline (`endsAt`) passes. */
function withDeadline<T>(op: StoreOperation, pending: Promise<T>, deadline: { ms: number; endsAt: number }) {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StoreDeadlineExceeded(op, deadline.ms)),
      Math.max(0, deadline.endsAt - Date.now()),
    );
  });
  pending.catch(() => undefined); // a late failure of an abandoned call is not an unhandled rejection
  return Promise.race([pending, expired]).finally(() => clearTimeout(timer));
}

/** Attempts of one call when the store throttles it (429), this one included; the last 429 then answers 503. */
export const THROTTLE_ATTEMPTS = 3;
const MAX_THROTTLE_WAIT_MS = 2_000;

/**
 * How long to wait before trying a throttled call again, or undefined to give up. A 429 is never executed by the
 * store, so any call (an increment too) may be sent again. The SDK retries 429s itself first; one that still
 * escapes it (or one answered where the SDK does not retry) is tried again after the store's retry-after
 * (`retryAfterInMs`, else an exponential 50, 100 ms), capped so a request cannot hang.
 */
function throttledWaitMs(error: unknown, attempt: number): number | undefined {
  const { code, retryAfterInMs } = (error ?? {}) as { code?: unknown; retryAfterInMs?: unknown };
  if (code !== 429 || attempt >= THROTTLE_ATTEMPTS) return undefined;
  const given = typeof retryAfterInMs === 'number' && retryAfterInMs >= 0 ? retryAfterInMs : 25 * 2 ** attempt;
  return Math.min(given, MAX_THROTTLE_WAIT_MS);
}
