import { email, idString, object, pageQuery, shortText } from '../vocabulary/schema-parts';
import { role } from '../memberships/schemas';
import type { Role } from '../memberships/model';

export const listUsersQuery = object({
  ...pageQuery,
  search: shortText(100, 1),
  includeDeleted: { type: 'boolean', default: false },
});
export const updateUserBody = object(
  // The display name must hold something besides blanks (it is trimmed when saved).
  {
    name: { ...shortText(255, 1), pattern: '\\S' },
    firstName: shortText(100),
    lastName: shortText(100),
    phone: shortText(40),
  },
  [],
  { minProperties: 1 },
);
export const superAdminBody = object({ isSuperAdmin: { type: 'boolean' } });
const userIds = { type: 'array', minItems: 1, maxItems: 200, uniqueItems: true, items: idString };
export const bulkDeleteBody = object({ userIds }, ['userIds']);
export const bulkAssignBody = object({ userIds, organizationId: idString, role: { ...role, default: 'member' } }, [
  'userIds',
  'organizationId',
]);

export interface ListUsersQuery {
  limit: number;
  continuationToken?: string;
  search?: string;
  includeDeleted: boolean;
}
export interface UpdateUserBody {
  name?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
}
export interface BulkAssignBody {
  userIds: string[];
  organizationId: string;
  role: Role;
}

export { email };
