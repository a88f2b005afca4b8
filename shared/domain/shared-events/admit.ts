import { auditEntry, type AuditAction } from './audit';
import type { SharedEventDoc, SharedEventParticipantDoc } from './model';
import { appendAudit, getParticipant, putParticipant } from './repo';

/** How an organization came onto the roster. */
export type AdmissionPath = 'rosterAccept' | 'invitationLink' | 'pendingInvitation' | 'directAdd';

const ACTION_OF: Record<AdmissionPath, AuditAction> = {
  rosterAccept: 'participant.accepted',
  invitationLink: 'invitationLink.accepted',
  pendingInvitation: 'invitation.acceptedFromPending',
  directAdd: 'participant.added',
};

export interface Admission {
  sharedEvent: Pick<SharedEventDoc, 'sharedEventId' | 'organizerOrgId'>;
  organizationId: string;
  organizationName?: string;
  actor: { userId: string; organizationId?: string };
  path: AdmissionPath;
  /** Unique per admission (token hash, invitation id, request id): a retry records its audit entry once. */
  operation: string;
}

/**
 * The one way onto a Shared Event's roster, shared by every acceptance route: the roster entry becomes `active`
 * (idempotent: an organization already active stays as it is) and the admission is audited once. The caller has
 * already checked authority, the organization's mode and the invitation. The organization's local Event
 * projection is created by the projection step (projections.ts) after this.
 */
export async function admitOrganization(admission: Admission): Promise<SharedEventParticipantDoc> {
  const { sharedEventId, organizerOrgId } = admission.sharedEvent;
  const existing = await getParticipant(sharedEventId, admission.organizationId);
  const now = new Date().toISOString();
  const entry =
    existing?.status === 'active'
      ? existing
      : await putParticipant({
          ...(existing ?? {}),
          sharedEventId,
          organizationId: admission.organizationId,
          ...(admission.organizationName !== undefined ? { organizationName: admission.organizationName } : {}),
          status: 'active',
          role: admission.organizationId === organizerOrgId ? 'organizer' : 'participant',
          respondedAt: now,
          updatedAt: now,
        });
  await appendAudit(
    auditEntry({
      sharedEventId,
      action: ACTION_OF[admission.path],
      actorUserId: admission.actor.userId,
      ...(admission.actor.organizationId !== undefined ? { actorOrganizationId: admission.actor.organizationId } : {}),
      targetOrganizationId: admission.organizationId,
      operation: admission.operation,
      at: now,
    }),
  );
  return entry;
}
