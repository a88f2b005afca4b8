import { createHmac, hkdfSync } from 'node:crypto';
import { config } from '../config';
import type { Grant } from '../auth/grant';
import type { Principal } from '../domain/users/principal';
import type { AnyRoute } from './route';

/**
 * Other tenants' user ids in Shared Event views (issue 22, docs/decisions/shared-event-grants.md): a participant's
 * members see who acted (owners, grants and their issuer, channel assignments, audit actors, invitation links) by
 * organization, and the people of another organization by a pseudonym, stable within one Shared Event
 * (`user-` and 24 hex characters of a keyed HMAC over the Shared Event id and the user id, see `pseudonymOf`), never by their raw user id,
 * which names them across the service. The viewer's own organization and super admins see raw ids. Applied by the
 * pipeline to every `shared-events/{sharedEventId}…` route but the participant-users list (whose purpose is to name
 * an organization's users to an owner granting them).
 */
const USER_FIELDS: Record<string, string | undefined> = {
  userId: 'organizationId',
  actorUserId: 'actorOrganizationId',
  createdBy: 'createdByOrganizationId',
  usedBy: 'usedByOrganizationId',
  targetUserId: undefined,
  issuedBy: undefined,
  assignedBy: undefined,
  revokedBy: undefined,
  retiredBy: undefined,
};

/** Actors that are no person (the heal pass, a cancellation finished by the timer): shown as they are. */
const SYSTEM_ACTORS = new Set(['system']);

const EXEMPT = /^shared-events\/\{sharedEventId\}\/participants\/\{orgId\}\/users$/;

export function masksForeignUsers(route: AnyRoute): boolean {
  return route.route.startsWith('shared-events/{sharedEventId}') && !EXEMPT.test(route.route);
}

/**
 * `user-` and 24 hex characters of an HMAC-SHA256 over the Shared Event id and the user id. Keyed, because an unkeyed
 * hash of public inputs links: anyone who learns raw user ids (the exempt participant-users list names them) could
 * hash each candidate and recognise the person behind a pseudonym. The key is derived from the JWT secret with
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

interface Context {
  sharedEventId: string;
  viewerOrganizationId: string;
  /** Users whose organization is known (owners and grant holders of the Shared Event). */
  organizationOf: Map<string, string>;
}

/** The response data with another organization's user ids pseudonymized for this viewer (a copy; undefined kept). */
export function maskForeignUsers(
  data: unknown,
  options: { principal: Principal; grant: Grant; sharedEventId: string; queryOrganizationId?: string },
): unknown {
  if (options.principal.isSuperAdmin || data === undefined) return data;
  const viewerOrganizationId =
    options.grant.kind === 'sharedEvent' ? options.grant.organizationId : options.queryOrganizationId;
  if (!viewerOrganizationId) return data;
  const organizationOf = new Map<string, string>();
  const known = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const x of list as { userId?: unknown; organizationId?: unknown }[]) {
      if (typeof x?.userId === 'string' && typeof x.organizationId === 'string')
        organizationOf.set(x.userId, x.organizationId);
    }
  };
  if (options.grant.kind === 'sharedEvent') {
    known(options.grant.sharedEvent.owners);
    known(options.grant.sharedEvent.grants);
  }
  const top = data as { owners?: unknown; grants?: unknown };
  known(top?.owners);
  known(top?.grants);
  return mask(data, { sharedEventId: options.sharedEventId, viewerOrganizationId, organizationOf });
}

function mask(value: unknown, ctx: Context): unknown {
  if (Array.isArray(value)) return value.map((v) => mask(v, ctx));
  if (!value || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(source)) {
    if (key in USER_FIELDS && typeof v === 'string' && !SYSTEM_ACTORS.has(v)) {
      const sibling = USER_FIELDS[key];
      const organization = (sibling ? source[sibling] : undefined) ?? ctx.organizationOf.get(v);
      out[key] = organization === ctx.viewerOrganizationId ? v : pseudonymOf(ctx.sharedEventId, v);
    } else {
      out[key] = mask(v, ctx);
    }
  }
  return out;
}
