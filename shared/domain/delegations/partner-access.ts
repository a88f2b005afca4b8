import type { Stored } from '../../store/outcomes';
import type { EventDoc } from '../events/model';
import type { OrganizationDoc } from '../organizations/model';
import type { SalesDelegation } from '../events/sales-delegations/model';

/**
 * What the partner scope hands a handler: the partner organization, and the owner's event with the live
 * delegation it embeds, as read for the authorization (from the owner's partition, on every write).
 */
export interface PartnerGrant {
  kind: 'partner';
  partnerOrganizationId: string;
  partnerOrganization: Stored<OrganizationDoc>;
  ownerOrganizationId: string;
  /** The owner's event, as read for the delegation (the delegation lives embedded in it). */
  event: Stored<EventDoc>;
  delegation: SalesDelegation;
}
