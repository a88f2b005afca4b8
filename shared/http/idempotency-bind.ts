import { isExpired, isStale, type IdempotencyRecord } from '../domain/idempotency/model';
import { claimKey, readKey, replaceKey } from '../domain/idempotency/repo';
import { answerHeld, inProgress, keptErrorOf, twice } from './idempotency-answers';
import { Reply } from './reply';

/**
 * The key's binding in front of a ride-along run (docs/decisions/api-contract.md, "One key, one request"). A ride-along
 * record lies in the partition of the write it guards, so on its own it cannot see the same key on another route, in
 * another partition or for another `?organizationId`, and it is met only at the decisive write, after whatever the
 * use case wrote before it. The binding is one record per caller and key (`bindingIdOf`, `auth` container), created
 * before the handler: one store call. Taken by another request (another fingerprint): 409 IDEMPOTENCY_KEY_REUSED,
 * and nothing runs. Taken by the same request: its ride-along record answers (the replay, IN_PROGRESS, ANSWER_LOST),
 * or, with none yet, IN_PROGRESS while the binding's short lease runs (the first copy is working), or the run goes
 * ahead (the first ended without a write, or is slower than the lease: the ride-along record still keeps the write
 * exactly once). Only a failure that is not kept touches the binding again, to open it for a retry at once.
 */
export async function runBound(binding: IdempotencyRecord, record: IdempotencyRecord, run: () => Promise<Reply>) {
  const claimed = await claimKey(binding);
  const held = claimed === 'taken' ? await heldFor(binding, record) : claimed;
  if (held instanceof Reply) return held;
  try {
    return await run();
  } catch (error) {
    // A "try again" failure: the same request may run again at once (its write, if it committed, is guarded by its
    // record); another request with the key stays refused.
    if (!keptErrorOf(error)) {
      const open = { ...binding, leaseUntil: new Date().toISOString() };
      await twice(() => replaceKey(open, held._etag));
    }
    throw error;
  }
}

/** The binding is taken: refuse, answer from the record, or take it over for this run (its ETag for later). */
async function heldFor(binding: IdempotencyRecord, record: IdempotencyRecord): Promise<Reply | { _etag: string }> {
  const now = Date.now();
  const held = await readKey(binding);
  if (held && !isExpired(held, now)) {
    if (held.fingerprint !== binding.fingerprint || held.state === 'done') return answerHeld(held, binding.fingerprint);
    const kept = await readKey(record);
    if (kept && !isStale(kept, now)) return answerHeld(kept, binding.fingerprint);
    if (!kept && Date.parse(held.leaseUntil) > now) throw inProgress();
  }
  const taken = held ? await replaceKey(binding, held._etag) : await claimKey(binding);
  if (!taken || taken === 'taken') throw inProgress();
  return taken;
}
