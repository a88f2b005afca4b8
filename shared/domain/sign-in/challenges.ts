import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { config } from '../../config';
import { isNotFound, isPreconditionFailed, type Stored } from '../../store/outcomes';
import { normalizeEmail } from '../users/model';
import { CHALLENGE_LIFETIME_SECONDS, challengeId, MAX_CODE_ATTEMPTS, type LoginChallengeDoc } from './model';
import { countWrongCode, deleteChallenge, putChallenge, readChallenge } from './repo';

export const emailKey = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');
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
  await putChallenge({
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
  const doc = await readChallenge(challengeId(key));
  // Expiry is checked in code too: TTL is lazy on Cosmos and absent on the embedded store.
  if (!doc || Date.parse(doc.expiresAt) <= now) return undefined;
  return doc;
}

/** Consume a challenge exactly once: the ETag-conditional delete has a single winner. */
async function consume(doc: Stored<LoginChallengeDoc>): Promise<boolean> {
  try {
    await deleteChallenge(doc.id, doc._etag);
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
    const counted = await countWrongCode(doc.id);
    if (counted.failedCodeAttempts >= MAX_CODE_ATTEMPTS) await deleteChallenge(doc.id);
  } catch (error) {
    if (!isNotFound(error)) throw error; // already voided or consumed
  }
  return undefined;
}
