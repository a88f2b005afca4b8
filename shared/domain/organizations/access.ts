import type { Stored } from '../../store/outcomes';
import type { OrganizationDoc } from './model';

/** What the organization scope hands a handler: the organization it resolved, and the document when it read it. */
export interface OrganizationGrant {
  kind: 'organization';
  organizationId: string;
  /** Present when the scope read it: for a super admin, and on full-org routes. */
  organization?: Stored<OrganizationDoc>;
}
