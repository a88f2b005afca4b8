import { emailKey } from '../../../shared/domain/sign-in/challenges';
import { containers } from '../../../shared/store/client';
import { deleteItem, queryAll, readItem, replaceItem } from '../../../shared/store/operations';
import { type Doc } from './store-access';

/** Sign-in: login challenges past their expiry, and rate-limit windows. */

/** Moves the pending login challenge of `email` past its expiry, as if its 15 minutes had run out. */
export async function expireLoginChallenge(email: string) {
  const id = `login-${emailKey(email)}`;
  const doc = await readItem<Doc>(containers().auth, id, id);
  if (!doc) throw new Error(`seed: no login challenge for ${email}`);
  await replaceItem(containers().auth, id, { ...doc, expiresAt: new Date(Date.now() - 1000).toISOString() }, doc._etag);
}

/** The pending login challenge of `email` as stored (its token and code hashes), or undefined. */
export async function storedLoginChallenge(email: string) {
  const id = `login-${emailKey(email)}`;
  return readItem<Doc>(containers().auth, id, id);
}

/** Forgets every rate-limit bucket, as a new window would (tests that make more calls than a limit allows). */
export async function resetRateLimits() {
  const buckets = await queryAll<{ id: string }>(containers().auth, undefined, {
    query: "SELECT c.id FROM c WHERE c.docType = 'rateBucket'",
  });
  for (const bucket of buckets) await deleteItem(containers().auth, bucket.id, bucket.id);
}
