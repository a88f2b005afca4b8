import { containers } from '../../store/client';
import { readItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';

export type Role = 'member' | 'ticketManager' | 'treasurer' | 'admin';
export const ROLES: Role[] = ['member', 'ticketManager', 'treasurer', 'admin'];

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

/** One membership per (organization, user): a deterministic id makes it a point read and a natural unique key. */
export const membershipId = (userId: string) => `membership-${userId}`;

export async function getMembership(
  organizationId: string,
  userId: string,
): Promise<Stored<MembershipDoc> | undefined> {
  const doc = await readItem<MembershipDoc>(containers().orgs, organizationId, membershipId(userId));
  return doc?.docType === 'membership' ? doc : undefined;
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

/** User ids of the organization's approved admins (alert recipients): one partition query. */
export async function approvedAdminIds(organizationId: string): Promise<string[]> {
  const rows = await inPartition('orgs', organizationId)
    .select('c.userId')
    .where("c.docType = 'membership' AND c.role = 'admin' AND c.approved = true")
    .all<{ userId: string }>();
  return rows.map((r) => r.userId);
}
