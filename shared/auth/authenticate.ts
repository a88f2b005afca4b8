import { config } from '../config';
import { currentRequestContext } from '../request-context';
import { forbidden, unauthorized } from '../errors';
import type { Principal } from '../domain/users/principal';
import { getUser } from '../domain/users/repo';
import { bearerToken, verifyToken } from '../domain/sign-in/jwt';

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
