import type { EventDoc } from '../domain/events/model';
import type { Role } from '../domain/memberships/model';
import type { OrganizationDoc } from '../domain/organizations/model';
import type { SalesDelegation } from '../domain/delegations/model';
import type {
  SharedEventCapability,
  SharedEventDoc,
  SharedEventGrant,
  SharedEventOwner,
  SharedEventParticipantDoc,
} from '../domain/shared-events/model';
import type { Stored } from '../store/outcomes';

/**
 * What a resolved scope hands the handler: the documents the authorization read, so the handler never reads
 * them a second time.
 */
export type Grant = NoGrant | OrganizationGrant | SharedEventAccess | PartnerGrant;

/** Public, authenticated and super-admin routes: the principal is all there is. */
export interface NoGrant {
  kind: 'none';
}

export interface OrganizationGrant {
  kind: 'organization';
  organizationId: string;
  /** Present when the scope read it: for a super admin, and on full-org routes. */
  organization?: Stored<OrganizationDoc>;
}

export interface SharedEventAccess {
  kind: 'sharedEvent';
  sharedEventId: string;
  /** The organization the caller acts for (absent for a super admin who named none). */
  organizationId?: string;
  /** The caller's role in the acting organization (absent for a super admin acting by that right). */
  role?: Role;
  sharedEvent: Stored<SharedEventDoc>;
  /** The acting organization's roster entry (absent for a super admin outside the roster). */
  participant?: Stored<SharedEventParticipantDoc>;
  /** Owners and grants of the acting organization only. */
  owners: SharedEventOwner[];
  grants: SharedEventGrant[];
  /** What the caller may do: every capability for an owner or a super admin, else the union of their grants. */
  capabilities: SharedEventCapability[];
}

export interface PartnerGrant {
  kind: 'partner';
  partnerOrganizationId: string;
  partnerOrganization: Stored<OrganizationDoc>;
  ownerOrganizationId: string;
  /** The owner's event, as read for the delegation (the delegation lives embedded in it). */
  event: Stored<EventDoc>;
  delegation: SalesDelegation;
}

export const NO_GRANT: NoGrant = { kind: 'none' };
