import { forbidden, notFound } from '../errors';
import { isLiveDelegation } from '../domain/delegations/model';
import { delegatedEventRef, getOwnerDelegation } from '../domain/delegations/repo';
import { getMembership } from '../domain/memberships/repo';
import { getOrganization } from '../domain/organizations/repo';
import type { PartnerGrant } from './grant';
import { isDocumentId } from './path-ids';
import type { Principal } from './principal';
import { roleAtLeast } from './roles';
import type { PartnerScope } from './scope';

/**
 * Three point reads: the caller's membership in the partner organization and the partner organization (in
 * parallel, both in the partner's partition; the organization's delegated-events index only locates the owner's
 * partition), then the owner's event, whose embedded delegation is the only authority: it is re-read on every
 * request, so a revoke takes effect at once. A delegation that is not active (invited, declined, revoked) is 403.
 */
export async function resolvePartnerScope(
  principal: Principal,
  scope: PartnerScope,
  partnerOrganizationId: string | undefined,
  eventId: string | undefined,
): Promise<{ principal: Principal; grant: PartnerGrant }> {
  if (!partnerOrganizationId || !isDocumentId(partnerOrganizationId)) throw notFound('Organization');
  if (!eventId || !isDocumentId(eventId)) throw notFound('Delegated event');
  const [membership, partnerOrganization] = await Promise.all([
    principal.isSuperAdmin ? undefined : getMembership(partnerOrganizationId, principal.userId),
    getOrganization(partnerOrganizationId),
  ]);
  if (!principal.isSuperAdmin) {
    if (membership?.organizationDeletedAt) throw notFound('Organization');
    if (!membership?.approved || !roleAtLeast(membership.role, scope.role)) throw forbidden();
  }
  if (!partnerOrganization || partnerOrganization.deletedAt) throw notFound('Organization');
  const ref = delegatedEventRef(partnerOrganization, eventId);
  if (!ref) throw notFound('Delegated event');
  const owned = await getOwnerDelegation(ref.ownerOrganizationId, eventId, partnerOrganizationId);
  if (!owned) throw notFound('Delegated event');
  if (!isLiveDelegation(owned.delegation)) throw forbidden('The sales delegation for this event is not active');
  const approved = membership?.approved ? membership : undefined;
  return {
    principal: {
      ...principal,
      organizationId: partnerOrganizationId,
      ...(approved ? { membership: approved, role: approved.role } : {}),
    },
    grant: {
      kind: 'partner',
      partnerOrganizationId,
      ...(approved ? { membership: approved } : {}),
      partnerOrganization,
      ownerOrganizationId: ref.ownerOrganizationId,
      event: owned.event,
      delegation: owned.delegation,
    },
  };
}
