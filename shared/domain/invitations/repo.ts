import { containers } from '../../store/client';
import { commitBatch } from '../../store/batch';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import type { MembershipDoc } from '../memberships/model';
import { invitationId, type InvitationDoc, type InvitationIndexDoc } from './model';

/** Every store call on invitations (orgs container) and their public-code index (auth container). */

/** The index first: an invitation is never reachable by its code without it. */
export async function createInvitationWithIndex(doc: InvitationDoc): Promise<Stored<InvitationDoc>> {
  await createItem<InvitationIndexDoc>(containers().auth, {
    id: doc.id,
    docType: 'invitationIndex',
    organizationId: doc.organizationId,
  });
  return createItem<InvitationDoc>(containers().orgs, doc);
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
