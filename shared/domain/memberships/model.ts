/** Roles in rising order of authority (member < ticketManager < treasurer < admin): the order is the role check. */
export const ROLES = ['member', 'ticketManager', 'treasurer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface MembershipDoc {
  id: string;
  docType: 'membership';
  organizationId: string;
  userId: string;
  role: Role;
  roles?: string[];
  approved: boolean;
  invoiced?: boolean;
  /** Set on every membership when the organization is soft-deleted: the role check refuses it without reading the organization. */
  organizationDeletedAt?: string;
  createdAt: string;
  updatedAt?: string;
}

/**
 * A membership's authority as copied into the user document's role map (`UserDoc.organizationRoles`, see
 * role-map.ts); `removed` marks a membership that was deleted.
 */
export interface OrganizationRoleEntry {
  role: Role;
  approved: boolean;
  organizationDeletedAt?: string;
  removed?: true;
}

/** One membership per (organization, user): a deterministic id makes it a point read and a natural unique key. */
export const membershipId = (userId: string) => `membership-${userId}`;

export function newMembership(organizationId: string, userId: string, role: Role, approved: boolean): MembershipDoc {
  const now = new Date().toISOString();
  return {
    id: membershipId(userId),
    docType: 'membership',
    organizationId,
    userId,
    role,
    approved,
    createdAt: now,
    updatedAt: now,
  };
}

export function toMembershipResponse(m: MembershipDoc) {
  return {
    id: m.id,
    organizationId: m.organizationId,
    userId: m.userId,
    role: m.role,
    roles: m.roles ?? [],
    approved: m.approved,
    ...(m.invoiced !== undefined ? { invoiced: m.invoiced } : {}),
    createdAt: m.createdAt,
  };
}
