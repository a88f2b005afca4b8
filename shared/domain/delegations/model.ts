/**
 * Delegated sales (document 02): the delegation lives embedded in the owner's Event (`salesDelegations[]`),
 * the only source of authorization truth; the partner organization keeps a display index
 * (`Organization.delegatedEventSales[]`) whose only use in authorization is to locate the owner's partition.
 */

export const DELEGATION_STATUSES = ['invited', 'active', 'declined', 'revoked'] as const;
export type DelegationStatus = (typeof DELEGATION_STATUSES)[number];

export const REVERSE_INDEX_SYNC_STATUSES = ['pending', 'synced', 'failed'] as const;
export type ReverseIndexSyncStatus = (typeof REVERSE_INDEX_SYNC_STATUSES)[number];

/** The fixed bundle; `canApproveOwnMemberOrders` absent on an active delegation counts as granted. */
export interface DelegationPermissions {
  canCreateSales: true;
  canReportSoldReturned: true;
  canViewOwnAttributedReports: true;
  canApproveOwnMemberOrders?: true;
}

export interface SalesDelegation {
  id: string;
  partnerOrganizationId: string;
  partnerOrganizationName: string;
  status: DelegationStatus;
  invitedBy: string;
  invitedByName?: string;
  invitedAt: string;
  invitationTokenHash?: string;
  invitationExpiresAt?: string;
  respondedBy?: string;
  respondedAt?: string;
  revokedBy?: string;
  revokedAt?: string;
  revokedReason?: string;
  permissions: DelegationPermissions;
  assignmentVersion: number;
  reverseIndexSyncStatus: ReverseIndexSyncStatus;
}

/** The partner-side display index entry (never authority: the owner's delegation is re-read on every call). */
export interface DelegatedEventSalesRef {
  delegationId: string;
  eventId: string;
  ownerOrganizationId: string;
  ownerOrganizationName: string;
  status: DelegationStatus;
  transitionVersion?: number;
}

/** Only an active delegation carries selling authority; invited, declined and revoked ones carry none. */
export const isLiveDelegation = (delegation: SalesDelegation | undefined): delegation is SalesDelegation =>
  delegation?.status === 'active';
