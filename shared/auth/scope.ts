import type { Role } from '../domain/memberships/model';
import type { SharedEventCapability } from '../domain/shared-events/model';

/**
 * Where a route's authority comes from. The route declares it; the pipeline resolves it before the handler
 * runs and hands over the documents it loaded (see `Grant`). The HTTP layer imports these types, never the
 * other way round.
 */
export type Scope =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'superAdmin' }
  | OrganizationScope
  | SharedEventScope
  | PartnerScope;

/** An approved membership of at least `role` in the organization named by a path param or `?organizationId`. */
export interface OrganizationScope {
  kind: 'organization';
  role: Role;
  /** Path parameter holding the organization id; the `organizationId` query parameter when absent. */
  orgParam?: string;
  /** Refuse `sellingPartner` organizations with 403 ORG_MODE_RESTRICTED before anything else is read. */
  fullOrg?: boolean;
}

/**
 * A live participant (or, for `readers`, an invited one) of the Shared Event named by a path param, acting through an approved membership of at
 * least `role` in the `?organizationId` organization; with `capability`, the caller must also own the Shared
 * Event or hold a grant naming it.
 */
export interface SharedEventScope {
  kind: 'sharedEvent';
  sharedEventParam: string;
  role: Role;
  capability?: SharedEventCapability;
  /**
   * A read that an invited organization may make too (it gets the bounded view): live and invited participants
   * pass; an organization that declined, left or was removed, or was never on the roster, gets 404 like an
   * unknown id. A super admin passes with or without an organization.
   */
  readers?: 'liveOrInvited';
}

/**
 * A member (at least `role`) of the partner organization named by a path param, selling for the owner's event
 * named by `eventParam` under the owner's live (active) delegation.
 */
export interface PartnerScope {
  kind: 'partner';
  partnerParam: string;
  eventParam: string;
  role: Role;
}

export const publicScope = (): Scope => ({ kind: 'public' });
export const authenticatedScope = (): Scope => ({ kind: 'authenticated' });
export const superAdminScope = (): Scope => ({ kind: 'superAdmin' });
export const organizationScope = (options: Omit<OrganizationScope, 'kind'>): OrganizationScope => ({
  kind: 'organization',
  ...options,
});
export const sharedEventScope = (options: Omit<SharedEventScope, 'kind'>): SharedEventScope => ({
  kind: 'sharedEvent',
  ...options,
});
export const partnerScope = (options: Omit<PartnerScope, 'kind'>): PartnerScope => ({ kind: 'partner', ...options });

/**
 * The short form routes declare with: none, any signed-in user, an organization role (resolved in the scoped
 * organization), or super admin. `scopeOfLevel` turns it into a Scope.
 */
export type AuthLevel = 'public' | 'authenticated' | 'member' | 'ticketManager' | 'treasurer' | 'admin' | 'superAdmin';

export function scopeOfLevel(level: AuthLevel, orgParam?: string, fullOrg?: boolean): Scope {
  if (level === 'public' || level === 'authenticated' || level === 'superAdmin') return { kind: level };
  return organizationScope({ role: level, ...(orgParam ? { orgParam } : {}), ...(fullOrg ? { fullOrg } : {}) });
}

/** The level a scope reads as in the OpenAPI description (the minimum role for role-based scopes). */
export function levelOfScope(scope: Scope): AuthLevel {
  return scope.kind === 'organization' || scope.kind === 'sharedEvent' || scope.kind === 'partner'
    ? scope.role
    : scope.kind;
}

/** Organization-id-scoped routes whose organization comes from the query string: the pipeline adds the param. */
export const takesOrganizationQuery = (scope: Scope): boolean =>
  (scope.kind === 'organization' && !scope.orgParam) || scope.kind === 'sharedEvent';
