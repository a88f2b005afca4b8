import { randomBytes, randomUUID } from 'node:crypto';
import type { OrganizationGrant } from '../organizations/access';
import type { Principal } from '../users/principal';
import { enforceRateLimit } from '../rate-limits/enforce';
import { config } from '../../config';
import { badRequest, notFound } from '../../errors';
import { withEtagRetry, type Stored } from '../../store/outcomes';
import { logError } from '../../telemetry/telemetry';
import { actorOf } from '../users/actor';
import { approvedAdminIds } from '../memberships/repo';
import type { OrganizationDoc } from '../organizations/model';
import { notify } from '../notifications/repo';
import { toDelegationResponse } from './mapper';
import {
  DELEGATION_INVITATION_DAYS,
  DELEGATION_PERMISSIONS,
  type SalesDelegation,
} from '../events/sales-delegations/model';
import { assertMayNameOrganization, resolvePartner } from './partner-resolution';
import { getDelegatingEvent, saveOwnerDelegation, type DelegatingEvent } from './repo';
import { reverseIndexSyncOf, syncReverseIndex } from './reverse-index';
import {
  beginTransition,
  compositeToken,
  hashToken,
  invitationExpiry,
  invitationTarget,
  inviteAction,
  isProjectionEvent,
  latestDelegationOf,
  needsReverseIndexSync,
  nextTransitionVersion,
} from './rules';
import type { InviteBody } from './schemas';

/** Invites per owner organization: a per-organization bucket, taken after the mode check (the route scope). */
export const INVITE_RATE_LIMIT = { bucket: 'sales-delegation-invite', limit: 60, windowSeconds: 60 };

/**
 * POST .../events/{eventId}/sales-delegations. The route scope has already run the full-org guard on the owner
 * (403 ORG_MODE_RESTRICTED before anything here). Order: the organization's invite bucket, the read-free body
 * rules (both or neither 400, id by a non-Super-Admin 403, own organization 400), the event (404 unless live,
 * 400 for a Shared Event or delegated-sales projection), the partner (see resolvePartner), then one ETag write
 * of the event: a new delegation, a fresh token for an invited one, nothing for an active one. After the write,
 * the partner's index entry (reverseIndexSync) and, for a new delegation, a notification to the partner's admins.
 */
export async function inviteDelegation(
  principal: Principal,
  grant: OrganizationGrant,
  eventId: string,
  body: InviteBody,
) {
  const ownerId = grant.organizationId;
  await enforceRateLimit(INVITE_RATE_LIMIT, `organization:${ownerId}`);
  const target = invitationTarget(body);
  if (target.kind === 'organization') assertMayNameOrganization(principal, ownerId, target.organizationId);
  const first = await requireDelegableEvent(ownerId, eventId);
  const partner = await resolvePartner(principal, ownerId, target);
  const owner = { id: ownerId, name: ownerNameOf(grant) };

  let attempt = 0;
  const outcome = await withEtagRetry(async () => {
    const event = attempt++ === 0 ? first : await requireDelegableEvent(ownerId, eventId);
    return writeInvitation(principal, event, partner);
  });

  let { delegation } = outcome;
  if (needsReverseIndexSync(delegation)) {
    ({ delegation } = await syncReverseIndex({ event: outcome.event, delegationId: delegation.id, owner, partner }));
  }
  if (outcome.action === 'create') await notifyPartnerAdmins(partner, owner, outcome.event, delegation);
  return {
    delegation: toDelegationResponse(delegation),
    ...(outcome.rawToken
      ? {
          invitationLink: invitationLink({
            ownerOrganizationId: ownerId,
            eventId,
            delegationId: delegation.id,
            rawToken: outcome.rawToken,
          }),
        }
      : {}),
    reverseIndexSync: reverseIndexSyncOf(delegation),
  };
}

async function requireDelegableEvent(ownerId: string, eventId: string): Promise<DelegatingEvent> {
  const event = await getDelegatingEvent(ownerId, eventId);
  if (!event || event.deletedAt) throw notFound('Event');
  if (isProjectionEvent(event)) {
    throw badRequest('A Shared Event or delegated-sales projection cannot be delegated', [
      { path: '/eventId', message: 'is a projection' },
    ]);
  }
  return event;
}

async function writeInvitation(principal: Principal, event: DelegatingEvent, partner: Stored<OrganizationDoc>) {
  const delegations = event.salesDelegations ?? [];
  const latest = latestDelegationOf(delegations, partner.id);
  const action = inviteAction(latest);
  if (action === 'existing') return { action, event, delegation: latest!, rawToken: undefined };
  const rawToken = randomBytes(32).toString('base64url');
  // One instant for the invitation and its expiry: exactly 14 days apart.
  const actor = actorOf(principal);
  const invitation = {
    invitationTokenHash: hashToken(rawToken),
    invitationExpiresAt: invitationExpiry(Date.parse(actor.at), DELEGATION_INVITATION_DAYS),
  };
  let delegation: SalesDelegation;
  if (action === 'rotate') {
    delegation = { ...latest!, ...invitation, assignmentVersion: latest!.assignmentVersion + 1 };
  } else {
    const created: SalesDelegation = {
      id: randomUUID(),
      partnerOrganizationId: partner.id,
      partnerOrganizationName: partner.name,
      status: 'invited',
      invitedBy: actor.id,
      ...(actor.name ? { invitedByName: actor.name } : {}),
      invitedAt: actor.at,
      ...invitation,
      permissions: { ...DELEGATION_PERMISSIONS },
      assignmentVersion: 1,
      reverseIndexSyncStatus: 'pending',
      reverseIndexSyncAttempts: 0,
    };
    delegation = beginTransition(created, randomUUID(), nextTransitionVersion(delegations, partner.id));
  }
  // The decisive write: a keyed invite's record rides along in it (docs/decisions/api-contract.md).
  const saved = await saveOwnerDelegation(event, delegation, { carriesKey: true });
  return { action, event: saved, delegation, rawToken };
}

const ownerNameOf = (grant: OrganizationGrant) => grant.organization?.name ?? '';

const invitationLink = (parts: Parameters<typeof compositeToken>[0]) =>
  `${config().appBaseUrl}/delegations/accept?token=${encodeURIComponent(compositeToken(parts))}`;

/**
 * One in-app notification per approved admin of the partner, in the partner's partition (one query, one batch).
 * It never holds the token or the link. Best effort: the delegation exists whatever happens here.
 */
async function notifyPartnerAdmins(
  partner: Stored<OrganizationDoc>,
  owner: { id: string; name: string },
  event: DelegatingEvent,
  delegation: SalesDelegation,
) {
  try {
    const adminIds = (await approvedAdminIds(partner.id)).slice(0, 100);
    await notify(
      partner.id,
      adminIds.map((userId) => ({
        userId,
        type: 'sales_delegation_invited',
        title: 'Sales delegation invitation',
        message: `${owner.name} invited ${partner.name} to sell tickets for ${event.name}`,
        actionUrl: '/delegated-events',
        meta: {
          delegationId: delegation.id,
          eventId: event.id,
          eventName: event.name,
          ownerOrganizationId: owner.id,
          ownerOrganizationName: owner.name,
        },
      })),
    );
  } catch (error) {
    logError(error, { operation: 'delegation.inviteNotification', delegationId: delegation.id });
  }
}
