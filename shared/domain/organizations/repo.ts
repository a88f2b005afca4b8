import { containers } from '../../store/client';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import { acrossPartitions, inPartition } from '../../store/query';
import type { OrganizationDoc } from './model';
import type { KeyCarrying } from '../../store/write-token';

/** Every store call on organization documents, and the reads the mode change needs from other documents. */

/** The organization document lives in its own partition under its own id. */
export async function getOrganization(organizationId: string): Promise<Stored<OrganizationDoc> | undefined> {
  const doc = await readItem<OrganizationDoc>(containers().orgs, organizationId, organizationId);
  return doc?.docType === 'organization' ? doc : undefined;
}

/** `carriesKey`: the organization create is its route's decisive write (a keyed create's record rides along). */
export const createOrganizationDoc = (doc: OrganizationDoc, options?: KeyCarrying) =>
  createItem(containers().orgs, doc, options);

export async function saveOrganization(org: Stored<OrganizationDoc>): Promise<Stored<OrganizationDoc>> {
  return replaceItem(containers().orgs, org.id, org, org._etag);
}

/** Super-admin listing: one page over every organization by name, a deliberate cross-partition query. */
export function organizationsPageAcrossPartitions(includeDeleted: boolean, limit: number, continuationToken?: string) {
  return acrossPartitions('orgs')
    .where("c.docType = 'organization'")
    .whereIf(!includeDeleted, 'NOT IS_DEFINED(c.deletedAt)')
    .orderBy('c.name')
    .page<OrganizationDoc>(limit, continuationToken);
}

/** The named organizations, each in its own partition: one deliberate cross-partition query (the caller's own). */
export function organizationsByIdsAcrossPartitions(ids: string[]) {
  return acrossPartitions('orgs')
    .where("c.docType = 'organization' AND ARRAY_CONTAINS(@ids, c.id)", { '@ids': ids })
    .all<OrganizationDoc>();
}

/** The delegations of every owned event (soft-deleted included): what blocks a downgrade to selling partner. */
export function eventDelegationsOf(organizationId: string) {
  return inPartition('orgs', organizationId)
    .select('c.salesDelegations')
    .where("c.docType = 'event'")
    .all<{ salesDelegations?: { status?: string }[] }>();
}

/**
 * The organization's live Shared Event participations. The sharedEvents container is partitioned by Shared
 * Event, so finding one organization's participations is a deliberate cross-partition query.
 */
export function liveParticipationsAcrossSharedEvents(organizationId: string) {
  return acrossPartitions('sharedEvents')
    .select('c.id')
    .where("c.docType = 'sharedEventParticipant' AND c.organizationId = @org", { '@org': organizationId })
    .where("c.status IN ('invited', 'accepted', 'active')")
    .all<{ id: string }>();
}

/**
 * Organization search for the Shared Event and delegated-sales pickers (Super Admin): organizations live one per
 * partition, so a name search is a deliberate cross-partition query. Live organizations only, case-insensitive
 * "name contains", by name, at most `limit` (`TOP`); with `excludeSellingPartners` the selling partners are left
 * out. Only id and name are read.
 */
export function organizationSearchAcrossPartitions(search: string, excludeSellingPartners: boolean, limit: number) {
  return acrossPartitions('orgs')
    .select(`TOP ${Math.trunc(limit)} c.id, c.name`)
    .where("c.docType = 'organization' AND NOT IS_DEFINED(c.deletedAt)")
    .where('CONTAINS(LOWER(c.name), @q)', { '@q': search.toLowerCase() })
    .whereIf(excludeSellingPartners, "NOT (IS_DEFINED(c.organizationMode) AND c.organizationMode = 'sellingPartner')")
    .orderBy('c.name')
    .all<{ id: string; name: string }>();
}
