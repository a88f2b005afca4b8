import { auditEntry, type AuditAction } from '../audit/entry';
import { type SharedEventDoc, type SharedEventParticipantDoc, LIVE_PARTICIPANT_STATUSES } from '../model';
import { syncProjection } from '../projections/sync';
import { appendAudit, getParticipant, getSharedEvent, putParticipant } from '../repo';
import { projectionEventId } from '../projections/rules';
import { logError } from '../../../telemetry/telemetry';
import { markOrganizationOpen } from '../capacity/closed-organizations';

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
 * already checked authority, the organization's mode and the invitation. Admission also ensures the
 * organization's local Event projection (projections.ts): the roster entry is written with its projection
 * queued (`pending`), then one attempt creates it; a failure leaves it `failed` for operation-status,
 * sync-projections and the heal timer, never failing the admission itself. Pass the whole Shared Event when the
 * caller has it (no second read); with only its id and organizer the head is read once here.
 */
export async function admitOrganization(admission: Admission): Promise<SharedEventParticipantDoc> {
  const { sharedEventId, organizerOrgId } = admission.sharedEvent;
  const existing = await getParticipant(sharedEventId, admission.organizationId);
  const now = new Date().toISOString();
  const queued = { eventId: existing?.projectionLink?.eventId ?? projectionEventId(sharedEventId) };
  const entry =
    existing?.status === 'active' && existing.projectionLink
      ? existing
      : await putParticipant(
          {
            ...(existing ?? {}),
            sharedEventId,
            organizationId: admission.organizationId,
            ...(admission.organizationName !== undefined ? { organizationName: admission.organizationName } : {}),
            status: 'active',
            role: admission.organizationId === organizerOrgId ? 'organizer' : 'participant',
            projectionLink: { ...(existing?.projectionLink ?? {}), ...queued, syncStatus: 'pending' },
            respondedAt: existing?.status === 'active' ? (existing.respondedAt ?? now) : now,
            updatedAt: now,
          },
          // The direct add's roster write is its route's decisive write (docs/decisions/api-contract.md).
          { carriesKey: admission.path === 'directAdd', ...(existing ? { ifMatch: existing._etag } : {}) },
        );
  // Back after leaving or removal: its sales no longer need the roster read (the entry, live now, decides anyway).
  if (existing && !LIVE_PARTICIPANT_STATUSES.includes(existing.status)) {
    await markOrganizationOpen(sharedEventId, admission.organizationId).catch((error: unknown) =>
      logError(error, { step: 'fence-reopen-organization', sharedEventId }),
    );
  }
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
  if (entry.projectionLink?.syncStatus === 'synced') return entry;
  const head = isWhole(admission.sharedEvent) ? admission.sharedEvent : await getSharedEvent(sharedEventId);
  return head ? syncProjection(head, entry) : entry;
}

const isWhole = (doc: Admission['sharedEvent']): doc is SharedEventDoc =>
  'capacityPolicy' in doc && 'name' in doc && 'status' in doc;
