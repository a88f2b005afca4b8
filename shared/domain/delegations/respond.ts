import { callerStanding } from '../users/caller-standing';
import type { OrganizationGrant } from '../organizations/access';
import type { Principal } from '../users/principal';
import { conflict, notFound, forbidden } from '../../errors';
import { withEtagRetry, type Stored } from '../../store/outcomes';
import { actorOf } from '../users/actor';
import type { OrganizationDoc } from '../organizations/model';
import { getOrganization } from '../organizations/repo';
import { toDelegatedEventResponse } from './mapper';
import type { DelegatedEventSalesRef, SalesDelegation } from '../events/sales-delegations/model';
import { invitationNotFound } from './not-found';
import { getDelegatingEvent, saveOwnerDelegation, type DelegatingEvent } from './repo';
import { reverseIndexSyncOf, syncReverseIndex } from './reverse-index';
import {
  beginTransition,
  declineAction,
  isAcceptable,
  parseCompositeToken,
  refOf,
  tokenMatches,
  withoutInvitation,
} from './rules';
import { randomUUID } from 'node:crypto';

/** The partner's answers to an invitation (docs/decisions/delegations.md partner side, rule 1). Never restricted by organization mode. */

/**
 * POST /api/sales-delegations/accept `{ token }`. The composite token names the owner's event and the
 * delegation; the caller must be an approved admin of the delegation's partner organization (or a Super Admin).
 * Unparseable, unknown, wrong, expired or no longer invited tokens, a deleted event, owner or partner, and a
 * caller who is not the partner's admin all get one jittered 404. Invited → active under the event's ETag (of
 * parallel acceptances exactly one wins; the others see it active and get the 404); then the reverse index.
 */
export async function acceptDelegation(principal: Principal, token: string) {
  const parsed = parseCompositeToken(token.trim());
  if (!parsed) return invitationNotFound();
  const { ownerOrganizationId, eventId, delegationId, rawToken } = parsed;
  const [first, owner] = await Promise.all([
    getDelegatingEvent(ownerOrganizationId, eventId),
    getOrganization(ownerOrganizationId),
  ]);
  if (!owner || owner.deletedAt) return invitationNotFound();
  const usable = (event: DelegatingEvent | undefined) => {
    const d = event && !event.deletedAt ? event.salesDelegations?.find((x) => x.id === delegationId) : undefined;
    return d && isAcceptable(d, Date.now()) && tokenMatches(d.invitationTokenHash, rawToken) ? d : undefined;
  };
  const initial = usable(first);
  if (!initial) return invitationNotFound();
  const partner = await requirePartnerAdmin(principal, initial.partnerOrganizationId);
  if (!partner) return invitationNotFound();

  let attempt = 0;
  const written = await withEtagRetry(async () => {
    const event = attempt++ === 0 ? first : await getDelegatingEvent(ownerOrganizationId, eventId);
    const d = usable(event);
    if (!event || !d) return undefined;
    const actor = actorOf(principal);
    const accepted = beginTransition(
      {
        ...withoutInvitation(d),
        status: 'active',
        respondedBy: actor.id,
        ...(actor.name ? { respondedByName: actor.name } : {}),
        respondedAt: actor.at,
        assignmentVersion: d.assignmentVersion + 1,
      },
      randomUUID(),
    );
    return { event: await saveOwnerDelegation(event, accepted), delegation: accepted };
  });
  if (!written) return invitationNotFound();
  return respond(written.event, written.delegation, { id: owner.id, name: owner.name }, partner);
}

/**
 * The caller's right to answer for the partner: an approved admin of a live partner (from the role map on the
 * user when it grants, else the membership, which decides), or a Super Admin. An approved member of the partner
 * below admin is told so (403, docs/decisions/delegations.md: Partner Organization Admin+; the delegation stays invited); anyone else
 * gets the generic 404, so the token names nothing to a stranger.
 */
async function requirePartnerAdmin(principal: Principal, partnerId: string) {
  const [standing, partner] = await Promise.all([
    principal.isSuperAdmin ? undefined : callerStanding(principal, partnerId, 'admin'),
    getOrganization(partnerId),
  ]);
  if (!partner || partner.deletedAt) return undefined;
  if (principal.isSuperAdmin || standing?.kind === 'granted') return partner;
  // Only the refusal pays this second look (the membership the first one read, or the role map).
  if ((await callerStanding(principal, partnerId, 'member')).kind === 'granted') {
    throw forbidden('Accepting a sales delegation needs an admin of the partner organization');
  }
  return undefined;
}

/**
 * POST /api/organizations/{partnerOrganizationId}/sales-delegations/{delegationId}/decline (Partner Admin+, by
 * the route scope). The partner's index locates the delegation (its owner and event); the owner's event is the
 * truth. Only from invited; already declined answers 200 unchanged; active or revoked is 409 CONFLICT. A
 * delegation the partner's index does not (yet) hold is 404.
 */
export async function declineDelegation(principal: Principal, grant: OrganizationGrant, delegationId: string) {
  const partnerId = grant.organizationId;
  const partner = grant.organization ?? (await getOrganization(partnerId));
  if (!partner || partner.deletedAt) throw notFound('Organization');
  const ref = ((partner.delegatedEventSales ?? []) as DelegatedEventSalesRef[]).find(
    (r) => r.delegationId === delegationId,
  );
  if (!ref) throw notFound('Sales delegation');
  const [first, owner] = await Promise.all([
    getDelegatingEvent(ref.ownerOrganizationId, ref.eventId),
    getOrganization(ref.ownerOrganizationId),
  ]);
  const ownerRef = { id: ref.ownerOrganizationId, name: owner?.name ?? ref.ownerOrganizationName };

  let attempt = 0;
  const result = await withEtagRetry(async () => {
    const event = attempt++ === 0 ? first : await getDelegatingEvent(ref.ownerOrganizationId, ref.eventId);
    const d = event && !event.deletedAt ? event.salesDelegations?.find((x) => x.id === delegationId) : undefined;
    if (!event || !d || d.partnerOrganizationId !== partnerId) throw notFound('Sales delegation');
    const action = declineAction(d.status);
    if (action === 'conflict') throw conflict(`A ${d.status} delegation cannot be declined`);
    if (action === 'unchanged') return { event, delegation: d };
    const actor = actorOf(principal);
    const declined = beginTransition(
      {
        ...withoutInvitation(d),
        status: 'declined',
        respondedBy: actor.id,
        ...(actor.name ? { respondedByName: actor.name } : {}),
        respondedAt: actor.at,
        assignmentVersion: d.assignmentVersion + 1,
      },
      randomUUID(),
    );
    return { event: await saveOwnerDelegation(event, declined), delegation: declined };
  });
  return respond(result.event, result.delegation, ownerRef, partner);
}

/** Syncs the partner's index (when the transition left it pending or failed) and answers the partner's view. */
async function respond(
  event: DelegatingEvent,
  delegation: SalesDelegation,
  owner: { id: string; name: string },
  partner: Stored<OrganizationDoc>,
) {
  const synced = await syncReverseIndex({ event, delegationId: delegation.id, owner, partner });
  return {
    delegatedEvent: toDelegatedEventResponse(refOf(synced.delegation, event.id, owner), event),
    reverseIndexSync: reverseIndexSyncOf(synced.delegation),
  };
}
