import { forbidden, notFound } from '../errors';
import {
  LIVE_PARTICIPANT_STATUSES,
  SHARED_EVENT_CAPABILITIES,
  type SharedEventCapability,
} from '../domain/shared-events/model';
import { getParticipant, getSharedEvent } from '../domain/shared-events/repo';
import { callerStanding, requireStanding } from '../domain/users/caller-standing';
import type { SharedEventAccess } from '../domain/shared-events/access';
import { requireOrganizationIdParam } from '../domain/vocabulary/document-id';
import type { Principal } from '../domain/users/principal';
import type { SharedEventScope } from './scope';
import { isDocumentId } from '../domain/vocabulary/document-id';

/**
 * The one authorization of Shared Event routes, writes and reads alike. Two point reads, in parallel: the Shared Event (owners and grants are embedded) and the acting organization's
 * roster entry, both from the Shared Event's partition; beside them the caller's standing in that organization,
 * from the role map read with the user when it grants, else one more read: the membership, which decides. An
 * organization that is not on the roster learns nothing (404, like an unknown id); one that was but declined,
 * left or was removed is refused (403). A super admin passes and may act without an organization.
 */
export async function resolveSharedEventScope(
  principal: Principal,
  scope: SharedEventScope,
  sharedEventId: string | undefined,
  rawOrganizationId: string | undefined,
): Promise<{ principal: Principal; grant: SharedEventAccess }> {
  const organizationId =
    principal.isSuperAdmin && !rawOrganizationId ? undefined : requireOrganizationIdParam(rawOrganizationId);
  if (!sharedEventId || !isDocumentId(sharedEventId)) throw notFound('Shared Event');
  const [standing, sharedEvent, participant] = await Promise.all([
    organizationId && !principal.isSuperAdmin ? callerStanding(principal, organizationId, scope.role) : undefined,
    getSharedEvent(sharedEventId),
    organizationId ? getParticipant(sharedEventId, organizationId) : undefined,
  ]);
  // A super admin has no standing to check; anyone else names an organization (checked above).
  const granted = standing ? requireStanding(standing) : undefined;
  if (!sharedEvent) throw notFound('Shared Event');
  if (!principal.isSuperAdmin) {
    if (!participant) throw notFound('Shared Event');
    const live = LIVE_PARTICIPANT_STATUSES.includes(participant.status);
    if (scope.readers && !live && participant.status !== 'invited') throw notFound('Shared Event');
    if (!scope.readers && !live) {
      throw forbidden('Your organization is not an active participant of this Shared Event');
    }
  }
  const owners = sharedEvent.owners.filter((o) => o.organizationId === organizationId);
  const grants = sharedEvent.grants.filter((g) => g.organizationId === organizationId);
  const capabilities = capabilitiesOf(principal, owners, grants);
  if (scope.capability && !capabilities.includes(scope.capability)) {
    throw forbidden(`This action needs the ${scope.capability} capability on the Shared Event`);
  }
  return {
    principal: {
      ...principal,
      ...(organizationId ? { organizationId } : {}),
      role: granted?.role,
    },
    grant: {
      kind: 'sharedEvent',
      sharedEventId,
      ...(organizationId ? { organizationId } : {}),
      ...(granted ? { role: granted.role } : {}),
      sharedEvent,
      ...(participant ? { participant } : {}),
      owners,
      grants,
      capabilities,
    },
  };
}

/** Owners (and super admins) hold every capability; anyone else holds what their own grants name. */
function capabilitiesOf(
  principal: Principal,
  owners: { userId: string }[],
  grants: { userId: string; capabilities: SharedEventCapability[] }[],
): SharedEventCapability[] {
  if (principal.isSuperAdmin || owners.some((o) => o.userId === principal.userId)) {
    return [...SHARED_EVENT_CAPABILITIES];
  }
  const held = new Set(grants.filter((g) => g.userId === principal.userId).flatMap((g) => g.capabilities));
  return SHARED_EVENT_CAPABILITIES.filter((c) => held.has(c));
}
