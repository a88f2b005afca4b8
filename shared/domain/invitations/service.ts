import { randomBytes } from 'node:crypto';
import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import { created, ok } from '../../http/reply';
import { containers } from '../../store/client';
import { commitBatch } from '../../store/batch';
import { createItem, queryAll, readItem, replaceItem } from '../../store/operations';
import { isConflict, isPreconditionFailed, withEtagRetry, type Stored } from '../../store/outcomes';
import { getMembership, type Role } from '../memberships/repo';
import { getOrganization } from '../organizations/repo';
import { createOrGetUser } from '../users/repo';
import { getMailer } from '../../email/mailer';
import { loginEmail } from '../auth/login-email';
import { issueChallenge } from '../auth/challenges';
import { newMembership } from '../organizations/members';
import { requireLiveOrganization } from '../organizations/service';
import { invitationExpiry, isUsable } from './rules';
import type { AcceptInvitationBody, CreateInvitationBody } from './schemas';

/** The invitation itself lives in the organization's partition; the public code finds it through an index. */
interface InvitationDoc {
  id: string;
  docType: 'invitation';
  organizationId: string;
  code: string;
  /** Captured once at creation; a later rename never rewrites it. */
  organizationName: string;
  role: Role;
  expiresAt: string;
  maxUses?: number;
  uses: number;
  createdBy: string;
  createdAt: string;
  revokedAt?: string;
  revokedBy?: string;
}

/** Code → organization, in the `auth` container (partitioned by id) so a public lookup is one point read. */
interface InvitationIndexDoc {
  id: string;
  docType: 'invitationIndex';
  organizationId: string;
}

const invitationId = (code: string) => `invitation-${code}`;
const CODE = /^[A-Za-z0-9_-]{12,64}$/;
const genericNotFound = () => notFound('Invitation');

function toResponse(inv: InvitationDoc) {
  return {
    code: inv.code,
    organizationId: inv.organizationId,
    organizationName: inv.organizationName,
    role: inv.role,
    expiresAt: inv.expiresAt,
    ...(inv.maxUses !== undefined ? { maxUses: inv.maxUses } : {}),
    uses: inv.uses,
    createdAt: inv.createdAt,
    createdBy: inv.createdBy,
    ...(inv.revokedAt ? { revokedAt: inv.revokedAt } : {}),
  };
}

export async function createInvitation(principal: Principal, organizationId: string, body: CreateInvitationBody) {
  const org = await requireLiveOrganization(organizationId);
  const code = randomBytes(12).toString('base64url'); // 16 URL-safe characters, 96 bits
  const now = Date.now();
  await createItem<InvitationIndexDoc>(containers().auth, {
    id: invitationId(code),
    docType: 'invitationIndex',
    organizationId,
  });
  const doc = await createItem<InvitationDoc>(containers().orgs, {
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
  return toResponse(doc);
}

export async function listInvitations(organizationId: string) {
  await requireLiveOrganization(organizationId);
  const docs = await queryAll<InvitationDoc>(containers().orgs, organizationId, {
    query: "SELECT * FROM c WHERE c.organizationId = @org AND c.docType = 'invitation' ORDER BY c.createdAt DESC",
    parameters: [{ name: '@org', value: organizationId }],
  });
  return { items: docs.map(toResponse) };
}

export async function revokeInvitation(principal: Principal, organizationId: string, code: string) {
  const saved = await withEtagRetry(async () => {
    const inv = CODE.test(code)
      ? await readItem<InvitationDoc>(containers().orgs, organizationId, invitationId(code))
      : undefined;
    if (!inv || inv.docType !== 'invitation') throw genericNotFound();
    if (inv.revokedAt) return inv;
    return replaceItem(
      containers().orgs,
      organizationId,
      { ...inv, revokedAt: new Date().toISOString(), revokedBy: principal.userId },
      inv._etag,
    );
  });
  return toResponse(saved);
}

/**
 * The usable invitation behind a public code, or one generic 404 for unknown, expired, revoked or used up, and
 * for an organization that was soft-deleted since (joining it would make a member of a deleted organization).
 */
async function findUsable(code: string): Promise<Stored<InvitationDoc>> {
  if (!CODE.test(code)) throw genericNotFound();
  const index = await readItem<InvitationIndexDoc>(containers().auth, invitationId(code), invitationId(code));
  if (!index) throw genericNotFound();
  const [inv, org] = await Promise.all([
    readItem<InvitationDoc>(containers().orgs, index.organizationId, invitationId(code)),
    getOrganization(index.organizationId),
  ]);
  if (!inv || inv.docType !== 'invitation' || !isUsable(inv) || !org || org.deletedAt) throw genericNotFound();
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
 * also when the same person's requests race each other.
 */
export async function acceptInvitation(code: string, body: AcceptInvitationBody) {
  const first = await findUsable(code);
  const { user, created: newUser } = await createOrGetUser({ email: body.email, name: body.name });
  const organizationId = first.organizationId;
  const result = { organizationId, organizationName: first.organizationName, role: first.role, approved: true };
  for (let attempt = 0; ; attempt += 1) {
    // An existing member gets 200 and the same body a newcomer would get: the code holder never learns the
    // member's actual role or approval.
    if (await getMembership(organizationId, user.id)) return ok(result);
    const inv = attempt === 0 ? first : await findUsable(code);
    const used: InvitationDoc = { ...inv, uses: inv.uses + 1 };
    try {
      await commitBatch(containers().orgs, organizationId, [
        { replace: used, ifMatch: inv._etag },
        { create: newMembership(organizationId, user.id, inv.role, true) },
      ]);
      break;
    } catch (error) {
      // Another acceptance took a use (412) or this person joined meanwhile (409): decide again on fresh state.
      if ((!isPreconditionFailed(error) && !isConflict(error)) || attempt >= 8) throw error;
    }
  }
  // Only a person new to the service gets a login e-mail: issuing one for an existing user would void the
  // login they may have pending (anyone holding the code can name any address). Existing users log in as usual.
  if (newUser) {
    const { token, code: loginCode } = await issueChallenge(user.email);
    await getMailer().send(loginEmail(user.email, token, loginCode));
  }
  return created(result);
}
