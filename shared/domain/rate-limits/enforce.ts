import { createHash } from 'node:crypto';
import { DomainError } from '../../errors';
import { incrementBucket } from './repo';

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/** Fixed-window counter for one (bucket, window) pair; pure so the window arithmetic is testable. */
export function rateWindow(nowMs: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const index = Math.floor(nowMs / windowMs);
  const retryAfterSeconds = Math.max(1, Math.ceil(((index + 1) * windowMs - nowMs) / 1000));
  return { index, retryAfterSeconds };
}

/** Per-IP limit kept in the store, so it holds across instances. */
export async function enforceRateLimit(rule: RateLimitRule, ip: string, nowMs = Date.now()): Promise<void> {
  const { index, retryAfterSeconds } = rateWindow(nowMs, rule.windowSeconds);
  const ipKey = createHash('sha256').update(ip).digest('hex').slice(0, 32);
  const id = `rate-${rule.bucket}-${ipKey}-${index}`;
  const count = await incrementBucket(id, rule.windowSeconds * 2);
  if (count > rule.limit) {
    throw new DomainError('RATE_LIMITED', 'Too many requests; try again later', undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}
