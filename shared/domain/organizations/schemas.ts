import { email, idString, object, orgQuery, pageQuery, shortText } from '../../http/schema-parts';
import type { Schema } from '../../http/validation';
import { ROLES } from '../memberships/repo';

// Raw lengths are bounded generously; the trimmed limits are checked by the rules with their own message.
const nameInput = shortText(1000);
const descriptionInput = shortText(10000);
const mode: Schema = { enum: ['full', 'sellingPartner'] };
export const role: Schema = { enum: ROLES };

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

export const organizationResponse = object(
  {
    id: idString,
    name: { type: 'string' },
    description: { type: 'string' },
    type: { type: 'string' },
    logo: { type: 'string' },
    organizationMode: mode,
    delegatedEventSales: { type: 'array' },
    createdBy: { type: 'string' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    updatedBy: { type: 'string' },
    deletedAt: { type: 'string' },
  },
  // `organizationMode` is not required: 01-core §2 says a full organization has no such field (issue 9).
  ['id', 'name', 'delegatedEventSales', 'createdBy', 'createdAt', 'updatedAt', 'updatedBy'],
);

export interface CreateOrganizationBody {
  name: string;
  description?: string;
  type?: string;
  logo?: string;
  organizationMode?: 'full' | 'sellingPartner';
}
export type UpdateOrganizationBody = Omit<CreateOrganizationBody, 'organizationMode'>;
export interface ModeBody {
  organizationMode: 'full' | 'sellingPartner';
}
export interface AddMemberBody {
  email: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  role: (typeof ROLES)[number];
  approved: boolean;
}
export interface UpdateMemberBody {
  role?: (typeof ROLES)[number];
  roles?: string[];
  approved?: boolean;
}
export interface PageQuery {
  limit: number;
  continuationToken?: string;
}

export { orgQuery };
