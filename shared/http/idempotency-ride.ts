import { isStale, type IdempotencyRecord, type KeptAnswer } from '../domain/idempotency/model';
import { carryingKey, claimKey, isKeyTaken, readKey, releaseKey, replaceKey } from '../domain/idempotency/repo';
import { answerHeld, inProgress, keptErrorOf, keptSuccessOf, twice } from './idempotency-answers';
import type { Reply } from './reply';

/**
 * The ride-along path (`idempotent: true`; docs/decisions/api-contract.md, "Idempotency keys"), run behind the
 * key's binding (idempotency-bind.ts), which has refused another request with the key already: the `written` record waits in a request-scoped slot and is created in the same transactional batch as
 * the route's one decisive create (its repository opts in with `carriesKey`), so it exists if and only if that
 * write committed. After the handler the answer is kept by one replace of the record. A duplicate let through (the
 * binding's lease over) or a stale record's batch fails on the record (KeyRecordExists, nothing written, seats
 * taken before it given back by the use case's own failure path) and answers from the record: a replay, 409
 * IDEMPOTENCY_KEY_REUSED, or 409 IDEMPOTENCY_KEY_IN_PROGRESS while the answer is not kept yet.
 */
export async function runRidingAlong(fresh: IdempotencyRecord, run: () => Promise<Reply>): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    let carried: { etag?: string } | undefined;
    let reply: Reply;
    try {
      reply = await carryingKey(fresh, async (ride) => {
        try {
          return await run();
        } finally {
          carried = ride.carried;
        }
      });
    } catch (error) {
      if (!isKeyTaken(error)) return answerFailure(fresh, carried, error);
      const held = await readKey(fresh);
      if (held && !isStale(held, Date.now())) return answerHeld(held, fresh.fingerprint);
      // An expired record still stored (TTL is lazy), or an abandoned claim-first one: gone, and run once more.
      if (attempt > 1) throw inProgress();
      if (held) await releaseKey(held, held._etag);
      continue;
    }
    const answer = keptSuccessOf(reply);
    const held = answer ? await keepAnswer(fresh, carried, answer) : undefined;
    return held ?? reply;
  }
}

/**
 * The answer is kept by replacing the record that rode along; a request that wrote without it (a no-op success, or
 * a refusal before any write) creates the record with its answer instead. Either is one call. A create that finds
 * the record taken (another request with the key wrote or answered first) reads it and answers as it does (a
 * replay): the key's first answer is the one that counts. Undefined when the own answer stands.
 */
async function keepAnswer(
  fresh: IdempotencyRecord,
  carried: { etag?: string } | undefined,
  answer: KeptAnswer,
): Promise<Reply | undefined> {
  const done: IdempotencyRecord = { ...fresh, state: 'done', answer };
  if (carried) {
    await twice(() => replaceKey(done, carried.etag));
    return undefined;
  }
  const created = await claimKey(done).catch(() => undefined);
  if (created !== 'taken') return undefined;
  const held = await readKey(fresh).catch(() => undefined);
  return held && !isStale(held, Date.now()) ? answerHeld(held, fresh.fingerprint) : undefined;
}

/**
 * A handler that threw. A kept error (400, 403, 404, ...) is kept like a success. A "try again" error is not: after
 * a write that carried the record (it committed, then something later failed) the record stays `written` without
 * an answer, so no retry writes again; without one, the record is read once (a point read, on failures only): a
 * duplicate refused because its twin took what it needed (the seats, the allocation) answers from the twin's
 * record rather than with a misleading 409, and a write whose batch timed out but committed answers IN_PROGRESS.
 */
async function answerFailure(
  fresh: IdempotencyRecord,
  carried: { etag?: string } | undefined,
  error: unknown,
): Promise<Reply> {
  const answer = keptErrorOf(error);
  if (answer) {
    const held = await keepAnswer(fresh, carried, answer);
    if (held) return held;
    throw error;
  }
  if (carried) throw error;
  const held = await readKey(fresh).catch(() => undefined);
  if (held && !isStale(held, Date.now())) return answerHeld(held, fresh.fingerprint);
  throw error;
}
