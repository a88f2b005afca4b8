import { config } from '../../config';
import { getMailer } from '../../email/mailer';
import { DomainError } from '../../errors';
import { signToken } from './jwt';
import { enforceRateLimit } from '../rate-limits/enforce';
import type { Principal } from '../users/principal';
import { listMembershipsOfUserAcrossOrganizations } from '../memberships/repo';
import { organizationsByIdsAcrossPartitions } from '../organizations/repo';
import { normalizeEmail, toUserResponse } from '../users/model';
import { localeFieldsOf, type Locale } from '../organization-settings/model';
import { effectiveLocale } from '../messages/locale';
import { createOrGetUser, findUserByEmail, incrementTokenVersion, saveUser } from '../users/repo';
import { sellsForOthers } from '../events/sales-delegations/model';
import { countUnread } from '../notifications/repo';
import { sharedEventCreationOf } from '../organizations/shared-event-creation';
import { entryGrants } from '../users/role-map';
import { issueChallenge, redeemCode, redeemLinkToken } from './challenges';
import { loginEmail } from './login-email';

const invalidLogin = () => new DomainError('INVALID_LOGIN', 'The login link or code is invalid or has expired');

const isSuperAdminEmail = (email: string) => config().superAdminEmails.has(normalizeEmail(email));

/** Per address, whoever asks: each request voids the pending login, so flooding one address would lock its owner out. */
const PER_ADDRESS_LIMIT = { bucket: 'magic-link-address', limit: 5, windowSeconds: 15 * 60 };

/**
 * Always `{ sent: true }`: whether an address is known is never revealed (the per-address limit applies to all). The
 * e-mail speaks the user's own language when they chose one, else the `locale` the request sent (the browser's),
 * else English.
 */
export async function requestMagicLink(email: string, locale?: Locale): Promise<{ sent: true }> {
  const address = normalizeEmail(email);
  await enforceRateLimit(PER_ADDRESS_LIMIT, `address:${address}`);
  const user = await findUserByEmail(address);
  const eligible = user ? !user.deletedAt : isSuperAdminEmail(address);
  if (eligible) {
    const { token, code } = await issueChallenge(address);
    await getMailer().send(loginEmail(address, token, code, effectiveLocale(user?.locale, locale)));
  }
  return { sent: true };
}

export async function verifyLinkToken(token: string) {
  const email = await redeemLinkToken(token);
  if (!email) throw invalidLogin();
  return completeLogin(email);
}

export async function verifyLoginCode(email: string, code: string) {
  const redeemed = await redeemCode(email, code);
  if (!redeemed) throw invalidLogin();
  return completeLogin(redeemed);
}

/** The user behind a redeemed challenge; SUPER_ADMIN_EMAILS addresses are created or flagged here. */
async function completeLogin(email: string) {
  let user = await findUserByEmail(email);
  if (isSuperAdminEmail(email)) {
    if (!user) user = (await createOrGetUser({ email, isSuperAdmin: true })).user;
    if (!user.isSuperAdmin && !user.deletedAt) user = await saveUser({ ...user, isSuperAdmin: true });
  }
  if (!user || user.deletedAt) throw invalidLogin();
  const { token, expiresAt } = signToken({ sub: user.id, ver: user.tokenVersion }, config().jwtSecret);
  return { token, expiresAt, user: toUserResponse(user) };
}

/** Revokes every token of the caller at once (one atomic increment). */
export async function logout(principal: Principal): Promise<{ loggedOut: true }> {
  await incrementTokenVersion(principal.userId);
  return { loggedOut: true };
}

/**
 * The caller with their memberships across organizations: one cross-partition query for memberships and
 * one for the organizations' names (this is the one deliberate cross-tenant read: it is the caller's own).
 * An approved membership says whether its organization sells for another one (`sellsForOthers`, from the
 * organization document already read). With `?organizationId` naming one of the caller's approved memberships,
 * that membership also carries the caller's unread notification count there (one count query in that partition),
 * so a client's shell needs no call of its own for its badge (docs/decisions/web-client.md, "The first screen"), and,
 * when the caller is its admin, what GET shared-event-capabilities/create would answer (`sharedEventCreation`, decided
 * by the same rule from the organization document already read: no store call more).
 */
export async function describeMe(principal: Principal, organizationId?: string) {
  const user = principal.user!;
  // The role map only ever grants less than the membership (users/role-map.ts): when it grants the organization
  // asked, the unread count is read beside the memberships, not after them (the membership still decides below).
  const mapGrants = organizationId !== undefined && entryGrants(user.organizationRoles?.[organizationId], 'member');
  const earlyCount = mapGrants ? countUnread(organizationId, user.id) : undefined;
  earlyCount?.catch(() => undefined); // awaited below when the membership confirms it; otherwise not wanted
  // The organizations the role map names are read beside the memberships too; one the map does not name yet (a
  // membership from before the map) is read after them.
  const named = Object.entries(user.organizationRoles ?? {})
    .filter(([, entry]) => !entry.removed) // a tombstone: the membership is gone
    .map(([id]) => id);
  const earlyOrgs = named.length ? organizationsByIdsAcrossPartitions(named) : Promise.resolve([]);
  earlyOrgs.catch(() => undefined); // awaited below, once the memberships have answered
  const memberships = await listMembershipsOfUserAcrossOrganizations(user.id);
  const read = await earlyOrgs;
  const readIds = new Set(read.map((o) => o.id));
  const unnamed = memberships.map((m) => m.organizationId).filter((id) => !readIds.has(id));
  const orgs = unnamed.length ? [...read, ...(await organizationsByIdsAcrossPartitions(unnamed))] : read;
  const liveOrgs = new Map(orgs.filter((o) => !o.deletedAt).map((o) => [o.id, o]));
  const live = memberships.filter((m) => liveOrgs.has(m.organizationId));
  // Only the caller's own approved membership is counted: the id was validated by the route, the membership is checked here.
  const counted = live.find((m) => m.organizationId === organizationId && m.approved);
  const unread = counted ? await (earlyCount ?? countUnread(counted.organizationId, user.id)) : undefined;
  return {
    user: toUserResponse(user),
    memberships: live.map((m) => {
      const organization = liveOrgs.get(m.organizationId)!;
      return {
        organizationId: m.organizationId,
        organizationName: organization.name,
        role: m.role,
        approved: m.approved,
        // Currency, time zone and default language: what a client needs first to speak the organization's terms.
        ...localeFieldsOf(organization),
        ...(m.approved ? { sellsForOthers: sellsForOthers(organization) } : {}),
        ...(m === counted ? { unreadNotifications: unread! } : {}),
        ...(m === counted && m.role === 'admin' ? { sharedEventCreation: sharedEventCreationOf(organization) } : {}),
      };
    }),
  };
}
