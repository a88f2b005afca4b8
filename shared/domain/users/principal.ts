import type { Stored } from '../../store/outcomes';
import type { Role } from '../memberships/model';
import type { UserDoc } from './model';

/**
 * Who is calling: the user, and for scoped routes the organization it acts for and the approved membership it
 * acts through (none for a super admin acting by that right). The edge (shared/auth/authenticate.ts) builds it;
 * the domain only reads it.
 */
export interface Principal {
  userId: string;
  user?: Stored<UserDoc>;
  isSuperAdmin: boolean;
  organizationId?: string;
  role?: Role;
}

export const ANONYMOUS: Principal = { userId: '', isSuperAdmin: false };
