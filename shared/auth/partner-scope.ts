import { forbidden, notFound } from '../errors';
import { isLiveDelegation } from '../domain/events/sales-delegations/model';
import { delegatedEventRef, getOwnerDelegation } from '../domain/delegations/repo';
import { getOrganization } from '../domain/organizations/repo';
import { callerStanding, requireStanding } from '../domain/users/caller-standing';
import type { PartnerGrant } from '../domain/delegations/partner-access';
import { isDocumentId } from '../domain/vocabulary/document-id';
import type { Principal } from '../domain/users/principal';
import type { PartnerScope } from './scope';

/**
 * Two point reads: the partner organization (its delegated-events index only locates the owner's partition),
 * beside it the caller's standing in the partner (the role map read with the user when it grants, else one more
 * read: the membership, which decides), then the owner's event, whose embedded delegation is the only authority:
 * it is re-read on every request, so a revoke takes effect at once. A delegation that is not active (invited, declined, revoked) is 403.
 */
export async function resolvePartnerScope(
  principal: Principal,
  scope: PartnerScope,
  partnerOrganizationId: string | undefined,
  eventId: string | undefined,
): Promise<{ principal: Principal; grant: PartnerGrant }> {
  if (!partnerOrganizationId || !isDocumentId(partnerOrganizationId)) throw notFound('Organization');
  if (!eventId || !isDocumentId(eventId)) throw notFound('Delegated event');
  const [standing, partnerOrganization] = await Promise.all([
    principal.isSuperAdmin ? undefined : callerStanding(principal, partnerOrganizationId, scope.role),
    getOrganization(partnerOrganizationId),
  ]);
  const granted = standing ? requireStanding(standing) : undefined;
  if (!partnerOrganization || partnerOrganization.deletedAt) throw notFound('Organization');
  const ref = delegatedEventRef(partnerOrganization, eventId);
  if (!ref) throw notFound('Delegated event');
  const owned = await getOwnerDelegation(ref.ownerOrganizationId, eventId, partnerOrganizationId);
  if (!owned) throw notFound('Delegated event');
  if (!isLiveDelegation(owned.delegation)) throw forbidden('The sales delegation for this event is not active');
  return {
    principal: {
      ...principal,
      organizationId: partnerOrganizationId,
      ...(granted ? { role: granted.role } : {}),
    },
    grant: {
      kind: 'partner',
      partnerOrganizationId,
      partnerOrganization,
      ownerOrganizationId: ref.ownerOrganizationId,
      event: owned.event,
      delegation: owned.delegation,
    },
  };
}
