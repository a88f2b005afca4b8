import type { PledgeLike } from './rules';

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
