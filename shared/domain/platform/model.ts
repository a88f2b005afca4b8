export const IMPERSONATION_ACTIONS = ['start', 'end'] as const;
export type ImpersonationAction = (typeof IMPERSONATION_ACTIONS)[number];

/** Append-only record of a super admin acting as a member, in the organization's partition. */
export interface ImpersonationAuditDoc {
  id: string;
  docType: 'impersonationAudit';
  organizationId: string;
  adminUserId: string;
  targetUserId: string;
  action: ImpersonationAction;
  timestamp: string;
  duration?: number;
  note?: string;
}
