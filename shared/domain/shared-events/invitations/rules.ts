import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SharedEventInvitationLinkDoc, SharedEventStatus } from '../model';

/**
 * Pure rules of Shared Event invitation links (docs/shared-events.md, docs/decisions/shared-event-invitations.md). No store, no clock of
 * their own: `now` is always passed in, so every rule is unit-tested without a host.
 */

/** 14 days plus the 24-hour buffer (docs/shared-events.md). */
export const INVITATION_LINK_LIFETIME_SECONDS = (14 + 1) * 24 * 60 * 60;
/** An invitation notification lives at most 15 days (docs/shared-events.md). */
export const INVITATION_NOTIFICATION_MAX_SECONDS = 15 * 24 * 60 * 60;
/** Rule 7: at most 10 organization partitions per invitation. */
export const FAN_OUT_ORGANIZATION_CAP = 10;
/** Rule 8: at most 50 pending invitations in the list. */
export const PENDING_LIST_LIMIT = 50;

/**
 * A new raw token: 32 random bytes, base64url (43 characters). Returned once and stored only as its hash, except
 * inside the caller's own kept answer when the request carried an Idempotency-Key (24 hours;
 * docs/decisions/api-contract.md, "What remains").
 */
export const newRawToken = (): string => randomBytes(32).toString('base64url');

/** What is stored instead of the token: its SHA-256, hex. */
export const tokenHashOf = (rawToken: string): string => createHash('sha256').update(rawToken, 'utf8').digest('hex');

/** The link's document id: `invite:` + the first 16 hex characters of the token hash (docs/shared-events.md). */
export const linkIdOf = (tokenHash: string): string => `invite:${tokenHash.slice(0, 16)}`;

/** Only a well-formed token can name a link; anything else is the generic 404 without a store call. */
export const isWellFormedToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Constant-time comparison of two hex hashes (a differing length is simply unequal). */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export const linkExpiresAt = (now: number): string =>
  new Date(now + INVITATION_LINK_LIFETIME_SECONDS * 1000).toISOString();

export const acceptUrlOf = (appBaseUrl: string, rawToken: string): string =>
  `${appBaseUrl}/shared-events/invitations/accept?token=${encodeURIComponent(rawToken)}`;

/** Active and not past its lifetime: the only state in which a link can be previewed or accepted. */
export const isLive = (link: Pick<SharedEventInvitationLinkDoc, 'status' | 'expiresAt'>, now: number): boolean =>
  link.status === 'active' && Date.parse(link.expiresAt) > now;

/**
 * What an acceptance by `organizationId` does with the link it read:
 *  - `claim`: active, unexpired and the hash matches: replace it to `used` under its ETag (single winner);
 *  - `recover`: already used BY THIS organization (the stored organization id is the recovery marker of docs/shared-events.md
 *    rule 2): the earlier acceptance was interrupted before the roster update, or is being retried; finish the
 *    (idempotent) admission without touching the link;
 *  - `unavailable`: anything else (used by another organization, revoked, expired, wrong hash): generic 404.
 */
export type AcceptDecision = 'claim' | 'recover' | 'unavailable';

export function acceptDecision(
  link: Pick<SharedEventInvitationLinkDoc, 'status' | 'expiresAt' | 'tokenHash' | 'usedByOrganizationId'> | undefined,
  organizationId: string,
  now: number,
  tokenHash?: string,
): AcceptDecision {
  if (!link) return 'unavailable';
  if (tokenHash !== undefined && !hashesEqual(link.tokenHash, tokenHash)) return 'unavailable';
  if (link.status === 'used' && link.usedByOrganizationId === organizationId) return 'recover';
  return isLive(link, now) ? 'claim' : 'unavailable';
}

/** Revoke moves: active → revoked; revoked again → unchanged (idempotent); used → conflict. */
export function revokeAction(status: SharedEventInvitationLinkDoc['status']): 'revoke' | 'unchanged' | 'conflict' {
  if (status === 'active') return 'revoke';
  if (status === 'revoked') return 'unchanged';
  return 'conflict';
}

/** Shared Event states an organization can still be invited to and join (ours; docs/shared-events.md). */
const CLOSED_STATES: readonly string[] = ['cancelling', 'cancelled', 'completed'] satisfies SharedEventStatus[];
export const acceptsInvitations = (status: string): boolean => !CLOSED_STATES.includes(status);

/**
 * Seconds an invitation notification (and the pending record) lives: the invitation's remaining lifetime,
 * never more than 15 days, never negative.
 */
export function notificationTtlSeconds(linkExpiresAt: string, now: number): number {
  const remaining = Math.floor((Date.parse(linkExpiresAt) - now) / 1000);
  return Math.max(0, Math.min(INVITATION_NOTIFICATION_MAX_SECONDS, remaining));
}

/**
 * Rule 7's dedup key per (invitation document, recipient user, organization), as a hash: the notification
 * holding it must not hold the invitation document id in clear (docs/shared-events.md).
 */
export const incidentKeyOf = (invitationId: string, userId: string, organizationId: string): string =>
  createHash('sha256')
    .update(`shared_event_invitation_received|${invitationId}|${userId}|${organizationId}`)
    .digest('hex');

/** A deterministic, UUID-shaped id from a hex digest: a repeat write of the same record is a 409, not a copy. */
export function uuidShaped(hex: string): string {
  const h = hex.slice(0, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The notification's id: derived from the incident key, so the same incident is one notification. */
export const notificationIdOf = (incidentKey: string): string => uuidShaped(incidentKey);

/** The pending record's id in the recipient organization's partition: one point read from the accept body. */
export const pendingRecordIdOf = (invitationId: string, userId: string): string =>
  `sePendingInvitation-${createHash('sha256').update(`${invitationId}|${userId}`).digest('hex').slice(0, 32)}`;

/** Added response time of every generic invitation 404: 50 to 150 ms. */
export const jitterMs = (random: number): number => 50 + Math.floor(random * 100);

/**
 * Rule 8's stored recipient: one record per (invitation, recipient user, organization), written by the rule-7
 * fan-out into the recipient organization's partition (orgs container) beside the notification. It is what the
 * pending list reads and what pending/accept checks the session user against.
 */
export interface SharedEventPendingInvitationDoc {
  id: string;
  docType: 'sharedEventPendingInvitation';
  organizationId: string;
  recipientUserId: string;
  invitationId: string;
  sharedEventId: string;
  sharedEventName: string;
  organizerOrganizationName?: string;
  expiresAt: string;
  createdAt: string;
  ttl: number;
  schemaVersion: 1;
}

/**
 * Whether the recovery marker may still admit its organization: yes when the roster entry is missing or live (an
 * interrupted or repeated acceptance), or when it predates the acceptance (the interrupted roster write never
 * landed); no when the organization has since left, declined or been removed: the spent link cannot bring it back.
 */
export function recoveryAllowed(
  participant: { status: string; updatedAt?: string; respondedAt?: string } | undefined,
  usedAt: string | undefined,
): boolean {
  if (!participant || participant.status === 'active' || participant.status === 'accepted') return true;
  const changedAt = participant.updatedAt ?? participant.respondedAt;
  return changedAt === undefined || (usedAt !== undefined && changedAt <= usedAt);
}
