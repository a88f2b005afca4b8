import { DomainError, notFound } from '../errors';
import { modeOf, type OrganizationDoc } from '../domain/organizations/model';
import { getOrganization } from '../domain/organizations/repo';
import type { Stored } from '../store/outcomes';

/**
 * "Full org" routes: a fresh, authoritative read of the organization on every request, before any other
 * read, body parse or write. A missing organization is 404; a failed read propagates (5xx) and is never
 * taken as permission. The answer is the same whether or not the route's target exists.
 */
export async function assertFullOrganization(organizationId: string): Promise<Stored<OrganizationDoc>> {
  const org = await getOrganization(organizationId);
  if (!org || org.deletedAt) throw notFound('Organization');
  assertFullMode(org);
  return org;
}

/** The mode half of the guard, for a caller that has just read the organization itself. */
export function assertFullMode(org: OrganizationDoc): void {
  if (modeOf(org) === 'sellingPartner') {
    throw new DomainError(
      'ORG_MODE_RESTRICTED',
      'This organization is a selling partner and cannot use this operation',
    );
  }
}
