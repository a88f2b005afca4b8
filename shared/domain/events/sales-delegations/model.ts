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

/** Reserved slot (docs/decisions/delegations.md), unused: absence means `directDelivered`; it does not drive the self-service approvals. */
export const ORDER_SUBMISSION_MODES = ['directDelivered', 'ownerApproval'] as const;
export type OrderSubmissionMode = (typeof ORDER_SUBMISSION_MODES)[number];

/** The fixed bundle every delegation carries (not configurable). */
export const DELEGATION_PERMISSIONS: Required<DelegationPermissions> = {
  canCreateSales: true,
  canReportSoldReturned: true,
  canViewOwnAttributedReports: true,
  canApproveOwnMemberOrders: true,
};

/** One-time invitation lifetime (docs/decisions/delegations.md): 14 days. */
export const DELEGATION_INVITATION_DAYS = 14;

/**
 * A delegation embedded in the owner's event. Fields that are unset are absent. The fields added for the
 * lifecycle (names, reverse-index bookkeeping) are optional in the type so records written before them read.
 */
export interface SalesDelegation {
  id: string;
  partnerOrganizationId: string;
  partnerOrganizationName: string;
  status: DelegationStatus;
  invitedBy: string;
  invitedByName?: string;
  invitedAt: string;
  /** sha256 (hex) of the raw token; present only while `invited`, never in a response. */
  invitationTokenHash?: string;
  invitationExpiresAt?: string;
  respondedBy?: string;
  respondedByName?: string;
  respondedAt?: string;
  revokedBy?: string;
  revokedByName?: string;
  revokedAt?: string;
  revokedReason?: string;
  permissions: DelegationPermissions;
  assignmentVersion: number;
  orderSubmissionMode?: OrderSubmissionMode;
  reverseIndexSyncStatus: ReverseIndexSyncStatus;
  /** Minted once per transition, reused by every retry of that transition's sync. */
  reverseIndexOperationId?: string;
  /** Monotonic per (partner, event): the partner's index entry never moves back to an older one. */
  reverseIndexTransitionVersion?: number;
  reverseIndexSyncedAt?: string;
  /** Cumulative sync attempts over the delegation's life. */
  reverseIndexSyncAttempts?: number;
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

/**
 * Whether an organization sells for another one: its display index (`delegatedEventSales[]`, the partner's side of
 * every delegation) holds an active entry. The same test `GET .../delegated-events` lists by, read from the
 * organization document `GET /api/auth/me` already holds (docs/decisions/web-client.md, "The first screen").
 */
export const sellsForOthers = (organization: { delegatedEventSales?: unknown[] }) =>
  ((organization.delegatedEventSales ?? []) as Partial<DelegatedEventSalesRef>[]).some(
    (ref) => ref?.status === 'active',
  );

/** Only an active delegation carries selling authority; invited, declined and revoked ones carry none. */
export const isLiveDelegation = (delegation: SalesDelegation | undefined): delegation is SalesDelegation =>
  delegation?.status === 'active';
