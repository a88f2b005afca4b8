import { randomUUID } from 'node:crypto';
import { notFound } from '../../errors';
import type { Principal } from '../users/principal';
import { withEtagRetry } from '../../store/outcomes';
import { membershipsNotMarkedDeleted, replaceMembershipsInBatch } from '../memberships/repo';
import { entryOfMembership, revokeInRoleMap, syncRoleMap } from '../users/role-map';
import { mapWithConcurrency } from '../../csv/parse';
import { toOrganizationResponse, type OrganizationDoc } from './model';
import { createOrganizationDoc, getOrganization, organizationsPageAcrossPartitions, saveOrganization } from './repo';
import { trackEvent } from '../../telemetry/telemetry';
import { normalizeDescription, normalizeName } from './rules';
import type { CreateOrganizationBody, PageQuery, UpdateOrganizationBody } from './schemas';

/**
 * POST /api/organizations. `keyedId`: with an Idempotency-Key the id is derived from the key (shared/http/pipeline.ts),
 * so a retry creates in the same partition and the key record rides in the create's batch: a copy that loses fails
 * on the winner's organization document and answers from the record (docs/decisions/api-contract.md).
 */
export async function createOrganization(principal: Principal, body: CreateOrganizationBody, keyedId?: string) {
  const id = keyedId ?? randomUUID();
  const now = new Date().toISOString();
  const description = normalizeDescription(body.description);
  const doc: OrganizationDoc = {
    id,
    docType: 'organization',
    organizationId: id,
    name: normalizeName(body.name),
    ...(description !== undefined ? { description } : {}),
    ...(body.type !== undefined ? { type: body.type } : {}),
    ...(body.logo !== undefined ? { logo: body.logo } : {}),
    // `full` is the absent field; only the limited mode is stored.
    ...(body.organizationMode === 'sellingPartner' ? { organizationMode: 'sellingPartner' as const } : {}),
    delegatedEventSales: [],
    createdBy: principal.userId,
    createdAt: now,
    updatedAt: now,
    updatedBy: principal.userId,
  };
  return toOrganizationResponse(await createOrganizationDoc(doc, { carriesKey: true }));
}

/** Super-admin listing across organizations: one paged cross-partition query. */
export async function listOrganizations(query: PageQuery & { includeDeleted?: boolean }) {
  const page = await organizationsPageAcrossPartitions(
    query.includeDeleted === true,
    query.limit,
    query.continuationToken,
  );
  return { items: page.items.map(toOrganizationResponse), continuationToken: page.continuationToken };
}

export async function requireLiveOrganization(organizationId: string) {
  const org = await getOrganization(organizationId);
  if (!org || org.deletedAt) throw notFound('Organization');
  return org;
}

export async function readOrganization(organizationId: string) {
  return toOrganizationResponse(await requireLiveOrganization(organizationId));
}

/**
 * PUT /api/organizations/{id}: trimmed name and description, a blank description clears the field,
 * `updatedAt`/`updatedBy` refresh even on a no-op, and telemetry fires only for a real normalized change
 * (never with the text itself).
 */
export async function updateOrganization(principal: Principal, organizationId: string, body: UpdateOrganizationBody) {
  const name = body.name !== undefined ? normalizeName(body.name) : undefined;
  const descriptionGiven = 'description' in body;
  const description = normalizeDescription(body.description);
  let renamed = false;
  let describedAgain = false;
  const saved = await withEtagRetry(async () => {
    const org = await requireLiveOrganization(organizationId);
    const next: typeof org = { ...org, updatedAt: new Date().toISOString(), updatedBy: principal.userId };
    renamed = name !== undefined && name !== org.name;
    if (name !== undefined) next.name = name;
    if (descriptionGiven) {
      describedAgain = description !== org.description;
      if (description === undefined) delete next.description;
      else next.description = description;
    }
    if (body.type !== undefined) next.type = body.type;
    if (body.logo !== undefined) next.logo = body.logo;
    return saveOrganization(next);
  });
  const properties = { organizationId, actorUserId: principal.userId, actorIsSuperAdmin: principal.isSuperAdmin };
  if (renamed) trackEvent('organization.renamed', properties);
  if (describedAgain) trackEvent('organization.description_changed', properties);
  return toOrganizationResponse(saved);
}

/**
 * Soft delete. Every membership is marked first (in transactional batches of the partition), so from then on
 * the role check refuses the organization's members without an extra read; only then is the organization
 * marked. A failure between the two leaves members locked out of a still-listed organization, and repeating
 * the delete completes it.
 */
export async function deleteOrganization(principal: Principal, organizationId: string) {
  const saved = await withEtagRetry(async () => {
    const org = await requireLiveOrganization(organizationId);
    const now = new Date().toISOString();
    await markMemberships(organizationId, now);
    return saveOrganization({ ...org, deletedAt: now, updatedAt: now, updatedBy: principal.userId });
  });
  return toOrganizationResponse(saved);
}

async function markMemberships(organizationId: string, deletedAt: string) {
  const open = await membershipsNotMarkedDeleted(organizationId);
  for (let i = 0; i < open.length; i += 100) {
    const marked = open.slice(i, i + 100).map((m) => ({ ...m, organizationDeletedAt: deletedAt }));
    // Each member's role map first, the memberships after (role-map.ts): the deletion holds from the first write.
    await mapWithConcurrency(marked, 8, (m) => revokeInRoleMap(m.userId, organizationId, entryOfMembership(m)));
    await replaceMembershipsInBatch(organizationId, marked);
    // A grant racing the deletion may have written its entry between the two: the sync settles on the marked one.
    await mapWithConcurrency(marked, 8, (m) => syncRoleMap(m.userId, organizationId));
  }
}
