import { email, idString, object, pageQuery, shortText } from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import type { Role } from '../memberships/model';
import { role } from '../memberships/schemas';
import { ORGANIZATION_MODES, type OrganizationMode } from './model';

// Raw lengths are bounded generously; the trimmed limits are checked by the rules with their own message.
const nameInput = shortText(1000);
const descriptionInput = shortText(10000);
const mode: Schema = { enum: [...ORGANIZATION_MODES] };

export const createOrganizationBody = object(
  {
    name: nameInput,
    description: descriptionInput,
    type: shortText(100),
    logo: shortText(2048),
    organizationMode: mode,
  },
  ['name'],
);
export const updateOrganizationBody = object({
  name: nameInput,
  description: descriptionInput,
  type: shortText(100),
  logo: shortText(2048),
});
export const modeBody = object({ organizationMode: mode }, ['organizationMode']);

export const listOrganizationsQuery = object({ ...pageQuery, includeDeleted: { type: 'boolean', default: false } });

export const addMemberBody = object(
  {
    email,
    name: shortText(255),
    firstName: shortText(100),
    lastName: shortText(100),
    phone: shortText(40),
    role: { ...role, default: 'member' },
    approved: { type: 'boolean', default: true },
  },
  ['email'],
);
export const updateMemberBody = object(
  {
    role,
    roles: { type: 'array', maxItems: 20, uniqueItems: true, items: shortText(50, 1) },
    approved: { type: 'boolean' },
  },
  [],
  { minProperties: 1 },
);
export const membersQuery = object(pageQuery);

/** A partner's index entry of an event another organization delegated to it (see docs/decisions/delegations.md). */
export const delegatedEventSalesRef = object(
  {
    delegationId: { type: 'string' },
    eventId: { type: 'string' },
    ownerOrganizationId: { type: 'string' },
    ownerOrganizationName: { type: 'string' },
    status: { type: 'string' },
    transitionVersion: { type: 'integer' },
  },
  ['delegationId', 'eventId', 'ownerOrganizationId', 'ownerOrganizationName', 'status'],
);

export const organizationResponse = object(
  {
    id: idString,
    name: { type: 'string' },
    description: { type: 'string' },
    type: { type: 'string' },
    logo: { type: 'string' },
    // Absent means full: the only value an answer ever holds.
    organizationMode: { type: 'string', enum: ['sellingPartner'] },
    delegatedEventSales: { type: 'array', items: delegatedEventSalesRef },
    createdBy: { type: 'string' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    updatedBy: { type: 'string' },
    deletedAt: { type: 'string' },
  },
  // `organizationMode` is not required: docs/decisions/organizations.md says a full organization has no such field (issue 9).
  ['id', 'name', 'delegatedEventSales', 'createdBy', 'createdAt', 'updatedAt', 'updatedBy'],
);

export interface CreateOrganizationBody {
  name: string;
  description?: string;
  type?: string;
  logo?: string;
  organizationMode?: OrganizationMode;
}
export type UpdateOrganizationBody = Omit<CreateOrganizationBody, 'organizationMode'>;
export interface ModeBody {
  organizationMode: OrganizationMode;
}
export interface AddMemberBody {
  email: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  role: Role;
  approved: boolean;
}
export interface UpdateMemberBody {
  role?: Role;
  roles?: string[];
  approved?: boolean;
}
export interface PageQuery {
  limit: number;
  continuationToken?: string;
}
