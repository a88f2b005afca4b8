import { requireOrganizationIdParam } from '../vocabulary/document-id';
import type { Principal } from '../users/principal';
import { callerStanding, requireStanding } from '../users/caller-standing';
import { badRequest, forbidden } from '../../errors';
import type { SharedEventAccess } from './access';
import { toInvitedView, toListItem, toSharedEventResponse } from './mapper';
import { allSharedEventsPage, participationsOfOrganization, rosterOf, sharedEventsByIds } from './repo';
import { isLive } from './rules';
import type { ListSharedEventsQuery } from './schemas';
import { peopleOfAccess } from './people';

/**
 * The read routes (docs/shared-events.md; never restricted by mode, rule 5). A Shared Event read is authorized by the Shared Event
 * scope with `readers` (an invited organization may read the bounded view). The list names no Shared Event: a
 * member of the organization, or with `scope=all` a Super Admin.
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
 * bounded view for a member of an invited organization (the Shared Event scope with `readers` admitted the caller
 * and read the head and the roster entry; everyone else got 404 there). One more query: the roster, for the full
 * view only.
 */
export async function getSharedEventView(principal: Principal, access: SharedEventAccess) {
  const { sharedEvent: head, participant } = access;
  const viewer = {
    ...(access.organizationId ? { organizationId: access.organizationId } : {}),
    ...(participant ? { participantStatus: participant.status, role: participant.role } : {}),
    capabilities: access.capabilities,
  };
  if (principal.isSuperAdmin || (participant && isLive(participant.status))) {
    return toSharedEventResponse(head, peopleOfAccess(principal, access), {
      roster: await rosterOf(head.sharedEventId),
      viewer,
    });
  }
  return toInvitedView(head, { ...viewer, capabilities: [] });
}
