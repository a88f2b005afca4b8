import type { Role } from '../memberships/model';

/** The invitation itself lives in the organization's partition; the public code finds it through an index. */
export interface InvitationDoc {
  id: string;
  docType: 'invitation';
  organizationId: string;
  code: string;
  /** Captured once at creation; a later rename never rewrites it. */
  organizationName: string;
  role: Role;
  expiresAt: string;
  maxUses?: number;
  uses: number;
  createdBy: string;
  createdAt: string;
  revokedAt?: string;
  revokedBy?: string;
}

/** Code → organization, in the `auth` container (partitioned by id) so a public lookup is one point read. */
export interface InvitationIndexDoc {
  id: string;
  docType: 'invitationIndex';
  organizationId: string;
}

/** The invitation and its index share one id, derived from the public code. */
export const invitationId = (code: string) => `invitation-${code}`;

export function toInvitationResponse(inv: InvitationDoc) {
  return {
    code: inv.code,
    organizationId: inv.organizationId,
    organizationName: inv.organizationName,
    role: inv.role,
    expiresAt: inv.expiresAt,
    ...(inv.maxUses !== undefined ? { maxUses: inv.maxUses } : {}),
    uses: inv.uses,
    createdAt: inv.createdAt,
    createdBy: inv.createdBy,
    ...(inv.revokedAt ? { revokedAt: inv.revokedAt } : {}),
  };
}
