import type { DelegatedEventSalesRef, SalesDelegation } from '../events/sales-delegations/model';

/**
 * The owner's view of a delegation: every field of docs/decisions/delegations.md that is set, never the token hash. Written field by
 * field so a stored field added later cannot leak by accident.
 */
export function toDelegationResponse(d: SalesDelegation) {
  return {
    id: d.id,
    partnerOrganizationId: d.partnerOrganizationId,
    partnerOrganizationName: d.partnerOrganizationName,
    status: d.status,
    invitedBy: d.invitedBy,
    ...(d.invitedByName !== undefined ? { invitedByName: d.invitedByName } : {}),
    invitedAt: d.invitedAt,
    ...(d.invitationExpiresAt !== undefined ? { invitationExpiresAt: d.invitationExpiresAt } : {}),
    ...(d.respondedBy !== undefined ? { respondedBy: d.respondedBy } : {}),
    ...(d.respondedByName !== undefined ? { respondedByName: d.respondedByName } : {}),
    ...(d.respondedAt !== undefined ? { respondedAt: d.respondedAt } : {}),
    ...(d.revokedBy !== undefined ? { revokedBy: d.revokedBy } : {}),
    ...(d.revokedByName !== undefined ? { revokedByName: d.revokedByName } : {}),
    ...(d.revokedAt !== undefined ? { revokedAt: d.revokedAt } : {}),
    ...(d.revokedReason !== undefined ? { revokedReason: d.revokedReason } : {}),
    permissions: { ...d.permissions },
    assignmentVersion: d.assignmentVersion,
    ...(d.orderSubmissionMode !== undefined ? { orderSubmissionMode: d.orderSubmissionMode } : {}),
    reverseIndexSyncStatus: d.reverseIndexSyncStatus,
    ...(d.reverseIndexOperationId !== undefined ? { reverseIndexOperationId: d.reverseIndexOperationId } : {}),
    ...(d.reverseIndexTransitionVersion !== undefined
      ? { reverseIndexTransitionVersion: d.reverseIndexTransitionVersion }
      : {}),
    ...(d.reverseIndexSyncedAt !== undefined ? { reverseIndexSyncedAt: d.reverseIndexSyncedAt } : {}),
    ...(d.reverseIndexSyncAttempts !== undefined ? { reverseIndexSyncAttempts: d.reverseIndexSyncAttempts } : {}),
  };
}

/**
 * The partner's view of a delegated event (delegated-events list, accept and decline answers): the index entry's
 * display fields and the event's name and date when known. Nothing of the owner's people (inviter, revoker).
 */
export function toDelegatedEventResponse(
  ref: Pick<
    DelegatedEventSalesRef,
    'delegationId' | 'eventId' | 'ownerOrganizationId' | 'ownerOrganizationName' | 'status'
  >,
  event?: { name?: string; date?: string },
) {
  return {
    delegationId: ref.delegationId,
    eventId: ref.eventId,
    ownerOrganizationId: ref.ownerOrganizationId,
    ownerOrganizationName: ref.ownerOrganizationName,
    status: ref.status,
    ...(event?.name !== undefined ? { eventName: event.name } : {}),
    ...(event?.date !== undefined ? { eventDate: event.date } : {}),
  };
}
