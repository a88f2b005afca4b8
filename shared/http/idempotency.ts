import {
  fingerprintOf,
  isKeptStatus,
  isStale,
  recordIdOf,
  runningRecord,
  type IdempotencyRecord,
  type KeptAnswer,
} from '../domain/idempotency/model';
import { claimKey, readKey, releaseKey, replaceKey } from '../domain/idempotency/repo';
import { DomainError, badRequest, type ErrorCode } from '../errors';
import type { Stored } from '../store/outcomes';
import { statusOfCode } from './error-status';
import { Reply } from './reply';

/**
 * Idempotency keys on creates (docs/api.md, "Idempotency keys"; the semantics pretix documents for its API). The
 * pipeline calls `runIdempotently` around the handler of a route declared `idempotent`, once the caller is known
 * and the request is valid. Cost: no call without a key; with a fresh key one create before the handler and one
 * replace (or delete) after it; a replay or a refusal is one failed create and one point read, and no handler.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;
const IN_PROGRESS_RETRY_SECONDS = '1';

export interface KeyedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  rawBody: string;
  callerId: string;
  organizationId: string;
}

export async function runIdempotently(request: KeyedRequest, run: () => Promise<Reply>): Promise<Reply> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return run();
  if (!KEY_PATTERN.test(key)) {
    throw badRequest('The Idempotency-Key header is invalid', [
      { path: '/headers/Idempotency-Key', message: 'must be 1 to 128 visible ASCII characters' },
    ]);
  }
  const now = Date.now();
  const fingerprint = fingerprintOf({ ...request, body: request.rawBody });
  const fresh = runningRecord(
    recordIdOf(request.callerId, request.organizationId, key),
    request.organizationId,
    fingerprint,
    now,
  );
  const claimed = await claimKey(fresh);
  if (claimed === 'taken') {
    const held = await readKey(fresh);
    if (held && !isStale(held, now)) return answerHeld(held, fingerprint);
    // Expired or abandoned (or gone since the create failed): take it over, unless another retry does first.
    const taken = held ? await replaceKey(fresh, held._etag) : await claimKey(fresh);
    if (!taken || taken === 'taken') throw inProgress();
    return runHolding(taken, run);
  }
  return runHolding(claimed, run);
}

async function runHolding(record: Stored<IdempotencyRecord>, run: () => Promise<Reply>): Promise<Reply> {
  let reply: Reply;
  try {
    reply = await run();
  } catch (error) {
    const status = error instanceof DomainError ? statusOfCode(error.code) : 500;
    if (error instanceof DomainError && isKeptStatus(status)) {
      await keep(record, { kind: 'error', code: error.code, message: error.message, ...dataOf(error) });
    } else {
      await release(record);
    }
    throw error;
  }
  if (isKeptStatus(reply.status) && !reply.extras.file) {
    const completed = reply.extras.completed;
    await keep(record, {
      kind: 'success',
      status: reply.status,
      data: reply.data,
      ...(completed !== undefined ? { completed } : {}),
    });
  } else {
    await release(record);
  }
  return reply;
}

const dataOf = (error: DomainError) => (error.data ? { data: error.data } : {});

/**
 * Keeps the answer, trying once more when the store fails. The write is done either way: a failure to keep its answer
 * must not turn the success into an error. When both tries fail the record stays `running`, so retries answer
 * IDEMPOTENCY_KEY_IN_PROGRESS until the lease ends (which outlasts any request: model.ts) instead of writing again.
 * A retried replace that finds the record changed (its first try did land) answers false: nothing more to do.
 */
async function keep(record: Stored<IdempotencyRecord>, answer: KeptAnswer): Promise<void> {
  const { _etag, ...body } = record;
  const done: IdempotencyRecord = { ...body, state: 'done', answer };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await replaceKey(done, _etag);
      return;
    } catch {
      // Tried again once, then left held (see above).
    }
  }
}

/** Gives the key up after an answer that is not kept; a second try, then the lease ends it (model.ts). */
async function release(record: Stored<IdempotencyRecord>): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await releaseKey(record, record._etag);
      return;
    } catch {
      // As for keep().
    }
  }
}

function answerHeld(held: IdempotencyRecord, fingerprint: string): Reply {
  if (held.fingerprint !== fingerprint) {
    throw new DomainError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used for a different request; use a new key for a new request',
    );
  }
  if (held.state === 'running' || !held.answer) throw inProgress();
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

const inProgress = () =>
  new DomainError(
    'IDEMPOTENCY_KEY_IN_PROGRESS',
    'The first request with this Idempotency-Key is still running; try again shortly',
    undefined,
    { 'Retry-After': IN_PROGRESS_RETRY_SECONDS },
  );
