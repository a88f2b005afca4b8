import type { Principal } from '../users/principal';
import { conflict } from '../../errors';
import { retryOnContention } from '../vocabulary/contention';
import { pledgeId, toPledgeResponse, type PledgeDoc } from './model';
import { createPledge, eventPledges, getPledge, pledgesPage, replacePledge } from './repo';
import { effectiveCommitmentStatus, pledgeTotals } from './rules';
import type { PledgeBody, PledgeListQuery } from './schemas';
import { requireLiveEvent } from '../events/live-event';

export const liveEvent = requireLiveEvent;

/** GET my-pledge: the caller's pledge, or null when they have none. */
export async function getMyPledge(principal: Principal, organizationId: string, eventId: string) {
  await liveEvent(organizationId, eventId);
  const pledge = await getPledge(organizationId, pledgeId(eventId, principal.userId));
  return pledge ? toPledgeResponse(pledge) : null;
}

/** POST my-pledge: submit or update, only while the round is open (409 COMMITMENT_CLOSED otherwise). */
export async function submitPledge(principal: Principal, organizationId: string, eventId: string, body: PledgeBody) {
  const event = await liveEvent(organizationId, eventId);
  if (effectiveCommitmentStatus(event) !== 'open') {
    throw conflict('The commitment round is not open', 'COMMITMENT_CLOSED');
  }
  const id = pledgeId(eventId, principal.userId);
  // Parallel first submissions collide on the deterministic pledge id: the loser replaces instead.
  const saved = await retryOnContention(
    async () => {
      const existing = await getPledge(organizationId, id);
      const now = new Date().toISOString();
      const next: PledgeDoc = {
        id,
        docType: 'pledge',
        organizationId,
        eventId,
        eventName: event.name,
        userId: principal.userId,
        userName: principal.user?.name ?? '',
        userEmail: principal.user?.email ?? '',
        sureCount: body.sureCount,
        possibleCount: body.possibleCount,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      return existing ? replacePledge(next, existing._etag) : createPledge(next);
    },
    8,
    true,
  );
  return toPledgeResponse(saved);
}

/** GET pledge-summary: the round's state and totals, no individual pledges. */
export async function pledgeSummary(organizationId: string, eventId: string) {
  const event = await liveEvent(organizationId, eventId);
  const pledges = await eventPledges(organizationId, eventId);
  return {
    commitmentStatus: effectiveCommitmentStatus(event),
    ...(event.commitmentDeadline ? { commitmentDeadline: event.commitmentDeadline } : {}),
    ...pledgeTotals(pledges),
  };
}

/** GET management pledges: every pledge of the event, one page at a time. */
export async function listPledges(organizationId: string, eventId: string, query: PledgeListQuery) {
  await liveEvent(organizationId, eventId);
  const page = await pledgesPage(organizationId, eventId, query.limit, query.continuationToken);
  return {
    items: page.items.map(toPledgeResponse),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
  };
}
