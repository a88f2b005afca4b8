import type { Grant } from '../auth/grant';
import { newRecordIdOf } from '../domain/idempotency/model';
import { isDocumentId } from '../domain/vocabulary/document-id';
import { IDEMPOTENCY_HEADER, isValidKey, type KeyedRequest } from './idempotency';
import type { AnyRoute } from './route';

/**
 * Where an Idempotency-Key is scoped and where its record is stored, decided by the pipeline before the handler runs
 * (docs/decisions/api-contract.md, "Idempotency keys"; "Which route takes which path"): the record must lie in the
 * partition of the write it rides with, and the replay, the refused copy's read and the kept answer must all find it
 * there, so the place is known before any write.
 */

/**
 * The organization a keyed request acts for: the caller's own, else the one the path or `?organizationId` names (a
 * super admin acting for an organization). It is part of the request's fingerprint and of its ride-along record's
 * id; the key's binding (idempotency-bind.ts) is per caller and key only, so one key sent for two organizations
 * answers IDEMPOTENCY_KEY_REUSED to the second.
 */
export function keyOrganizationOf(
  route: AnyRoute,
  own: string | undefined,
  request: { params: Record<string, string>; query: Record<string, string> },
): string {
  if (own) return own;
  const fromPath = route.pathOrganizationParam ? request.params[route.pathOrganizationParam] : undefined;
  return fromPath ?? request.query.organizationId ?? '';
}

/**
 * The id a keyed create of a new partition gives its record (`keyRecordIn: 'newOrganization' | 'newSharedEvent'`):
 * derived from caller, organization and key, so every retry of the create writes to the same place. Undefined
 * without a key, or with one the key check refuses (400 before the handler).
 */
export function newRecordIdFor(
  route: AnyRoute,
  callerId: string,
  organizationId: string,
  headers: Record<string, string>,
): string | undefined {
  if (route.keyRecordIn !== 'newOrganization' && route.keyRecordIn !== 'newSharedEvent') return undefined;
  const key = headers[IDEMPOTENCY_HEADER];
  return key === undefined || !isValidKey(key) ? undefined : newRecordIdOf(callerId, organizationId, key);
}

type Place = Pick<KeyedRequest, 'recordPartition' | 'recordSharedEvent'>;

/**
 * Where a route declared `keyRecordIn` stores its record, or `claim` when no partition can take it with the write:
 * - `eventOwner`: the owner's partition, known from the partner scope (it read the owner's event and delegation);
 * - `sharedEvent`: the Shared Event the scope read, or, for the super admin's direct add (no Shared Event scope),
 *   the path's id when it is a well-formed document id (otherwise the handler answers 404 without writing: claim);
 * - `newOrganization` / `newSharedEvent`: the partition of the key-derived id (nothing without a key).
 * A route declared so under a scope that cannot say is a declaration error, refused before the handler runs.
 */
export function keyRecordPlaceOf(
  route: AnyRoute,
  grant: Grant,
  params: Record<string, string>,
  keyedId: string | undefined,
): Place | 'claim' {
  switch (route.keyRecordIn) {
    case undefined:
      return {};
    case 'eventOwner':
      if (grant.kind === 'partner') return { recordPartition: grant.ownerOrganizationId };
      throw new Error(`Route ${route.name} keeps its key record with the event owner, but its scope has none`);
    case 'sharedEvent': {
      if (grant.kind === 'sharedEvent') return { recordSharedEvent: grant.sharedEventId };
      const fromPath = params.sharedEventId;
      return fromPath && isDocumentId(fromPath) ? { recordSharedEvent: fromPath } : 'claim';
    }
    case 'newOrganization':
      return keyedId ? { recordPartition: keyedId } : {};
    case 'newSharedEvent':
      return keyedId ? { recordSharedEvent: keyedId } : {};
  }
}
