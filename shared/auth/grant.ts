import type { PartnerGrant } from '../domain/delegations/partner-access';
import type { OrganizationGrant } from '../domain/organizations/access';
import type { SharedEventAccess } from '../domain/shared-events/access';

/**
 * What a resolved scope hands the handler: the documents the authorization read, so the handler never reads
 * them a second time. Each scope's own grant type lives with its area (the domain reads it, never this union).
 */
export type Grant = NoGrant | OrganizationGrant | SharedEventAccess | PartnerGrant;

/** Public, authenticated and super-admin routes: the principal is all there is. */
export interface NoGrant {
  kind: 'none';
}

export const NO_GRANT: NoGrant = { kind: 'none' };
