import type { Principal } from '../../auth/principal';
import { conflict } from '../../errors';
import { containers } from '../../store/client';
import { createItem, queryAll, readItem, replaceItem } from '../../store/operations';
import { queryPage } from '../../store/pagination';
import { retryOnContention } from '../common/contention';
import { effectiveCommitmentStatus, pledgeTotals, type PledgeLike } from './rules';
import type { PledgeBody, PledgeListQuery } from './schemas';
import { requireLiveEvent } from '../common/live-event';

/** One pledge per (event, member): the deterministic id makes "my pledge" a point read. */
export interface PledgeDoc extends PledgeLike {
  id: string;
  docType: 'pledge';
  organizationId: string;
  eventId: string;
  eventName: string;
  userName: string;
  userEmail: string;
  createdAt: string;
  updatedAt: string;
}

export const pledgeId = (eventId: string, userId: string) => `pledge-${eventId}-${userId}`;

export const toPledgeResponse = (p: PledgeDoc) => ({
  id: p.id,
  organizationId: p.organizationId,
  eventId: p.eventId,
  eventName: p.eventName,
  userId: p.userId,
  userName: p.userName,
  userEmail: p.userEmail,
  sureCount: p.sureCount,
  possibleCount: p.possibleCount,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

export const liveEvent = requireLiveEvent;

async function readPledge(organizationId: string, id: string) {
  const doc = await readItem<PledgeDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'pledge' ? doc : undefined;
}

/** GET my-pledge: the caller's pledge, or null when they have none. */
export async function getMyPledge(principal: Principal, organizationId: string, eventId: string) {
  await liveEvent(organizationId, eventId);
  const pledge = await readPledge(organizationId, pledgeId(eventId, principal.userId));
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
      const existing = await readPledge(organizationId, id);
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
      return existing
        ? replaceItem(containers().orgs, organizationId, next, existing._etag)
        : createItem(containers().orgs, next);
    },
    8,
    true,
  );
  return toPledgeResponse(saved);
}

export function eventPledges(organizationId: string, eventId: string) {
  return queryAll<PledgeDoc>(containers().orgs, organizationId, {
    query: "SELECT * FROM c WHERE c.organizationId = @org AND c.docType = 'pledge' AND c.eventId = @event",
    parameters: [
      { name: '@org', value: organizationId },
      { name: '@event', value: eventId },
    ],
  });
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
  const page = await queryPage<PledgeDoc>(
    containers().orgs,
    organizationId,
    {
      query:
        "SELECT * FROM c WHERE c.organizationId = @org AND c.docType = 'pledge' AND c.eventId = @event " +
        'ORDER BY c.id ASC',
      parameters: [
        { name: '@org', value: organizationId },
        { name: '@event', value: eventId },
      ],
    },
    query.limit,
    query.continuationToken,
  );
  return {
    items: page.items.map(toPledgeResponse),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
  };
}
