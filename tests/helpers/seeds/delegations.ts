import { randomUUID } from 'node:crypto';
import { containers } from '../../../shared/store/client';
import { readItem } from '../../../shared/store/operations';
import { type Doc, nowIso, rewriteOrgDocument } from './store-access';

/** Sales delegations: delegations and states the lifecycle routes cannot make on demand. */

const FULL_BUNDLE = {
  canCreateSales: true,
  canReportSoldReturned: true,
  canViewOwnAttributedReports: true,
  canApproveOwnMemberOrders: true,
};

/**
 * An ACTIVE sales delegation of `eventId` (owned by `ownerOrgId`) to `partnerOrgId`, as invite + accept leave it:
 * the delegation embedded in the owner's event `salesDelegations[]` (docs/shared-events.md fields, fixed permission bundle,
 * reverse index synced) and the partner's display index entry in `Organization.delegatedEventSales[]`.
 * `permissions` replaces the bundle (e.g. without `canApproveOwnMemberOrders`, as delegations before v1.2.0).
 * Returns the delegation id.
 */
export async function seedActiveDelegation(
  ownerOrgId: string,
  eventId: string,
  partnerOrgId: string,
  options: { permissions?: Doc } = {},
): Promise<string> {
  const [owner, partner] = await Promise.all([
    readItem<Doc>(containers().orgs, ownerOrgId, ownerOrgId),
    readItem<Doc>(containers().orgs, partnerOrgId, partnerOrgId),
  ]);
  if (!owner || !partner) throw new Error('seed: owner or partner organization missing');
  const id = randomUUID();
  const now = nowIso();
  const delegation = {
    id,
    partnerOrganizationId: partnerOrgId,
    partnerOrganizationName: partner.name,
    status: 'active',
    invitedBy: 'seed-owner-admin',
    invitedByName: 'Seeded Owner Admin',
    invitedAt: now,
    respondedBy: 'seed-partner-admin',
    respondedByName: 'Seeded Partner Admin',
    respondedAt: now,
    permissions: options.permissions ?? FULL_BUNDLE,
    assignmentVersion: 2,
    reverseIndexSyncStatus: 'synced',
    reverseIndexOperationId: randomUUID(),
    reverseIndexTransitionVersion: 2,
    reverseIndexSyncedAt: now,
    reverseIndexSyncAttempts: 2,
  };
  await rewriteOrgDocument(ownerOrgId, eventId, (doc) => ({
    ...doc,
    salesDelegations: [
      ...((doc.salesDelegations as Doc[] | undefined) ?? []).filter((d) => d.partnerOrganizationId !== partnerOrgId),
      delegation,
    ],
  }));
  await rewriteOrgDocument(partnerOrgId, partnerOrgId, (doc) => ({
    ...doc,
    delegatedEventSales: [
      ...((doc.delegatedEventSales as Doc[] | undefined) ?? []).filter((r) => r.eventId !== eventId),
      {
        delegationId: id,
        eventId,
        ownerOrganizationId: ownerOrgId,
        ownerOrganizationName: owner.name,
        status: 'active',
        transitionVersion: 1,
      },
    ],
  }));
  return id;
}

/**
 * Moves the delegation on the OWNER's event to `status` (revoked, with its audit fields) and leaves the partner's
 * index untouched: the stale projection a failed reverse-index sync leaves behind.
 */
export const seedDelegationStatus = (ownerOrgId: string, eventId: string, delegationId: string, status: string) =>
  rewriteOrgDocument(ownerOrgId, eventId, (doc) => ({
    ...doc,
    salesDelegations: ((doc.salesDelegations as Doc[] | undefined) ?? []).map((d) =>
      d.id !== delegationId
        ? d
        : {
            ...d,
            status,
            ...(status === 'revoked'
              ? { revokedBy: 'seed-owner-admin', revokedByName: 'Seeded', revokedAt: nowIso(), revokedReason: 'seed' }
              : {}),
          },
    ),
  }));
// --- Delegations (issue 11): states the lifecycle routes cannot make on demand ------------------------------

/**
 * Changes fields of one delegation embedded in the owner's event, as time or an interrupted request leaves it:
 * an invitation past its expiry, a sync left pending or failed at an older transition.
 */
export const seedDelegationFields = (ownerOrgId: string, eventId: string, delegationId: string, fields: Doc) =>
  rewriteOrgDocument(ownerOrgId, eventId, (doc) => ({
    ...doc,
    salesDelegations: (doc.salesDelegations as Doc[]).map((d) => (d.id === delegationId ? { ...d, ...fields } : d)),
  }));

/** The partner's reverse index as stored (no route shows it to the partner except filtered by status). */
export const storedDelegatedEventSales = async (partnerOrgId: string) =>
  ((await readItem<Doc>(containers().orgs, partnerOrgId, partnerOrgId))?.delegatedEventSales ?? []) as Doc[];
