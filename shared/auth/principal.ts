import { config } from '../config';
import { currentRequestContext } from '../request-context';
import { forbidden, unauthorized } from '../errors';
import type { Role } from '../domain/memberships/model';
import type { UserDoc } from '../domain/users/model';
import { getUser } from '../domain/users/repo';
import type { Stored } from '../store/outcomes';
import { bearerToken, verifyToken } from './jwt';

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
  // Recorded as soon as it is known, so the request log names the caller of a refused (403) request too.
  const context = currentRequestContext();
  if (context) context.userId = user.id;
  return { userId: user.id, user, isSuperAdmin: user.isSuperAdmin === true };
}

export function requireSuperAdmin(principal: Principal): void {
  if (!principal.isSuperAdmin) throw forbidden('Super admin only');
}
