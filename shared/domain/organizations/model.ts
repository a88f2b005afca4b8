import type { StoredOrganizationSettings } from '../organization-settings/model';

/** `full` is never stored: an organization without `organizationMode` is a full organization. */
export const ORGANIZATION_MODES = ['full', 'sellingPartner'] as const;
export type OrganizationMode = (typeof ORGANIZATION_MODES)[number];

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
  /** Currency, time zone, language, reminders, payee (organization-settings/model.ts); absent = every default. */
  settings?: StoredOrganizationSettings;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  deletedAt?: string;
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
    // Full is the absence of the field (docs/decisions/organizations.md), in answers as in storage; only `sellingPartner` is said.
    ...(modeOf(org) === 'sellingPartner' ? { organizationMode: 'sellingPartner' as const } : {}),
    delegatedEventSales: org.delegatedEventSales ?? [],
    createdBy: org.createdBy,
    createdAt: org.createdAt,
    updatedAt: org.updatedAt,
    updatedBy: org.updatedBy,
    ...(org.deletedAt ? { deletedAt: org.deletedAt } : {}),
  };
}
