import { createHash } from 'node:crypto';
import type { SharedEventAuditEntryDoc } from '../model';

/**
 * The audit actions (docs/shared-events.md names 32 values without listing them; this list is ours, documented in
 * docs/shared-events.md). Every Shared Event change appends exactly one entry.
 */
export const AUDIT_ACTIONS = [
  'sharedEvent.created',
  'sharedEvent.detailsUpdated',
  'sharedEvent.pricingUpdated',
  'sharedEvent.lifecycleChanged',
  'sharedEvent.retired',
  'participant.invited',
  'participant.accepted',
  'participant.declined',
  'participant.left',
  'participant.removed',
  'participant.added',
  'projection.created',
  'projection.synced',
  'owner.added',
  'owner.removed',
  'grant.issued',
  'grant.updated',
  'grant.revoked',
  'capacityPolicy.changed',
  'capacity.edited',
  'quota.edited',
  'quotas.bulkEdited',
  'cancellation.started',
  'cancellation.completed',
  'externalChannel.assigned',
  'externalChannel.updated',
  'externalChannel.disabled',
  'reconciliation.repaired',
  'invitationLink.created',
  'invitationLink.revoked',
  'invitationLink.accepted',
  'invitation.acceptedFromPending',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Deterministic entry id: the same action on the same target within the same operation is one entry, so a
 * retried request (same operation id: a token hash, a transition version, a request id) records it once.
 */
export function auditEntryId(action: AuditAction, target: string, operation: string): string {
  const digest = createHash('sha256').update(`${action}|${target}|${operation}`).digest('hex').slice(0, 32);
  return `audit:${digest}`;
}

export interface AuditInput {
  sharedEventId: string;
  action: AuditAction;
  actorUserId: string;
  actorOrganizationId?: string;
  targetOrganizationId?: string;
  targetUserId?: string;
  /** What makes this occurrence unique (see auditEntryId). */
  operation: string;
  metadata?: Record<string, unknown>;
  at?: string;
}

export function auditEntry(input: AuditInput): SharedEventAuditEntryDoc {
  const target = input.targetOrganizationId ?? input.targetUserId ?? input.sharedEventId;
  return {
    id: auditEntryId(input.action, target, input.operation),
    docType: 'sharedEventAuditEntry',
    sharedEventId: input.sharedEventId,
    action: input.action,
    actorUserId: input.actorUserId,
    ...(input.actorOrganizationId !== undefined ? { actorOrganizationId: input.actorOrganizationId } : {}),
    ...(input.targetOrganizationId !== undefined ? { targetOrganizationId: input.targetOrganizationId } : {}),
    ...(input.targetUserId !== undefined ? { targetUserId: input.targetUserId } : {}),
    timestamp: input.at ?? new Date().toISOString(),
    ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
    schemaVersion: 1,
  };
}
