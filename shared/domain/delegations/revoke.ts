import { randomUUID } from 'node:crypto';
import type { OrganizationGrant } from '../organizations/access';
import type { Principal } from '../users/principal';
import { conflict, notFound } from '../../errors';
import { withEtagRetry } from '../../store/outcomes';
import { actorOf } from '../users/actor';
import { toDelegationResponse } from './mapper';
import { getDelegatingEvent, saveOwnerDelegation } from './repo';
import { reverseIndexSyncOf, syncReverseIndex } from './reverse-index';
import { beginTransition, revokeAction, withoutInvitation } from './rules';
import type { RevokeBody } from './schemas';

/**
 * POST .../events/{eventId}/sales-delegations/{delegationId}/revoke (Owner Admin+, full org). From invited or
 * active to revoked in one ETag write of the owner's event, so every partner route (which re-reads this
 * delegation) loses its rights with that write, whatever the partner's index says. Already revoked: 200
 * unchanged, nothing written. Declined: 409 CONFLICT (there is nothing to revoke). Then the reverse index.
 */
export async function revokeDelegation(
  principal: Principal,
  grant: OrganizationGrant,
  eventId: string,
  delegationId: string,
  body: RevokeBody,
) {
  const ownerId = grant.organizationId;
  const result = await withEtagRetry(async () => {
    const event = await getDelegatingEvent(ownerId, eventId);
    if (!event || event.deletedAt) throw notFound('Event');
    const d = event.salesDelegations?.find((x) => x.id === delegationId);
    if (!d) throw notFound('Sales delegation');
    const action = revokeAction(d.status);
    if (action === 'conflict') throw conflict('A declined delegation cannot be revoked');
    if (action === 'unchanged') return { event, delegation: d };
    const actor = actorOf(principal);
    const revoked = beginTransition(
      {
        ...withoutInvitation(d),
        status: 'revoked',
        revokedBy: actor.id,
        ...(actor.name ? { revokedByName: actor.name } : {}),
        revokedAt: actor.at,
        revokedReason: body.revokedReason.trim(),
        assignmentVersion: d.assignmentVersion + 1,
      },
      randomUUID(),
    );
    return { event: await saveOwnerDelegation(event, revoked), delegation: revoked };
  });
  const owner = { id: ownerId, name: grant.organization?.name ?? '' };
  const { delegation } = await syncReverseIndex({ event: result.event, delegationId, owner });
  return { delegation: toDelegationResponse(delegation), reverseIndexSync: reverseIndexSyncOf(delegation) };
}
