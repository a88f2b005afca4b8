import { randomBytes } from 'node:crypto';
import type { Principal } from '../users/principal';
import { notFound } from '../../errors';
import { isConflict, isPreconditionFailed, withEtagRetry, type Stored } from '../../store/outcomes';
import { newMembership } from '../memberships/model';
import { getMembership } from '../memberships/repo';
import { grantInRoleMap } from '../users/role-map';
import { createOrGetUser } from '../users/repo';
import { getMailer } from '../../email/mailer';
import { effectiveLocale } from '../messages/locale';
import { settingsOf } from '../organization-settings/model';
import { getOrganization } from '../organizations/repo';
import { loginEmail } from '../sign-in/login-email';
import { issueChallenge } from '../sign-in/challenges';
import { requireLiveOrganization } from '../organizations/manage-organizations';
import { invitationId, toInvitationResponse, type InvitationDoc } from './model';
import {
  createInvitationWithIndex,
  getInvitation,
  invitationsNewestFirst,
  organizationOfCode,
  replaceInvitation,
  useInvitationForMembership,
} from './repo';
import { invitationExpiry, isUsable } from './rules';
import type { AcceptInvitationBody, CreateInvitationBody } from './schemas';

const CODE = /^[A-Za-z0-9_-]{12,64}$/;
const genericNotFound = () => notFound('Invitation');

export async function createInvitation(principal: Principal, organizationId: string, body: CreateInvitationBody) {
  const org = await requireLiveOrganization(organizationId);
  const code = randomBytes(12).toString('base64url'); // 16 URL-safe characters, 96 bits
  const now = Date.now();
  const doc = await createInvitationWithIndex({
    id: invitationId(code),
    docType: 'invitation',
    organizationId,
    code,
    organizationName: org.name,
    role: body.role,
    expiresAt: invitationExpiry(now, body.expiresInDays),
    ...(body.maxUses !== undefined ? { maxUses: body.maxUses } : {}),
    uses: 0,
    createdBy: principal.userId,
    createdAt: new Date(now).toISOString(),
  });
  return toInvitationResponse(doc);
}

export async function listInvitations(organizationId: string) {
  await requireLiveOrganization(organizationId);
  const docs = await invitationsNewestFirst(organizationId);
  return { items: docs.map(toInvitationResponse) };
}

export async function revokeInvitation(principal: Principal, organizationId: string, code: string) {
  const saved = await withEtagRetry(async () => {
    const inv = CODE.test(code) ? await getInvitation(organizationId, code) : undefined;
    if (!inv) throw genericNotFound();
    if (inv.revokedAt) return inv;
    return replaceInvitation({ ...inv, revokedAt: new Date().toISOString(), revokedBy: principal.userId });
  });
  return toInvitationResponse(saved);
}

/**
 * The usable invitation behind a public code, or one generic 404 for unknown, expired, revoked or used up, and
 * for an organization that was soft-deleted since (joining it would make a member of a deleted organization).
 */
async function findUsable(code: string): Promise<Stored<InvitationDoc>> {
  if (!CODE.test(code)) throw genericNotFound();
  const organizationId = await organizationOfCode(code);
  if (!organizationId) throw genericNotFound();
  const [inv, org] = await Promise.all([getInvitation(organizationId, code), getOrganization(organizationId)]);
  if (!inv || !isUsable(inv) || !org || org.deletedAt) throw genericNotFound();
  return inv;
}

export async function validateInvitation(code: string) {
  const inv = await findUsable(code);
  return { organizationName: inv.organizationName, role: inv.role };
}

/**
 * Accept: creates the user if needed and an approved membership with the invitation's role, then sends a
 * login e-mail. The use and the membership are one transactional batch of the organization's partition: the
 * ETag-guarded use first, so `maxUses` holds under concurrency and a lost race writes nothing; on Cosmos DB a
 * membership that appeared meanwhile rolls the use back too. An existing member gets 200 and consumes no use,
 * also when the same person's requests race each other. `joined` tells the route a membership was created (201).
 */
export async function acceptInvitation(code: string, body: AcceptInvitationBody) {
  const first = await findUsable(code);
  const { user, created: newUser } = await createOrGetUser({ email: body.email, name: body.name });
  const organizationId = first.organizationId;
  const result = { organizationId, organizationName: first.organizationName, role: first.role, approved: true };
  for (let attempt = 0; ; attempt += 1) {
    // An existing member gets 200 and the same body a newcomer would get: the code holder never learns the
    // member's actual role or approval.
    if (await getMembership(organizationId, user.id)) return { joined: false, result };
    const inv = attempt === 0 ? first : await findUsable(code);
    const used: InvitationDoc = { ...inv, uses: inv.uses + 1 };
    try {
      const membership = newMembership(organizationId, user.id, inv.role, true);
      await useInvitationForMembership(used, inv._etag, membership);
      await grantInRoleMap(membership);
      break;
    } catch (error) {
      // Another acceptance took a use (412) or this person joined meanwhile (409): decide again on fresh state.
      if ((!isPreconditionFailed(error) && !isConflict(error)) || attempt >= 8) throw error;
    }
  }
  // Only a person new to the service gets a login e-mail: issuing one for an existing user would void the
  // login they may have pending (anyone holding the code can name any address). Existing users log in as usual.
  if (newUser) {
    // A new person has chosen no language yet: the organization's default speaks for them (one point read).
    const [{ token, code: loginCode }, organization] = await Promise.all([
      issueChallenge(user.email),
      getOrganization(organizationId),
    ]);
    const locale = effectiveLocale(user.locale, settingsOf(organization ?? {}).defaultLocale);
    await getMailer().send(loginEmail(user.email, token, loginCode, locale));
  }
  return { joined: true, result };
}
