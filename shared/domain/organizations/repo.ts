import { containers } from '../../store/client';
import { readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';

export type OrganizationMode = 'full' | 'sellingPartner';

export interface OrganizationDoc {
  id: string;
  docType: 'organization';
  organizationId: string;
  name: string;
  description?: string;
  type?: string;
  logo?: string;
  /** Absent means `full`; `full` is never stored. */
  organizationMode?: 'sellingPartner';
  delegatedEventSales?: unknown[];
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  deletedAt?: string;
}

/** The organization document lives in its own partition under its own id. */
export async function getOrganization(organizationId: string): Promise<Stored<OrganizationDoc> | undefined> {
  const doc = await readItem<OrganizationDoc>(containers().orgs, organizationId, organizationId);
  return doc?.docType === 'organization' ? doc : undefined;
}

export const modeOf = (org: Pick<OrganizationDoc, 'organizationMode'>): OrganizationMode =>
  org.organizationMode === 'sellingPartner' ? 'sellingPartner' : 'full';

export function toOrganizationResponse(org: OrganizationDoc) {
  return {
    id: org.id,
    name: org.name,
    ...(org.description !== undefined ? { description: org.description } : {}),
    ...(org.type !== undefined ? { type: org.type } : {}),
    ...(org.logo !== undefined ? { logo: org.logo } : {}),
    // Full is the absence of the field (01-core §2), in answers as in storage; only `sellingPartner` is said.
    ...(modeOf(org) === 'sellingPartner' ? { organizationMode: 'sellingPartner' as const } : {}),
    delegatedEventSales: org.delegatedEventSales ?? [],
    createdBy: org.createdBy,
    createdAt: org.createdAt,
    updatedAt: org.updatedAt,
    updatedBy: org.updatedBy,
    ...(org.deletedAt ? { deletedAt: org.deletedAt } : {}),
  };
}

export async function saveOrganization(org: Stored<OrganizationDoc>): Promise<Stored<OrganizationDoc>> {
  return replaceItem(containers().orgs, org.id, org, org._etag);
}
