import { containers } from '../../../shared/store/client';
import { createItem } from '../../../shared/store/operations';

/** Probe documents for the request pipeline's own test routes. */

/** `count` documents of docType 'probe' numbered 0.., in a partition of their own. */
export async function seedProbeDocuments(orgId: string, count: number, options: { withOrganization?: boolean } = {}) {
  // A bare organization document, so a super admin's organization scope finds the organization it reads.
  if (options.withOrganization)
    await createItem(containers().orgs, { id: orgId, organizationId: orgId, docType: 'organization' });
  for (let n = 0; n < count; n += 1) {
    await createItem(containers().orgs, { id: `probe-${n}`, organizationId: orgId, docType: 'probe', n });
  }
}
