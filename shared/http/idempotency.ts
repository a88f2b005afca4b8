import {
  bindingIdOf,
  fingerprintOf,
  IDEMPOTENCY_BINDING_LEASE_SECONDS,
  type KeyPlace,
  recordIdOf,
  runningRecord,
} from '../domain/idempotency/model';
import { badRequest } from '../errors';
import { runBound } from './idempotency-bind';
import { runClaimed } from './idempotency-claim';
import { runRidingAlong } from './idempotency-ride';
import type { Reply } from './reply';

/**
 * Idempotency keys on creates (docs/api.md, "Idempotency keys"; the semantics pretix documents for its API). The
 * pipeline calls `runIdempotently` around the handler of a route declared `idempotent`, once the caller is known
 * and the request is valid. No call without a key. With one, a route declared `idempotent: true` lets the key
 * record ride along in the batch of its decisive create (idempotency-ride.ts: one extra call, the answer's
 * replace); a route declared `'claim'` claims the key before the handler (idempotency-claim.ts: two extra calls).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export { REPLAYED_HEADER } from './idempotency-answers';
const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;
export const isValidKey = (key: string) => KEY_PATTERN.test(key);

export type KeyMode = 'ride' | 'claim';

export interface KeyedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  rawBody: string;
  callerId: string;
  organizationId: string;
  /**
   * The organization whose partition stores the record, when it is not `organizationId`: the partition the
   * ride-along write goes to (a delegated create: the event owner's; a keyed organization create: the new one's,
   * whose id the key derives). The record id keeps hashing `organizationId`. Decided in idempotency-place.ts.
   */
  recordPartition?: string;
  /**
   * The Shared Event whose partition stores the record (`keyRecordIn: 'sharedEvent'`: the create writes there; a
   * keyed Shared Event create: the new one's). The record id keeps hashing `organizationId`.
   */
  recordSharedEvent?: string;
}

export async function runIdempotently(
  request: KeyedRequest,
  run: () => Promise<Reply>,
  mode: KeyMode = 'claim',
): Promise<Reply> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return run();
  if (!isValidKey(key)) {
    throw badRequest('The Idempotency-Key header is invalid', [
      { path: '/headers/Idempotency-Key', message: 'must be 1 to 128 visible ASCII characters' },
    ]);
  }
  const fingerprint = fingerprintOf({ ...request, body: request.rawBody });
  const now = Date.now();
  // One record per caller and key, whatever route, query or organization carries it (idempotency-bind.ts): a
  // claim-first request claims it; a ride-along request binds it before its handler and keeps its record with its
  // write.
  const bindingId = bindingIdOf(request.callerId, key);
  const id = recordIdOf(request.callerId, request.organizationId, key);
  const organizationId = request.recordPartition ?? request.organizationId;
  const place: KeyPlace = request.recordSharedEvent ? { sharedEventId: request.recordSharedEvent } : { organizationId };
  // Only an organization's or a Shared Event's partition can take the record with the write; a caller keyed to
  // neither claims.
  if (mode === 'claim' || (!place.sharedEventId && !place.organizationId)) {
    return runClaimed(runningRecord(bindingId, {}, fingerprint, now), run);
  }
  const record = runningRecord(id, place, fingerprint, now, 'written');
  const binding = {
    ...runningRecord(bindingId, {}, fingerprint, now),
    leaseUntil: new Date(now + IDEMPOTENCY_BINDING_LEASE_SECONDS * 1000).toISOString(),
  };
  return runBound(binding, record, () => runRidingAlong(record, run));
}
