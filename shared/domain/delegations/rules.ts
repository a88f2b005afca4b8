import { createHash, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../../errors';
import type { DelegatedEventSalesRef, DelegationStatus, SalesDelegation } from '../events/sales-delegations/model';

/** Pure rules of the delegation lifecycle (docs/decisions/delegations.md "Delegation") and of the partner's reverse index. */

// --- Invitation token -------------------------------------------------------------------------------------

export interface CompositeToken {
  ownerOrganizationId: string;
  eventId: string;
  delegationId: string;
  rawToken: string;
}

const PART = /^[A-Za-z0-9_:-]{1,128}$/;
const RAW = /^[A-Za-z0-9_-]{43}$/; // 32 bytes, base64url without padding

/** `{ownerOrganizationId}.{eventId}.{delegationId}.{rawToken}`: the value inside the invitation link. */
export const compositeToken = (t: CompositeToken) =>
  `${t.ownerOrganizationId}.${t.eventId}.${t.delegationId}.${t.rawToken}`;

/** The four parts of a composite token, or undefined for anything else (answered with the generic 404). */
export function parseCompositeToken(token: string): CompositeToken | undefined {
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [ownerOrganizationId, eventId, delegationId, rawToken] = parts;
  if (![ownerOrganizationId, eventId, delegationId].every((p) => PART.test(p)) || !RAW.test(rawToken)) {
    return undefined;
  }
  return { ownerOrganizationId, eventId, delegationId, rawToken };
}

export const hashToken = (rawToken: string) => createHash('sha256').update(rawToken).digest('hex');

/** Constant-time comparison of a presented raw token with the stored hash. */
export function tokenMatches(storedHash: string | undefined, rawToken: string): boolean {
  if (!storedHash) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashToken(rawToken), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export const invitationExpiry = (nowMs: number, days: number) => new Date(nowMs + days * 86_400_000).toISOString();

// --- Invite ----------------------------------------------------------------------------------------------

export type InvitationTarget = { kind: 'email'; email: string } | { kind: 'organization'; organizationId: string };

/** Exactly one of `partnerAdminEmail` and `partnerOrganizationId`: both or neither is a 400. */
export function invitationTarget(body: { partnerAdminEmail?: string; partnerOrganizationId?: string }) {
  const hasEmail = body.partnerAdminEmail !== undefined;
  const hasOrg = body.partnerOrganizationId !== undefined;
  if (hasEmail === hasOrg) {
    const message = 'Give exactly one of partnerAdminEmail and partnerOrganizationId';
    throw badRequest(message, [
      { path: '/partnerAdminEmail', message },
      { path: '/partnerOrganizationId', message },
    ]);
  }
  return hasEmail
    ? ({ kind: 'email', email: body.partnerAdminEmail! } as const)
    : ({ kind: 'organization', organizationId: body.partnerOrganizationId! } as const);
}

export interface CandidateMembership {
  organizationId: string;
  role: string;
  approved: boolean;
  organizationDeletedAt?: string;
}

/** Organization ids where the membership makes its user an approved admin (not the caller's own). */
export const adminOrganizationIds = (memberships: CandidateMembership[], ownOrganizationId: string): string[] => [
  ...new Set(
    memberships
      .filter((m) => m.approved && m.role === 'admin' && !m.organizationDeletedAt)
      .map((m) => m.organizationId)
      .filter((id) => id !== ownOrganizationId),
  ),
];

/** The one eligible organization (exists, not soft-deleted, not the caller's own), or undefined for 0 or 2+. */
export function soleEligibleOrganization<O extends { id: string; deletedAt?: string }>(
  candidateIds: string[],
  organizations: O[],
  ownOrganizationId: string,
): O | undefined {
  const eligible = organizations.filter(
    (o) => candidateIds.includes(o.id) && !o.deletedAt && o.id !== ownOrganizationId,
  );
  return eligible.length === 1 ? eligible[0] : undefined;
}

/** An event carrying a Shared Event or delegated-sales projection marker cannot itself be delegated. */
export const isProjectionEvent = (event: { sharedEventLink?: unknown; orderRouting?: unknown }) =>
  event.sharedEventLink !== undefined || (event.orderRouting !== undefined && event.orderRouting !== 'direct');

/** The partner's latest delegation on the event (history is kept: a declined or revoked one may be followed). */
export const latestDelegationOf = (delegations: SalesDelegation[], partnerOrganizationId: string) =>
  delegations.filter((d) => d.partnerOrganizationId === partnerOrganizationId).at(-1);

/**
 * What an invite does given the partner's latest delegation: a new one when there is none or it ended
 * (declined, revoked); an invited one gets a fresh one-time token (the old hash cannot give the raw token back,
 * so the old link stops working); an active one is returned unchanged.
 */
export function inviteAction(latest: SalesDelegation | undefined): 'create' | 'rotate' | 'existing' {
  if (!latest || latest.status === 'declined' || latest.status === 'revoked') return 'create';
  return latest.status === 'invited' ? 'rotate' : 'existing';
}

/** A new delegation continues the partner's transition versions on this event, so its index entry moves forward. */
export const nextTransitionVersion = (delegations: SalesDelegation[], partnerOrganizationId: string) =>
  delegations
    .filter((d) => d.partnerOrganizationId === partnerOrganizationId)
    .reduce((max, d) => Math.max(max, d.reverseIndexTransitionVersion ?? 0), 0) + 1;

// --- Responses of the partner and the owner ---------------------------------------------------------------

/** An invitation can be accepted while invited and unexpired. */
export const isAcceptable = (d: SalesDelegation, nowMs: number) =>
  d.status === 'invited' && !!d.invitationExpiresAt && Date.parse(d.invitationExpiresAt) > nowMs;

/** Decline: only from invited; idempotent when already declined; active or revoked is a conflict. */
export function declineAction(status: DelegationStatus): 'decline' | 'unchanged' | 'conflict' {
  if (status === 'invited') return 'decline';
  return status === 'declined' ? 'unchanged' : 'conflict';
}

/** Revoke: from invited or active; idempotent when already revoked; a declined one is a conflict. */
export function revokeAction(status: DelegationStatus): 'revoke' | 'unchanged' | 'conflict' {
  if (status === 'invited' || status === 'active') return 'revoke';
  return status === 'revoked' ? 'unchanged' : 'conflict';
}

/** Leaving `invited` drops the one-time token's hash and expiry. */
export function withoutInvitation(d: SalesDelegation): SalesDelegation {
  const { invitationTokenHash: _hash, invitationExpiresAt: _expiry, ...rest } = d;
  return rest;
}

// --- Reverse index -----------------------------------------------------------------------------------------

/** Every transition bumps the version, mints one operation id (reused by retries) and marks the sync pending. */
export function beginTransition(d: SalesDelegation, operationId: string, version?: number): SalesDelegation {
  return {
    ...d,
    reverseIndexTransitionVersion: version ?? (d.reverseIndexTransitionVersion ?? 0) + 1,
    reverseIndexOperationId: operationId,
    reverseIndexSyncStatus: 'pending',
  };
}

export const needsReverseIndexSync = (d: Pick<SalesDelegation, 'reverseIndexSyncStatus'>) =>
  d.reverseIndexSyncStatus === 'pending' || d.reverseIndexSyncStatus === 'failed';

/** The partner's index entry a delegation's current transition should produce. */
export const refOf = (
  d: SalesDelegation,
  eventId: string,
  owner: { id: string; name: string },
): DelegatedEventSalesRef => ({
  delegationId: d.id,
  eventId,
  ownerOrganizationId: owner.id,
  ownerOrganizationName: owner.name,
  status: d.status,
  ...(d.reverseIndexTransitionVersion !== undefined ? { transitionVersion: d.reverseIndexTransitionVersion } : {}),
});

/**
 * Whether the index entry for the event should be written: yes when there is none, or it is older (lower or
 * no transition version); not when it already shows this transition (a retry) or a newer one (never backwards).
 */
export function indexUpdate(
  existing: DelegatedEventSalesRef | undefined,
  wanted: DelegatedEventSalesRef,
): 'write' | 'current' | 'newer' {
  if (!existing || existing.transitionVersion === undefined || wanted.transitionVersion === undefined) return 'write';
  if (existing.transitionVersion < wanted.transitionVersion) return 'write';
  if (existing.transitionVersion > wanted.transitionVersion) return 'newer';
  const same =
    existing.delegationId === wanted.delegationId &&
    existing.status === wanted.status &&
    existing.ownerOrganizationId === wanted.ownerOrganizationId;
  return same ? 'current' : 'write';
}

// --- Generic not-found answers ------------------------------------------------------------------------------

/** Added response time of every generic 404 (unresolvable partner e-mail, unusable invitation): 50 to 150 ms. */
export const jitterMs = (random: number) => 50 + Math.floor(random * 100);
