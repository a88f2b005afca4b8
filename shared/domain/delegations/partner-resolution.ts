import { badRequest, forbidden, notFound } from '../../errors';
import type { Principal } from '../users/principal';
import type { Stored } from '../../store/outcomes';
import { listMembershipsOfUserAcrossOrganizations } from '../memberships/repo';
import type { OrganizationDoc } from '../organizations/model';
import { getOrganization, organizationsByIdsAcrossPartitions } from '../organizations/repo';
import { findUserByEmail } from '../users/repo';
import { partnerNotFound } from './not-found';
import { adminOrganizationIds, soleEligibleOrganization, type InvitationTarget } from './rules';

/**
 * The partner organization an invite names. By e-mail (any Owner Admin+): the user behind the address, not
 * soft-deleted, must be an approved admin of exactly one organization that exists, is not soft-deleted and is
 * not the caller's own; every other outcome is the same jittered 404. By id: Super Admin only (403 for anyone
 * else, before the id is looked at); the own organization is a 400; an unknown or deleted one a plain 404.
 * Four store calls at most: the e-mail index, the user, the user's memberships, their organizations.
 */
export async function resolvePartner(
  principal: Principal,
  ownOrganizationId: string,
  target: InvitationTarget,
): Promise<Stored<OrganizationDoc>> {
  if (target.kind === 'organization') {
    assertMayNameOrganization(principal, ownOrganizationId, target.organizationId);
    const org = await getOrganization(target.organizationId);
    if (!org || org.deletedAt) throw notFound('Organization');
    return org;
  }
  const user = await findUserByEmail(target.email);
  if (!user || user.deletedAt) return partnerNotFound();
  const candidateIds = adminOrganizationIds(await listMembershipsOfUserAcrossOrganizations(user.id), ownOrganizationId);
  if (candidateIds.length === 0) return partnerNotFound();
  const organizations = await organizationsByIdsAcrossPartitions(candidateIds);
  const org = soleEligibleOrganization(candidateIds, organizations, ownOrganizationId);
  return org ? (org as Stored<OrganizationDoc>) : partnerNotFound();
}

/** The checks on `partnerOrganizationId` that need no read: who may send it, and never the own organization. */
export function assertMayNameOrganization(principal: Principal, ownOrganizationId: string, partnerId: string) {
  if (!principal.isSuperAdmin) throw forbidden('Only a super admin may name the partner organization by id');
  if (partnerId === ownOrganizationId) {
    throw badRequest('An organization cannot delegate sales to itself', [
      { path: '/partnerOrganizationId', message: 'is the own organization' },
    ]);
  }
}
