import { createHmac, hkdfSync } from 'node:crypto';
import { config } from '../../config';
import type { Principal } from '../users/principal';
import type { SharedEventAccess } from './access';

/**
 * Other organizations' people in Shared Event answers (issue 22, docs/decisions/shared-event-grants.md): a
 * participant's members see who acted by organization, and another organization's person by a pseudonym stable
 * within one Shared Event, never by the raw user id (which names them across the service). The viewer's own
 * organization and super admins see raw ids.
 *
 * Every Shared Event mapper that puts a user id into an answer takes a `People` and passes each id through it, so the
 * masking happens where the answer is built and a field a mapper does not pass through cannot be added unnoticed
 * (the mappers list their fields; tests/api/shared-event-foreign-users.test.ts reads every answer).
 */
export type People = (userId: string, organizationId?: string) => string;

/** Everyone as they are: super admins, and writes whose only people are the caller's own organization. */
export const rawPeople: People = (userId) => userId;

/** Actors that are no person (the heal pass, a cancellation finished by the timer): shown as they are. */
const SYSTEM_ACTORS = new Set(['system']);

interface Known {
  userId: string;
  organizationId: string;
}

/**
 * The people lens for one viewer. A user's organization is the one named beside the id, else the one the Shared
 * Event's owners and grants give; a user not known there (a super admin, a former owner) counts as another
 * organization's. A caller with no organization (only a super admin can be one) sees raw ids.
 */
export function peopleFor(
  principal: Principal,
  sharedEventId: string,
  viewerOrganizationId: string | undefined,
  known: Iterable<Known> = [],
): People {
  if (principal.isSuperAdmin) return rawPeople;
  const organizationOf = new Map<string, string>();
  for (const k of known) organizationOf.set(k.userId, k.organizationId);
  return (userId, organizationId) => {
    if (SYSTEM_ACTORS.has(userId)) return userId;
    const organization = organizationId ?? organizationOf.get(userId);
    return viewerOrganizationId !== undefined && organization === viewerOrganizationId
      ? userId
      : pseudonymOf(sharedEventId, userId);
  };
}

/** The lens of the caller the Shared Event scope admitted; `also` adds the owners and grants of a head just saved. */
export function peopleOfAccess(
  principal: Principal,
  access: SharedEventAccess,
  also?: { owners: readonly Known[]; grants: readonly Known[] },
): People {
  const head = access.sharedEvent;
  return peopleFor(principal, access.sharedEventId, access.organizationId, [
    ...head.owners,
    ...head.grants,
    ...(also?.owners ?? []),
    ...(also?.grants ?? []),
  ]);
}

/**
 * `user-` and 24 hex characters of an HMAC-SHA256 over the Shared Event id and the user id. Keyed, because an unkeyed
 * hash of public inputs links: anyone who learns raw user ids (the participant-users list names them) could hash
 * each candidate and recognise the person behind a pseudonym. The key is derived from the JWT secret with
 * HKDF-SHA256 under its own label (as for continuation tokens): server-side only, the same on every instance and
 * across requests; rotating the JWT secret changes every pseudonym (docs/decisions/platform.md).
 */
export const pseudonymOf = (sharedEventId: string, userId: string) =>
  `user-${createHmac('sha256', pseudonymKey()).update(`${sharedEventId}|${userId}`).digest('hex').slice(0, 24)}`;

/** Derived keys by secret (a Map lookup, not a comparison of secrets): the secret changes only at a rotation. */
const derivedKeys = new Map<string, Buffer>();
function pseudonymKey(): Buffer {
  const secret = config().jwtSecret;
  let key = derivedKeys.get(secret);
  if (!key) {
    if (derivedKeys.size >= 4) derivedKeys.clear();
    key = Buffer.from(hkdfSync('sha256', secret, '', 'foreign-user-pseudonym', 32));
    derivedKeys.set(secret, key);
  }
  return key;
}
