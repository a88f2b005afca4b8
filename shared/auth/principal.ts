import { config } from '../config';
import { badRequest, forbidden, unauthorized } from '../errors';
import type { AuthLevel } from '../http/route';
import type { MembershipDoc, Role } from '../domain/memberships/model';
import { getMembership } from '../domain/memberships/repo';
import type { UserDoc } from '../domain/users/model';
import { getUser } from '../domain/users/repo';
import type { Stored } from '../store/outcomes';
import { bearerToken, verifyToken } from './jwt';
import { roleAtLeast } from './roles';

/** Who is calling: the user, and for organization routes the approved membership it acts through. */
export interface Principal {
  userId: string;
  user?: Stored<UserDoc>;
  isSuperAdmin: boolean;
  organizationId?: string;
  role?: Role;
  membership?: Stored<MembershipDoc>;
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

const ORG_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One more point read for organization roles: the approved membership in the scoped organization (of an
 * organization that is not soft-deleted).
 * Super admins pass every organization role check (their membership, if any, is still attached).
 */
export async function authorizeInOrganization(
  principal: Principal,
  organizationId: string | undefined,
  minimum: Role,
): Promise<Principal> {
  if (!organizationId) {
    throw badRequest('organizationId is required', [{ path: '/organizationId', message: 'is required' }]);
  }
  if (!ORG_ID.test(organizationId)) {
    throw badRequest('organizationId is invalid', [{ path: '/organizationId', message: 'is invalid' }]);
  }
  const membership = await getMembership(organizationId, principal.userId);
  // A membership of a soft-deleted organization grants nothing (marked on the membership, so no third read).
  const approved = membership?.approved && !membership.organizationDeletedAt ? membership : undefined;
  if (!principal.isSuperAdmin && !roleAtLeast(approved?.role, minimum)) throw forbidden();
  return { ...principal, organizationId, membership: approved, role: approved?.role };
}

export function requireSuperAdmin(principal: Principal): void {
  if (!principal.isSuperAdmin) throw forbidden('Super admin only');
}

export function minimumRole(level: AuthLevel): Role | undefined {
  return level === 'member' || level === 'ticketManager' || level === 'treasurer' || level === 'admin'
    ? level
    : undefined;
}
