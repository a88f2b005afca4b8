import { email, object, shortText } from '../../http/schema-parts';
import { role } from '../organizations/schemas';
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

export const invitationResponse = object({
  code: { type: 'string' },
  organizationId: { type: 'string' },
  organizationName: { type: 'string' },
  role,
  expiresAt: { type: 'string' },
  maxUses: { type: 'integer' },
  uses: { type: 'integer' },
  createdAt: { type: 'string' },
  createdBy: { type: 'string' },
  revokedAt: { type: 'string' },
});

export interface CreateInvitationBody {
  role: Role;
  expiresInDays: number;
  maxUses?: number;
}
export interface AcceptInvitationBody {
  email: string;
  name: string;
}
