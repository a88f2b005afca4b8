import { containers } from '../../store/client';
import { commitBatch } from '../../store/batch';
import { createItem, deleteItem, readItem, replaceItem } from '../../store/operations';
import { logError } from '../../telemetry/telemetry';
import { isWriteRefused, type Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import type { MembershipDoc } from '../memberships/model';
import { invitationId, type InvitationDoc, type InvitationIndexDoc } from './model';

/** Every store call on invitations (orgs container) and their public-code index (auth container). */

/**
 * The index first: an invitation is never reachable by its code without it. The invitation's create is the use
 * case's decisive write (`carriesKey`: docs/decisions/api-contract.md). When the store refuses that create outright
 * (nothing of it committed: `isWriteRefused`), the index names a fresh random code nobody learns and is given back,
 * so the refusal leaves no trace. Any other failure keeps the index: the create may have committed (an ambiguous
 * answer), and an index without its invitation is only an unreachable code.
 */
export async function createInvitationWithIndex(doc: InvitationDoc): Promise<Stored<InvitationDoc>> {
  await createItem<InvitationIndexDoc>(containers().auth, {
    id: doc.id,
    docType: 'invitationIndex',
    organizationId: doc.organizationId,
  });
  try {
    return await createItem<InvitationDoc>(containers().orgs, doc, { carriesKey: true });
  } catch (error) {
    if (isWriteRefused(error)) await dropIndex(doc.id);
    throw error;
  }
}

/** Best effort: a failure leaves an index that names no invitation, never a wrong answer. */
async function dropIndex(id: string) {
  try {
    await deleteItem(containers().auth, id, id);
  } catch (error) {
    logError(error, { operation: 'invitation.dropIndex' });
  }
}

export async function getInvitation(organizationId: string, code: string) {
  const doc = await readItem<InvitationDoc>(containers().orgs, organizationId, invitationId(code));
  return doc?.docType === 'invitation' ? doc : undefined;
}

/** The organization that issued a public code (auth container, one point read). */
export async function organizationOfCode(code: string): Promise<string | undefined> {
  const id = invitationId(code);
  const index = await readItem<InvitationIndexDoc>(containers().auth, id, id);
  return index?.organizationId;
}

export const replaceInvitation = (doc: Stored<InvitationDoc>) =>
  replaceItem(containers().orgs, doc.organizationId, doc, doc._etag);

export const invitationsNewestFirst = (organizationId: string) =>
  inPartition('orgs', organizationId)
    .where("c.docType = 'invitation'")
    .orderBy('c.createdAt DESC')
    .all<InvitationDoc>();

/**
 * One transactional batch of the organization's partition: the invitation's use, guarded by the ETag it was
 * read with (first, so a lost race writes nothing), and the new membership.
 */
export function useInvitationForMembership(used: InvitationDoc, etag: string, membership: MembershipDoc) {
  return commitBatch(containers().orgs, used.organizationId, [
    { replace: used, ifMatch: etag },
    { create: membership },
  ]);
}
