import { createHash } from 'node:crypto';

/** How long a key's first answer is replayed (docs/api.md, "Idempotency keys"). */
export const IDEMPOTENCY_KEY_LIFETIME_SECONDS = 24 * 60 * 60;
/**
 * How long a running first request holds its key. Past it a retry takes the key over and runs the request again, so
 * the lease must outlast any request that could still be alive, or a slow first request and its retry would both
 * write. The bound on a request's life is the Functions host's `functionTimeout`: 30 minutes by default on the Flex
 * Consumption plan this app runs on (host.json sets none), after which the host ends the invocation. 40 minutes
 * leaves a margin over it. The cost: a first request that truly died (or whose answer could not be kept) leaves its
 * key answering IDEMPOTENCY_KEY_IN_PROGRESS that long (docs/decisions/api-contract.md). A `functionTimeout` set
 * above 40 minutes must raise this too.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 40 * 60;
/**
 * How long a `written` record (ride-along: its write committed) without an answer answers
 * IDEMPOTENCY_KEY_IN_PROGRESS before IDEMPOTENCY_KEY_ANSWER_LOST. After its write a request makes only a few store
 * calls (a Shared Event commit, further alert batches, the answer's two tries), each bounded by the store-call
 * deadline (8 s by default), so two minutes covers a request that is alive. Neither answer ever writes: a request
 * still alive past it only turns the retry's answer from "wait" into "it was done, look it up".
 */
export const IDEMPOTENCY_ANSWER_WAIT_SECONDS = 2 * 60;
/**
 * How long a ride-along request holds its key's binding (bindingIdOf) while it runs: an identical copy arriving
 * meanwhile answers IDEMPOTENCY_KEY_IN_PROGRESS instead of running the use case beside it. Short, because it only
 * spares the copy's work: the record that rides in the decisive write keeps that write exactly once on its own, so
 * a copy let through after a slow first request's minute can still not write twice (docs/decisions/api-contract.md).
 */
export const IDEMPOTENCY_BINDING_LEASE_SECONDS = 60;

/** The answer kept for replay: a success (status, data, 207's `completed`) or a kept error. */
export type KeptAnswer =
  | { kind: 'success'; status: number; data: unknown; completed?: boolean }
  | { kind: 'error'; code: string; message: string; data?: Record<string, unknown> };

export interface IdempotencyRecord {
  id: string;
  docType: 'idempotencyKey';
  /**
   * The partition that stores the record: the caller's organization, or the one its ride-along write goes to (a
   * delegated create: the event owner's); absent for a caller acting for no organization (auth container).
   */
  organizationId?: string;
  /**
   * Instead of an organization's partition: the Shared Event whose partition (`sharedEvents`) the ride-along write
   * goes to (a roster add, an invitation link: `keyRecordIn: 'sharedEvent'`). The id still hashes the caller, the
   * organization the caller acts for (or none) and the key.
   */
  sharedEventId?: string;
  /** sha256 of method, path, query and body: the same key with another request is refused. */
  fingerprint: string;
  /**
   * `running`: claimed before its request ran (claim-first routes), the write may or may not have happened.
   * `written`: created in the same batch as the write it guards (ride-along routes), so that write committed.
   * `done`: the answer is kept.
   */
  state: 'running' | 'written' | 'done';
  leaseUntil: string;
  createdAt: string;
  expiresAt: string;
  ttl: number;
  answer?: KeptAnswer;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The record id: the key scoped to the caller and the organization, hashed (a key is the client's free text). */
export function recordIdOf(callerId: string, organizationId: string, key: string): string {
  return `idem-${sha256(`${callerId}\n${organizationId}\n${key}`).slice(0, 48)}`;
}

/**
 * The id of a key's binding: one per caller and key, whatever route, query or organization carries it (docs/api.md,
 * "Idempotency keys": a key means one request of one caller). Stored in the `auth` container, created before the
 * handler runs, so another request with the key is refused (IDEMPOTENCY_KEY_REUSED) before it writes anything.
 */
export function bindingIdOf(callerId: string, key: string): string {
  return `idkey-${sha256(`binding\n${callerId}\n${key}`).slice(0, 48)}`;
}

/**
 * The id of the record a keyed create makes in a partition of its own (a new organization, a new Shared Event): a
 * UUID-shaped sha256 of caller, organization and key, so a retry with the key targets the same partition and the
 * same id, and a copy that loses fails on the winner's document instead of writing a second one
 * (docs/decisions/api-contract.md, "Which route takes which path"). Another caller or organization gets another id.
 */
export function newRecordIdOf(callerId: string, organizationId: string, key: string): string {
  const h = sha256(`new-record\n${callerId}\n${organizationId}\n${key}`);
  const variant = ((parseInt(h[16]!, 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** "The same request": method, path, query, body, and the organization the caller acts for (one key, one request). */
export function fingerprintOf(request: {
  method: string;
  path: string;
  query: Record<string, string>;
  organizationId: string;
  body: string;
}): string {
  const query = Object.keys(request.query)
    .sort()
    .map((name) => `${name}=${request.query[name]}`)
    .join('&');
  return sha256(`${request.method} ${request.path}?${query}\n${request.organizationId}\n${request.body}`);
}

/** Where a record is stored: an organization's partition, a Shared Event's, or (neither) the `auth` container. */
export type KeyPlace = { organizationId?: string; sharedEventId?: string };

export function runningRecord(
  id: string,
  place: KeyPlace,
  fingerprint: string,
  nowMs: number,
  state: 'running' | 'written' = 'running',
) {
  const record: IdempotencyRecord = {
    id,
    docType: 'idempotencyKey',
    ...(place.sharedEventId
      ? { sharedEventId: place.sharedEventId }
      : place.organizationId
        ? { organizationId: place.organizationId }
        : {}),
    fingerprint,
    state,
    leaseUntil: new Date(
      nowMs + (state === 'written' ? IDEMPOTENCY_ANSWER_WAIT_SECONDS : IDEMPOTENCY_LEASE_SECONDS) * 1000,
    ).toISOString(),
    createdAt: new Date(nowMs).toISOString(),
    expiresAt: new Date(nowMs + IDEMPOTENCY_KEY_LIFETIME_SECONDS * 1000).toISOString(),
    ttl: IDEMPOTENCY_KEY_LIFETIME_SECONDS,
  };
  return record;
}

/**
 * A record that no longer binds its key: expired (TTL is lazy, or absent on the embedded store), or abandoned while
 * `running`. A `written` record is never abandoned: its write committed, so only its expiry frees the key.
 */
export function isStale(record: IdempotencyRecord, nowMs: number): boolean {
  if (isExpired(record, nowMs)) return true;
  return record.state === 'running' && Date.parse(record.leaseUntil) <= nowMs;
}

/** Past its lifetime: the key is free again, for any request. */
export const isExpired = (record: IdempotencyRecord, nowMs: number) => Date.parse(record.expiresAt) <= nowMs;

/**
 * Answers that mean "try again" are not kept, so a retry with the same key runs again: contention and other
 * conflicts (409), rate limits (429), server-side failures (5xx).
 */
export const isKeptStatus = (status: number) => status < 500 && status !== 409 && status !== 429;
