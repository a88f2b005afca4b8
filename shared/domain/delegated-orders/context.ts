import type { PartnerGrant } from '../delegations/partner-access';
import type { Principal } from '../users/principal';
import { isAtLeast } from '../orders/access';
import type { DelegatedContext, PersonStamp } from './model';

/**
 * What the partner scope resolved (the owner's event and LIVE delegation, re-read on this request), in the form
 * the partner use cases need. The scope already refused a delegation that is not active.
 */
export const contextOf = (grant: PartnerGrant): DelegatedContext => ({
  ownerOrganizationId: grant.ownerOrganizationId,
  eventId: grant.event.id,
  partnerOrganizationId: grant.partnerOrganizationId,
  partnerOrganizationName: grant.partnerOrganization.name,
  delegationId: grant.delegation.id,
});

/** The partner's Ticket Manager+ (or a super admin): approves, delivers, and acts for members on their orders. */
export const isPartnerManager = (principal: Principal) => isAtLeast(principal, 'ticketManager');

export const stampOf = (principal: Principal): PersonStamp => ({
  id: principal.userId,
  name: principal.user?.name ?? '',
  email: principal.user?.email ?? '',
});
