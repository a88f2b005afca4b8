import { isKeptStatus, type IdempotencyRecord, type KeptAnswer } from '../domain/idempotency/model';
import { DomainError, type ErrorCode } from '../errors';
import { statusOfCode } from './error-status';
import { Reply } from './reply';

/** What an idempotency key answers from its record, and which answers are kept (docs/api.md, "Idempotency keys"). */
export const REPLAYED_HEADER = 'idempotent-replayed';
const IN_PROGRESS_RETRY_SECONDS = '1';

/** The answer to keep for a reply, or undefined when it is not kept (a "try again" status, a file). */
export function keptSuccessOf(reply: Reply): KeptAnswer | undefined {
  if (!isKeptStatus(reply.status) || reply.extras.file) return undefined;
  const completed = reply.extras.completed;
  return { kind: 'success', status: reply.status, data: reply.data, ...(completed !== undefined ? { completed } : {}) };
}

/** The answer to keep for a thrown error, or undefined: only a DomainError of a kept status (400, 403, 404, ...). */
export function keptErrorOf(error: unknown): KeptAnswer | undefined {
  if (!(error instanceof DomainError) || !isKeptStatus(statusOfCode(error.code))) return undefined;
  return { kind: 'error', code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) };
}

/**
 * The answer of a key held by a record: a different request is refused (IDEMPOTENCY_KEY_REUSED), a kept answer is
 * replayed (`Idempotent-Replayed: true`), and a record without one answers IDEMPOTENCY_KEY_IN_PROGRESS (its request
 * may still be running) or, once a `written` record's wait is over, IDEMPOTENCY_KEY_ANSWER_LOST (its write
 * committed; its answer will not come). Never a second run.
 */
export function answerHeld(held: IdempotencyRecord, fingerprint: string, nowMs = Date.now()): Reply {
  if (held.fingerprint !== fingerprint) {
    throw new DomainError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used for a different request; use a new key for a new request',
    );
  }
  if (held.state === 'written' && !held.answer && Date.parse(held.leaseUntil) <= nowMs) throw answerLost();
  if (held.state !== 'done' || !held.answer) throw inProgress();
  const answer = held.answer;
  const replayed = { [REPLAYED_HEADER]: 'true' };
  if (answer.kind === 'error') {
    throw new DomainError(answer.code as ErrorCode, answer.message, answer.data, replayed);
  }
  return new Reply(answer.status, answer.data, {
    headers: replayed,
    ...(answer.completed !== undefined ? { completed: answer.completed } : {}),
  });
}

export const inProgress = () =>
  new DomainError(
    'IDEMPOTENCY_KEY_IN_PROGRESS',
    'The first request with this Idempotency-Key is still running; try again shortly',
    undefined,
    { 'Retry-After': IN_PROGRESS_RETRY_SECONDS },
  );

const answerLost = () =>
  new DomainError(
    'IDEMPOTENCY_KEY_ANSWER_LOST',
    'The create of this Idempotency-Key was done, but its answer was lost; find it by listing, and do not send it again',
  );

/**
 * A store call on the key after the work, tried once more when it fails: the work is done either way, and a failure
 * to record its answer must not turn its answer into an error (what a record left without its answer means is
 * decided in docs/decisions/api-contract.md).
 */
export async function twice(call: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await call();
      return;
    } catch {
      // Tried again once, then left as it is.
    }
  }
}
