import { ApiError } from '../api/client';
import { i18next } from '../i18n';
import { http, unwrap } from '../api/instance';
import { currentSession } from '../api/session';
import { plainMessage } from '../ui/errors';
import { isKeyedRoute, mayResendUnasked } from './keyed-routes';
import {
  findBySignature,
  putEntry,
  readOutbox,
  removeEntry,
  signatureOf,
  updateEntry,
  type Intent,
  type OutboxEntry,
} from './outbox';

/**
 * Sending a write through the outbox (docs/decisions/web-client-offline.md). One intent of the person is one
 * entry with one Idempotency-Key, made when it is first sent and kept until the API answers it for good: a retry
 * after a lost answer, a double tap or a reload sends the same key, so the API writes once.
 */

/** The API keeps a key 24 hours; after that a second send of a key the API may have seen could write twice. */
export const KEY_LIFETIME_MS = 23 * 3_600_000;

/** A queued write that could not be sent yet: shown as "waiting to send", not as an error. */
export class QueuedError extends Error {
  constructor() {
    super(i18next.t('offline.queued'));
    this.name = 'QueuedError';
  }
}

/** Sent now in this tab: a second sender (the flush, a double tap) waits for that answer instead of a copy. */
const inFlight = new Map<string, Promise<unknown>>();

type Outcome = 'done' | 'retry' | 'refused';
/**
 * `retry`: no answer, or one the API does not keep (5xx, 429, the first copy still running, a session to renew):
 * the same key may be sent again. `done`: the API wrote it but lost the answer. `refused`: a kept answer.
 */
function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.code === 'IDEMPOTENCY_KEY_ANSWER_LOST') return 'done';
  if (error.code === 'IDEMPOTENCY_KEY_IN_PROGRESS') return 'retry';
  if (error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500) return 'retry';
  return 'refused';
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function request(entry: OutboxEntry): Promise<unknown> {
  const headers = isKeyedRoute(entry.method, entry.path) ? { 'Idempotency-Key': entry.key } : undefined;
  // The stored request is replayed as it was first built; the typed call sites are the pages' intents.
  const send = http.request as unknown as (
    method: string,
    path: string,
    init: Record<string, unknown>,
  ) => ReturnType<typeof http.POST>;
  return unwrap(
    send(entry.method.toLowerCase(), entry.path, {
      params: { path: entry.pathParams, query: entry.query },
      ...(entry.body === undefined ? {} : { body: entry.body }),
      ...(headers ? { headers } : {}),
    }),
  );
}

/** Sends once; the entry leaves the outbox on a final answer and otherwise records why it stays. */
function attempt(entry: OutboxEntry, foreground: boolean): Promise<unknown> {
  const running = inFlight.get(entry.key);
  if (running) return running;
  const sending = attemptOnce(entry, foreground).finally(() => inFlight.delete(entry.key));
  inFlight.set(entry.key, sending);
  return sending;
}

async function attemptOnce(entry: OutboxEntry, foreground: boolean): Promise<unknown> {
  updateEntry(entry.key, { state: 'sending', attempts: entry.attempts + 1, error: undefined });
  try {
    const data = await request(entry);
    removeEntry(entry.key);
    return data;
  } catch (error) {
    const outcome = outcomeOf(error);
    const reason = { message: plainMessage(error), code: error instanceof ApiError ? error.code : undefined };
    if (outcome === 'done') {
      removeEntry(entry.key);
      if (foreground) throw error;
      return undefined;
    }
    if (outcome === 'retry') {
      // Sent again by itself only when a second copy cannot write twice (the route honours the key, or the write
      // is a total); otherwise the person decides ("Not confirmed", Send now or Dismiss).
      const waits = entry.queue && mayResendUnasked(entry.method, entry.path);
      updateEntry(entry.key, { state: waits ? 'waiting' : 'unsent', error: reason });
      throw waits ? new QueuedError() : error;
    }
    // Refused: the page shows what it sent itself; a queued write sent later stays listed as failed.
    if (foreground) removeEntry(entry.key);
    else updateEntry(entry.key, { state: 'failed', error: reason });
    throw error;
  }
}

/**
 * Sends a write the person made. The same intent still pending (same user, route, parameters and body) is the
 * same entry and key; a queued intent made offline is kept and throws QueuedError.
 */
export async function sendIntent<T>(intent: Intent): Promise<T> {
  const userId = currentSession()?.userId ?? '';
  const signature = signatureOf(userId, intent);
  let entry = findBySignature(signature);
  // Asked again after a refusal: a new intent (the refusal is kept under the old key).
  if (entry?.state === 'failed') {
    removeEntry(entry.key);
    entry = undefined;
  }
  if (!entry) {
    entry = {
      ...intent,
      key: crypto.randomUUID(),
      userId,
      signature,
      createdAt: Date.now(),
      attempts: 0,
      state: 'sending',
    };
    putEntry(entry);
  } else if (inFlight.has(entry.key)) {
    // A double tap, or the person's retry while the outbox is sending it: one request, its answer for both.
    return (await inFlight.get(entry.key)) as T;
  }
  if (intent.queue && !online()) {
    updateEntry(entry.key, { state: 'waiting' });
    throw new QueuedError();
  }
  return (await attempt(entry, true)) as T;
}

const tooOld = (entry: OutboxEntry) => entry.attempts > 0 && Date.now() - entry.createdAt > KEY_LIFETIME_MS;
export const KEY_EXPIRED = 'KEY_EXPIRED';
/** Kept with the entry; PendingWrites words it again by its code in the language of the moment. */
const tooOldError = () => ({ message: i18next.t('offline.tooOld'), code: KEY_EXPIRED });

let flushing: Promise<number> | undefined;

/** Sends the person's waiting writes, oldest first; stops at the first that still cannot get through. */
export function flushOutbox(): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    const userId = currentSession()?.userId;
    if (!userId || !online()) return sent;
    const waiting = readOutbox()
      .filter((e) => e.userId === userId && e.state === 'waiting' && !inFlight.has(e.key))
      .sort((a, b) => a.createdAt - b.createdAt);
    for (const entry of waiting) {
      if (tooOld(entry)) {
        updateEntry(entry.key, { state: 'failed', error: tooOldError() });
        continue;
      }
      try {
        await attempt(entry, false);
        sent += 1;
      } catch (error) {
        if (error instanceof QueuedError) break;
      }
    }
    return sent;
  })().finally(() => (flushing = undefined));
  return flushing;
}

/** The pending list's "Send again" for one entry (queued or not); a refusal stays listed with its reason. */
export async function resend(key: string): Promise<void> {
  const entry = readOutbox().find((e) => e.key === key);
  if (!entry || inFlight.has(key)) return;
  if (tooOld(entry)) {
    updateEntry(key, { state: 'failed', error: tooOldError() });
    return;
  }
  await attempt(entry, false).catch(() => undefined);
}

/** On start: a write that was on its way when the page closed is waiting (queued) or unconfirmed. */
export function recoverInterrupted() {
  for (const entry of readOutbox()) {
    if (entry.state === 'sending' && !inFlight.has(entry.key)) {
      updateEntry(entry.key, {
        state: entry.queue && mayResendUnasked(entry.method, entry.path) ? 'waiting' : 'unsent',
      });
    }
  }
}

export { removeEntry as forgetEntry };
