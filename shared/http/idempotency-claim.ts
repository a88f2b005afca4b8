import { isExpired, isStale, type IdempotencyRecord } from '../domain/idempotency/model';
import { claimKey, readKey, replaceKey } from '../domain/idempotency/repo';
import type { Stored } from '../store/outcomes';
import { answerHeld, inProgress, keptErrorOf, keptSuccessOf, twice } from './idempotency-answers';
import type { Reply } from './reply';

/**
 * The claim-first path, for routes whose create cannot carry the key record in its own batch (`idempotent: 'claim'`:
 * another container or partition, or more than one write; docs/decisions/api-contract.md lists them). The record
 * (`running`) is created before the handler and replaced with the answer after it: two store calls on a fresh key.
 * A replay or a refusal is one failed create and one point read, and no handler.
 */
export async function runClaimed(fresh: IdempotencyRecord, run: () => Promise<Reply>): Promise<Reply> {
  const claimed = await claimKey(fresh);
  if (claimed !== 'taken') return runHolding(claimed, run);
  const held = await readKey(fresh);
  const now = Date.now();
  // Another request's key stays refused until it expires; the same request's abandoned or opened claim is taken over.
  if (held && !isExpired(held, now) && (held.fingerprint !== fresh.fingerprint || !isStale(held, now))) {
    return answerHeld(held, fresh.fingerprint);
  }
  // Expired, abandoned or opened (or gone since the create failed): take it over, unless another retry does first.
  const taken = held ? await replaceKey(fresh, held._etag) : await claimKey(fresh);
  if (!taken || taken === 'taken') throw inProgress();
  return runHolding(taken, run);
}

/**
 * Runs the handler holding the key, then keeps its answer (replace) or opens the key when the answer is not kept
 * (its lease ends now: the same request may run again, another one stays refused). When both tries of the keep fail the record stays `running`, so retries answer
 * IDEMPOTENCY_KEY_IN_PROGRESS until the lease ends (which outlasts any request: model.ts) instead of writing again.
 */
async function runHolding(record: Stored<IdempotencyRecord>, run: () => Promise<Reply>): Promise<Reply> {
  const { _etag, ...body } = record;
  const open = () => replaceKey({ ...body, leaseUntil: new Date().toISOString() }, _etag);
  let reply: Reply;
  try {
    reply = await run();
  } catch (error) {
    const answer = keptErrorOf(error);
    if (answer) await twice(() => replaceKey({ ...body, state: 'done', answer }, _etag));
    else await twice(open);
    throw error;
  }
  const answer = keptSuccessOf(reply);
  if (answer) await twice(() => replaceKey({ ...body, state: 'done', answer }, _etag));
  else await twice(open);
  return reply;
}
