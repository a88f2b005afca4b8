import { notFound } from '../errors';
import { getOrganization } from '../domain/organizations/repo';
import { callerStanding, requireStanding } from '../domain/users/caller-standing';
import { assertFullMode, assertFullOrganization } from './full-org-guard';
import type { OrganizationGrant } from '../domain/organizations/access';
import { requireOrganizationIdParam } from '../domain/vocabulary/document-id';
import type { Principal } from '../domain/users/principal';
import type { OrganizationScope } from './scope';

/**
 * No read after authentication when the user's role map grants the role (the common case); else one point
 * read: the caller's membership, or for a super admin the organization itself
 * (a super admin's authority is not a membership, and the organization tells whether it was soft-deleted; same
 * number of reads). A soft-deleted organization is 404 to everyone who knew it: its former members (their
 * memberships carry `organizationDeletedAt`) and super admins. A caller who was never a member gets 403
 * whether or not the organization exists. Full-org routes add the fresh organization read of the guard
 * (already done for a super admin).
 */
export async function resolveOrganizationScope(
  principal: Principal,
  scope: OrganizationScope,
  rawOrganizationId: string | undefined,
): Promise<{ principal: Principal; grant: OrganizationGrant }> {
  const organizationId = requireOrganizationIdParam(rawOrganizationId);
  if (principal.isSuperAdmin) {
    const organization = await getOrganization(organizationId);
    if (!organization || organization.deletedAt) throw notFound('Organization');
    if (scope.fullOrg) assertFullMode(organization);
    return {
      principal: { ...principal, organizationId },
      grant: { kind: 'organization', organizationId, organization },
    };
  }
  // The role map read with the user decides alone when it grants; otherwise the membership decides.
  const standing = requireStanding(await callerStanding(principal, organizationId, scope.role));
  // The capability check comes from a fresh read of the organization before any body is read.
  const organization = scope.fullOrg ? await assertFullOrganization(organizationId) : undefined;
  return {
    principal: { ...principal, organizationId, role: standing.role },
    grant: { kind: 'organization', organizationId, ...(organization ? { organization } : {}) },
  };
}
