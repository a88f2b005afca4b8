import { config } from '../../config';
import { forbidden, unauthorized } from '../../errors';
import type { Role } from '../memberships/model';
import type { UserDoc } from './model';
import { getUser } from './repo';
import type { Stored } from '../../store/outcomes';
import { bearerToken, verifyToken } from '../sign-in/jwt';

/**
 * Who is calling: the user, and for scoped routes the organization it acts for and the approved membership it
 * acts through (none for a super admin acting by that right).
 */
export interface Principal {
  userId: string;
  user?: Stored<UserDoc>;
  isSuperAdmin: boolean;
  organizationId?: string;
  role?: Role;
}

export const ANONYMOUS: Principal = { userId: '', isSuperAdmin: false };

/** One point read: the user, checked against the token version and soft deletion. */
export async function authenticate(authorization: string | undefined): Promise<Principal> {
  const token = bearerToken(authorization);
  if (!token) throw unauthorized();
  const claims = verifyToken(token, config().jwtSecret);
  if (!claims) throw unauthorized('Invalid or expired token');
  const user = await getUser(claims.sub);
  if (!user || user.deletedAt || user.tokenVersion !== claims.ver) throw unauthorized('Invalid or expired token');
  return { userId: user.id, user, isSuperAdmin: user.isSuperAdmin === true };
}

export function requireSuperAdmin(principal: Principal): void {
  if (!principal.isSuperAdmin) throw forbidden('Super admin only');
}
