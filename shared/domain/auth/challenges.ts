import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { config } from '../../config';
import { containers } from '../../store/client';
import { deleteItem, patchItem, readItem, upsertItem } from '../../store/operations';
import { isNotFound, isPreconditionFailed, type Stored } from '../../store/outcomes';
import { normalizeEmail } from '../users/repo';

/**
 * A pending login: one per e-mail address (a new request replaces it, voiding the earlier link and code).
 * Only keyed hashes of the link secret and the code are stored.
 */
export interface LoginChallengeDoc {
  id: string;
  docType: 'loginChallenge';
  email: string;
  tokenHash: string;
  codeHash: string;
  failedCodeAttempts: number;
  expiresAt: string;
  ttl: number;
}

export const CHALLENGE_LIFETIME_SECONDS = 15 * 60;
export const MAX_CODE_ATTEMPTS = 5;

export const emailKey = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');
const challengeId = (key: string) => `login-${key}`;
const keyedHash = (value: string) => createHmac('sha256', config().jwtSecret).update(value).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Issue a fresh link token and 6-digit code for an address; returns the clear values for the e-mail only. */
export async function issueChallenge(email: string, now = Date.now()): Promise<{ token: string; code: string }> {
  const key = emailKey(email);
  const secret = randomBytes(32).toString('base64url');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await upsertItem<LoginChallengeDoc>(containers().auth, {
    id: challengeId(key),
    docType: 'loginChallenge',
    email: normalizeEmail(email),
    tokenHash: keyedHash(secret),
    codeHash: keyedHash(`${key}:${code}`),
    failedCodeAttempts: 0,
    expiresAt: new Date(now + CHALLENGE_LIFETIME_SECONDS * 1000).toISOString(),
    ttl: CHALLENGE_LIFETIME_SECONDS * 2,
  });
  // The link token names its challenge, so verifying needs no lookup by token.
  return { token: `${key}.${secret}`, code };
}

async function readLive(key: string, now: number): Promise<Stored<LoginChallengeDoc> | undefined> {
  if (!/^[0-9a-f]{64}$/.test(key)) return undefined;
  const doc = await readItem<LoginChallengeDoc>(containers().auth, challengeId(key), challengeId(key));
  // Expiry is checked in code too: TTL is lazy on Cosmos and absent on the embedded store.
  if (!doc || doc.docType !== 'loginChallenge' || Date.parse(doc.expiresAt) <= now) return undefined;
  return doc;
}

/** Consume a challenge exactly once: the ETag-conditional delete has a single winner. */
async function consume(doc: Stored<LoginChallengeDoc>): Promise<boolean> {
  try {
    await deleteItem(containers().auth, doc.id, doc.id, doc._etag);
    return true;
  } catch (error) {
    if (isNotFound(error) || isPreconditionFailed(error)) return false;
    throw error;
  }
}

/** The e-mail the link token was issued for, or undefined when it is bad, used or expired. */
export async function redeemLinkToken(token: string, now = Date.now()): Promise<string | undefined> {
  const [key, secret, extra] = token.split('.');
  if (!key || !secret || extra !== undefined) return undefined;
  const doc = await readLive(key, now);
  if (!doc || !sameHash(doc.tokenHash, keyedHash(secret))) return undefined;
  return (await consume(doc)) ? doc.email : undefined;
}

/** The e-mail when the code matches; a wrong code counts, and the fifth wrong one voids the login. */
export async function redeemCode(email: string, code: string, now = Date.now()): Promise<string | undefined> {
  const key = emailKey(email);
  const doc = await readLive(key, now);
  if (!doc) return undefined;
  if (sameHash(doc.codeHash, keyedHash(`${key}:${code}`))) return (await consume(doc)) ? doc.email : undefined;
  try {
    // Atomic increment: parallel wrong guesses are each counted.
    const counted = await patchItem<LoginChallengeDoc>(containers().auth, doc.id, doc.id, [
      { op: 'incr', path: '/failedCodeAttempts', value: 1 },
    ]);
    if (counted.failedCodeAttempts >= MAX_CODE_ATTEMPTS) await deleteItem(containers().auth, doc.id, doc.id);
  } catch (error) {
    if (!isNotFound(error)) throw error; // already voided or consumed
  }
  return undefined;
}
