import { createHash } from 'node:crypto';
import { DomainError } from '../errors';
import type { RateLimitRule } from '../http/route';
import { containers } from '../store/client';
import { createItem, patchItem } from '../store/operations';
import { isConflict, isNotFound } from '../store/outcomes';

interface BucketDoc {
  id: string;
  docType: 'rateBucket';
  count: number;
  ttl: number;
}

/** Fixed-window counter for one (bucket, window) pair; pure so the window arithmetic is testable. */
export function rateWindow(nowMs: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const index = Math.floor(nowMs / windowMs);
  const retryAfterSeconds = Math.max(1, Math.ceil(((index + 1) * windowMs - nowMs) / 1000));
  return { index, retryAfterSeconds };
}

/**
 * Per-IP limit kept in the store, so it holds across instances. Usually one call (an atomic increment);
 * the first request of a window creates the bucket.
 */
export async function enforceRateLimit(rule: RateLimitRule, ip: string, nowMs = Date.now()): Promise<void> {
  const { index, retryAfterSeconds } = rateWindow(nowMs, rule.windowSeconds);
  const ipKey = createHash('sha256').update(ip).digest('hex').slice(0, 32);
  const id = `rate-${rule.bucket}-${ipKey}-${index}`;
  const count = await increment(id, rule.windowSeconds * 2);
  if (count > rule.limit) {
    throw new DomainError('RATE_LIMITED', 'Too many requests; try again later', undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

async function increment(id: string, ttl: number): Promise<number> {
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
