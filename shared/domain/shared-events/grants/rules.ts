import { createHash } from 'node:crypto';
import { SHARED_EVENT_CAPABILITIES, type SharedEventCapability, type SharedEventGrant } from '../model';

/**
 * Pure rules of named capability grants (docs/shared-events.md SharedEventGrant, rule 4). A grant belongs to one user acting for
 * one organization: (userId, organizationId) is its key on the Shared Event's `grants[]`.
 */

/** The capabilities in the one order the service stores and returns them (the order of docs/shared-events.md). */
export function canonicalCapabilities(capabilities: readonly SharedEventCapability[]): SharedEventCapability[] {
  const wanted = new Set(capabilities);
  return SHARED_EVENT_CAPABILITIES.filter((c) => wanted.has(c));
}

/** The capabilities a grantor asks to hand out but does not hold: a grant never widens its issuer's reach. */
export function capabilitiesBeyond(
  held: readonly SharedEventCapability[],
  requested: readonly SharedEventCapability[],
): SharedEventCapability[] {
  const own = new Set(held);
  return canonicalCapabilities(requested).filter((c) => !own.has(c));
}

export const isGrantOf = (grant: Pick<SharedEventGrant, 'userId' | 'organizationId'>, userId: string, orgId: string) =>
  grant.userId === userId && grant.organizationId === orgId;

export interface GrantRequest {
  userId: string;
  organizationId: string;
  capabilities: SharedEventCapability[];
  roleTemplate?: string;
}

export type GrantOutcome = 'unchanged' | 'issued' | 'updated';

/**
 * What a PUT does to the grant list: nothing when the same capability set and role template are already granted
 * (idempotent: no write, no audit), else issue a new grant or update the existing one.
 */
export function grantOutcome(existing: SharedEventGrant | undefined, request: GrantRequest): GrantOutcome {
  if (!existing) return 'issued';
  const same =
    canonicalCapabilities(existing.capabilities).join(',') === canonicalCapabilities(request.capabilities).join(',') &&
    existing.roleTemplate === request.roleTemplate;
  return same ? 'unchanged' : 'updated';
}

/** The grant as stored after an issue or update: every version is re-issued by its grantor at `now`. */
export function issuedGrant(request: GrantRequest, issuedBy: string, now: string): SharedEventGrant {
  return {
    userId: request.userId,
    organizationId: request.organizationId,
    capabilities: canonicalCapabilities(request.capabilities),
    ...(request.roleTemplate !== undefined ? { roleTemplate: request.roleTemplate } : {}),
    issuedAt: now,
    issuedBy,
  };
}

/** The grant list with `grant` in place of the user's previous grant in that organization (or appended). */
export function withGrant(grants: readonly SharedEventGrant[], grant: SharedEventGrant): SharedEventGrant[] {
  const at = grants.findIndex((g) => isGrantOf(g, grant.userId, grant.organizationId));
  if (at < 0) return [...grants, grant];
  return grants.map((g, i) => (i === at ? grant : g));
}

export function withoutGrant(grants: readonly SharedEventGrant[], userId: string, orgId: string): SharedEventGrant[] {
  return grants.filter((g) => !isGrantOf(g, userId, orgId));
}

/**
 * The audit operation of one grant change: the grantee, the version it replaces (its issuedAt, or none) and the version it
 * writes. Each stored version of a grant is a distinct operation, so an entry is never recorded twice for one
 * change and never collides with another change of the same grant.
 */
export function grantAuditOperation(
  userId: string,
  previous: Pick<SharedEventGrant, 'issuedAt'> | undefined,
  next: Pick<SharedEventGrant, 'issuedAt' | 'capabilities' | 'roleTemplate'> | undefined,
): string {
  const parts = [
    userId,
    previous?.issuedAt ?? 'none',
    next ? `${next.issuedAt}|${next.capabilities.join(',')}|${next.roleTemplate ?? ''}` : 'revoked',
  ];
  return createHash('sha256').update(parts.join('#')).digest('hex').slice(0, 32);
}
