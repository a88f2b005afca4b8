import { requireOrganizationIdParam } from '../vocabulary/document-id';
import { isDocumentId } from '../vocabulary/document-id';
import type { Principal } from '../users/principal';
import { callerStanding, requireStanding } from '../users/caller-standing';
import { badRequest, forbidden, notFound } from '../../errors';
import { toInvitedView, toListItem, toSharedEventResponse } from './mapper';
import { SHARED_EVENT_CAPABILITIES, type SharedEventCapability, type SharedEventDoc } from './model';
import {
  allSharedEventsPage,
  getParticipant,
  getSharedEvent,
  participationsOfOrganization,
  rosterOf,
  sharedEventsByIds,
} from './repo';
import { isLive } from './rules';
import type { ListSharedEventsQuery } from './schemas';

/**
 * The read routes (02 §4; never restricted by mode, rule 5). Their authority is checked here rather than by the
 * Shared Event scope, because an invited organization may read (the scope admits live participants only) and a
 * Super Admin may read without naming an organization.
 */

/**
 * A member (any role) of the organization, or a Super Admin; a deleted organization is 404, a stranger 403. No
 * read when the role map on the user grants; else the membership decides.
 */
async function assertMember(principal: Principal, organizationId: string) {
  if (principal.isSuperAdmin) return;
  requireStanding(await callerStanding(principal, organizationId, 'member'));
}

/**
 * GET /api/shared-events: the Shared Events the organization is on the roster of (live or invited), paged; or,
 * with `scope=all`, every Shared Event (Super Admin only). Two queries per page whatever its size: the roster
 * entries (across Shared Event partitions), then the heads of that page by id.
 */
export async function listSharedEvents(principal: Principal, query: ListSharedEventsQuery) {
  if (query.scope === 'all') {
    if (!principal.isSuperAdmin) throw forbidden('scope=all is for Super Admins');
    const page = await allSharedEventsPage(query.limit, query.continuationToken);
    return {
      items: page.items.map((doc) => toListItem(doc)),
      ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
    };
  }
  if (!query.organizationId) {
    throw badRequest('organizationId is required (or scope=all)', [
      { path: '/organizationId', message: 'is required' },
    ]);
  }
  const organizationId = requireOrganizationIdParam(query.organizationId);
  await assertMember(principal, organizationId);
  const page = await participationsOfOrganization(organizationId, query.limit, query.continuationToken);
  const heads = page.items.length ? await sharedEventsByIds(page.items.map((p) => p.sharedEventId)) : [];
  const byId = new Map(heads.map((h) => [h.sharedEventId, h]));
  return {
    items: page.items.flatMap((p) => {
      const head = byId.get(p.sharedEventId);
      return head ? [toListItem(head, p)] : [];
    }),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
  };
}

/**
 * GET /api/shared-events/{id}: the full view for a member of a live participant and for a Super Admin; the
 * bounded view for a member of an invited organization; 404 for everyone else (declined, left, removed, never
 * on the roster), whether or not the Shared Event exists. Four point reads/queries at most, in parallel.
 */
export async function getSharedEventView(principal: Principal, sharedEventId: string, rawOrganizationId?: string) {
  if (!isDocumentId(sharedEventId)) throw notFound('Shared Event');
  const organizationId =
    principal.isSuperAdmin && !rawOrganizationId ? undefined : requireOrganizationIdParam(rawOrganizationId);
  const [, head, participant, roster] = await Promise.all([
    organizationId ? assertMember(principal, organizationId) : undefined,
    getSharedEvent(sharedEventId),
    organizationId ? getParticipant(sharedEventId, organizationId) : undefined,
    rosterOf(sharedEventId),
  ]);
  if (!head) throw notFound('Shared Event');
  const viewer = {
    ...(organizationId ? { organizationId } : {}),
    ...(participant ? { participantStatus: participant.status, role: participant.role } : {}),
    capabilities: capabilitiesOf(principal, head, organizationId),
  };
  if (principal.isSuperAdmin || (participant && isLive(participant.status))) {
    return toSharedEventResponse(head, { roster, viewer });
  }
  if (participant?.status === 'invited') return toInvitedView(head, { ...viewer, capabilities: [] });
  throw notFound('Shared Event');
}

/** What the caller holds on the Shared Event (owner or Super Admin: everything; else its grants). */
export function capabilitiesOf(
  principal: Principal,
  head: SharedEventDoc,
  organizationId: string | undefined,
): SharedEventCapability[] {
  const mine = (x: { userId: string; organizationId: string }) =>
    x.userId === principal.userId && x.organizationId === organizationId;
  if (principal.isSuperAdmin || head.owners.some(mine)) return [...SHARED_EVENT_CAPABILITIES];
  const held = new Set(head.grants.filter(mine).flatMap((g) => g.capabilities));
  return SHARED_EVENT_CAPABILITIES.filter((c) => held.has(c));
}
