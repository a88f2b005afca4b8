import { email, object, shortText } from '../vocabulary/schema-parts';
import { role } from '../memberships/schemas';
import type { Role } from '../memberships/model';

export const createInvitationBody = object({
  role: { ...role, default: 'member' },
  expiresInDays: { type: 'integer', minimum: 1, maximum: 90, default: 14 },
  maxUses: { type: 'integer', minimum: 1, maximum: 10_000 },
});
// A name must hold something besides blanks; it becomes the new user's display name.
export const acceptInvitationBody = object({ email, name: { ...shortText(255, 1), pattern: '\\S' } }, [
  'email',
  'name',
]);

/** The invitation mapper: `maxUses` only when limited, `revokedAt` once revoked. */
export const invitationResponse = object(
  {
    code: { type: 'string' },
    organizationId: { type: 'string' },
    organizationName: { type: 'string' },
    role,
    expiresAt: { type: 'string', format: 'date-time' },
    maxUses: { type: 'integer' },
    uses: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    createdBy: { type: 'string' },
    revokedAt: { type: 'string', format: 'date-time' },
  },
  ['code', 'organizationId', 'organizationName', 'role', 'expiresAt', 'uses', 'createdAt', 'createdBy'],
);
export const invitationListResponse = object({ items: { type: 'array', items: invitationResponse } }, ['items']);
/** What a code holder learns: the same body for a newcomer and for an existing member. */
export const joinValidateResponse = object({ organizationName: { type: 'string' }, role }, [
  'organizationName',
  'role',
]);
export const joinAcceptResponse = object(
  { organizationId: { type: 'string' }, organizationName: { type: 'string' }, role, approved: { const: true } },
  ['organizationId', 'organizationName', 'role', 'approved'],
);

export interface CreateInvitationBody {
  role: Role;
  expiresInDays: number;
  maxUses?: number;
}
export interface AcceptInvitationBody {
  email: string;
  name: string;
}
