import { forbidden, notFound } from '../errors';
import { getMembership } from '../domain/memberships/repo';
import {
  LIVE_PARTICIPANT_STATUSES,
  SHARED_EVENT_CAPABILITIES,
  type SharedEventCapability,
} from '../domain/shared-events/model';
import { getParticipant, getSharedEvent } from '../domain/shared-events/repo';
import type { SharedEventAccess } from './grant';
import { requireOrganizationIdParam } from './organization-scope';
import type { Principal } from './principal';
import { roleAtLeast } from './roles';
import type { SharedEventScope } from './scope';
import { isDocumentId } from './path-ids';

/**
 * Three point reads at most, in parallel: the caller's membership in the organization it acts for, the Shared
 * Event (owners and grants are embedded) and that organization's roster entry, both from the Shared Event's
 * partition. An organization that is not on the roster learns nothing (404, like an unknown id); one that was
 * but declined, left or was removed is refused (403). A super admin passes and may act without an organization.
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
  const [membership, sharedEvent, participant] = await Promise.all([
    organizationId && !principal.isSuperAdmin ? getMembership(organizationId, principal.userId) : undefined,
    getSharedEvent(sharedEventId),
    organizationId ? getParticipant(sharedEventId, organizationId) : undefined,
  ]);
  if (!principal.isSuperAdmin) {
    if (membership?.organizationDeletedAt) throw notFound('Organization');
    if (!membership?.approved || !roleAtLeast(membership.role, scope.role)) throw forbidden();
  }
  if (!sharedEvent) throw notFound('Shared Event');
  if (!principal.isSuperAdmin) {
    if (!participant) throw notFound('Shared Event');
    if (!LIVE_PARTICIPANT_STATUSES.includes(participant.status)) {
      throw forbidden('Your organization is not an active participant of this Shared Event');
    }
  }
  const owners = sharedEvent.owners.filter((o) => o.organizationId === organizationId);
  const grants = sharedEvent.grants.filter((g) => g.organizationId === organizationId);
  const capabilities = capabilitiesOf(principal, owners, grants);
  if (scope.capability && !capabilities.includes(scope.capability)) {
    throw forbidden(`This action needs the ${scope.capability} capability on the Shared Event`);
  }
  const approved = membership?.approved ? membership : undefined;
  return {
    principal: {
      ...principal,
      ...(organizationId ? { organizationId } : {}),
      membership: approved,
      role: approved?.role,
    },
    grant: {
      kind: 'sharedEvent',
      sharedEventId,
      ...(organizationId ? { organizationId } : {}),
      ...(approved ? { membership: approved } : {}),
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
