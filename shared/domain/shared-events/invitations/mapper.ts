import type { SharedEventInvitationLinkDoc } from '../model';
import type { SharedEventPendingInvitationDoc } from './rules';
import type { People } from '../people';

/**
 * Response mappers of the invitation routes: each lists the fields it returns, so the token hash, the ttl, the
 * store fields and the e-mail flag never leave by accident; user ids pass through `people` (../people.ts).
 */
export function toInvitationLinkResponse(link: SharedEventInvitationLinkDoc, people: People) {
  return {
    id: link.id,
    sharedEventId: link.sharedEventId,
    status: link.status,
    createdBy: people(link.createdBy, link.createdByOrganizationId),
    createdByOrganizationId: link.createdByOrganizationId,
    createdAt: link.createdAt,
    expiresAt: link.expiresAt,
    ...(link.usedBy !== undefined ? { usedBy: people(link.usedBy, link.usedByOrganizationId) } : {}),
    ...(link.usedByOrganizationId !== undefined ? { usedByOrganizationId: link.usedByOrganizationId } : {}),
    ...(link.usedAt !== undefined ? { usedAt: link.usedAt } : {}),
    ...(link.revokedAt !== undefined ? { revokedAt: link.revokedAt } : {}),
    ...(link.revokedBy !== undefined ? { revokedBy: people(link.revokedBy) } : {}),
  };
}

/** The creation answer: the only time the raw token (and the URL that embeds it) is ever sent. */
export function toCreatedInvitationLinkResponse(link: SharedEventInvitationLinkDoc, token: string, url: string) {
  return {
    id: link.id,
    sharedEventId: link.sharedEventId,
    token,
    url,
    status: link.status,
    expiresAt: link.expiresAt,
    createdAt: link.createdAt,
  };
}

export function toPendingInvitationResponse(record: SharedEventPendingInvitationDoc) {
  return {
    invitationId: record.invitationId,
    sharedEventId: record.sharedEventId,
    sharedEventName: record.sharedEventName,
    ...(record.organizerOrganizationName !== undefined
      ? { organizerOrganizationName: record.organizerOrganizationName }
      : {}),
    organizationId: record.organizationId,
    expiresAt: record.expiresAt,
  };
}
