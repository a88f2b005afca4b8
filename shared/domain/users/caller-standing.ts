import { forbidden, notFound } from '../../errors';
import type { MembershipDoc, Role } from '../memberships/model';
import { getMembership } from '../memberships/repo';
import { entryGrants, entryOfMembership } from './role-map';
import { healOrganizationRole } from './repo';
import type { Stored } from '../../store/outcomes';
import type { Principal } from './principal';
import { roleAtLeast } from '../memberships/roles';

/**
 * The caller's own standing in an organization, as every scope and domain check that acts for the caller's
 * organization decides it (organization, Shared Event and partner scopes, the Shared Event reads, accepting an
 * invitation or a delegation): one rule, so the role map cannot grant on one route what it refuses on another.
 */
export type Standing = GrantedStanding | { kind: 'deleted' } | { kind: 'refused' };

export interface GrantedStanding {
  kind: 'granted';
  role: Role;
}

/**
 * What the membership document says, the truth whenever the map does not grant: a soft-deleted organization is
 * 'deleted' to its former members (404), a missing, unapproved or too low membership is 'refused' (403).
 */
export function standingOfMembership(membership: Stored<MembershipDoc> | undefined, role: Role): Standing {
  if (membership?.organizationDeletedAt) return { kind: 'deleted' };
  if (!membership?.approved || !roleAtLeast(membership.role, role)) return { kind: 'refused' };
  return { kind: 'granted', role: membership.role };
}

/**
 * No read when the role map on the user (read by authentication) grants `role`; else one point read of the
 * caller's membership, which decides (role-map.ts: the map only ever grants less). A user from before the map
 * gets its entry healed under the user's ETag; a denying entry is never raised by a reader. Never throws for a
 * refusal, so a caller may run it beside its other reads and keep its own order of checks.
 */
export async function callerStanding(principal: Principal, organizationId: string, role: Role): Promise<Standing> {
  const mapped = principal.user?.organizationRoles?.[organizationId];
  if (entryGrants(mapped, role)) return { kind: 'granted', role: mapped!.role };
  const membership = await getMembership(organizationId, principal.userId);
  if (membership && !mapped && principal.user) {
    await healOrganizationRole(principal.user, organizationId, entryOfMembership(membership));
  }
  return standingOfMembership(membership, role);
}

/** A refusal as the routes answer it: 404 Organization when it was soft-deleted, else 403. */
export function requireStanding(standing: Standing): GrantedStanding {
  if (standing.kind === 'deleted') throw notFound('Organization');
  if (standing.kind === 'refused') throw forbidden();
  return standing;
}
