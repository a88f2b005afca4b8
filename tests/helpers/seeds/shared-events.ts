import { randomUUID } from 'node:crypto';
import { auditEntry, type AuditAction } from '../../../shared/domain/shared-events/audit/entry';
import { appendAudit } from '../../../shared/domain/shared-events/repo';
import { containers } from '../../../shared/store/client';
import { createItem, deleteItem, queryAll, readItem, replaceItem } from '../../../shared/store/operations';
import { type Doc, nowIso, rewriteOrgDocument } from './store-access';

/** Shared Events: a Shared Event as creation would leave it, roster states, grants, audit, invitations, projections. */

/**
 * A Shared Event with its organizer (whose admin `ownerUserId` is its owner) and further roster entries, written
 * straight into its partition; the head document carries two showtimes and two ticket type templates. Routes built
 * in parallel (creation, roster) make the same documents; this lets each part be tested on its own.
 */
export async function seedSharedEvent(options: {
  organizerOrgId: string;
  ownerUserId: string;
  participants?: { organizationId: string; status: string }[];
  status?: string;
  capacityPolicy?: 'pool' | 'quota';
  name?: string;
}) {
  const sharedEventId = randomUUID();
  const now = nowIso();
  const head = {
    id: sharedEventId,
    docType: 'sharedEvent',
    sharedEventId,
    name: options.name ?? 'Joint Festival',
    date: '2027-06-01T18:00:00.000Z',
    showtimes: [
      { showtimeId: randomUUID(), dateTime: '2027-06-01T14:00:00.000Z', label: 'Matinee' },
      { showtimeId: randomUUID(), dateTime: '2027-06-01T19:00:00.000Z', label: 'Evening' },
    ],
    ticketTypeTemplates: [
      { id: randomUUID(), name: 'Adult', price: 30, fee: 2, sortOrder: 1 },
      { id: randomUUID(), name: 'Child', price: 12, fee: 1, sortOrder: 2 },
    ],
    capacityPolicy: options.capacityPolicy ?? 'pool',
    sharedCapacity: { perShowtime: 200 },
    organizerOrgId: options.organizerOrgId,
    status: options.status ?? 'open',
    owners: [{ userId: options.ownerUserId, organizationId: options.organizerOrgId, addedAt: now }],
    grants: [],
    externalChannels: [],
    detailsVersion: 1,
    schemaVersion: 1,
    createdAt: now,
    createdBy: options.ownerUserId,
    updatedAt: now,
  };
  await createItem(containers().sharedEvents, head);
  const roster = [{ organizationId: options.organizerOrgId, status: 'active' }, ...(options.participants ?? [])];
  for (const entry of roster) {
    await createItem(containers().sharedEvents, {
      id: `participant-${entry.organizationId}`,
      docType: 'sharedEventParticipant',
      sharedEventId,
      organizationId: entry.organizationId,
      status: entry.status,
      role: entry.organizationId === options.organizerOrgId ? 'organizer' : 'participant',
      schemaVersion: 1,
    });
  }
  return head;
}

/** Every document of a Shared Event's partition of one docType (what no route shows: audit metadata, hashes). */
export const storedSharedEventDocuments = <T = any>(sharedEventId: string, docType: string) =>
  queryAll<T>(containers().sharedEvents, sharedEventId, {
    query: 'SELECT * FROM c WHERE c.sharedEventId = @id AND c.docType = @type',
    parameters: [
      { name: '@id', value: sharedEventId },
      { name: '@type', value: docType },
    ],
  });

// --- Shared Events: owners, grants and the audit log (issue 12, se-grants) ---------------------------------

/**
 * Audit entries as other Shared Event changes will append them, with `metadata` (which no route may show), written
 * through the area's own append so their ids are the deterministic ones. Timestamps are given so order is known.
 */
export async function seedSharedEventAuditEntries(
  sharedEventId: string,
  entries: {
    action: AuditAction;
    actorUserId: string;
    actorOrganizationId?: string;
    targetOrganizationId?: string;
    targetUserId?: string;
    timestamp: string;
    metadata?: Record<string, unknown>;
  }[],
) {
  for (const [i, e] of entries.entries()) {
    await appendAudit(
      auditEntry({ sharedEventId, ...e, at: e.timestamp, operation: `seed-${i}-${e.timestamp}`, metadata: e.metadata }),
    );
  }
}

/** Moves an organization's roster entry to another status (left, declined, removed) as the roster routes will. */
export async function seedSharedEventParticipantStatus(sharedEventId: string, orgId: string, status: string) {
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, `participant-${orgId}`);
  if (!doc) throw new Error(`seed: ${orgId} is not on the roster of ${sharedEventId}`);
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, status }, doc._etag as string);
}

/** The Shared Event head document as stored (grants, owners, internal fields). */
export const storedSharedEventHead = (sharedEventId: string) =>
  readItem<Doc>(containers().sharedEvents, sharedEventId, sharedEventId);
// --- Shared Event invitations (links, pending records, fan-out) ------------------------------------------------

/** Moves an invitation link's expiry into the past (the store never expires items; expiry is checked in code). */
export async function seedInvitationLinkExpired(sharedEventId: string, linkId: string) {
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, linkId);
  if (!doc) throw new Error(`seed: no invitation link ${linkId}`);
  const past = new Date(Date.now() - 60_000).toISOString();
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, expiresAt: past }, doc._etag as string);
}

/** Every document of any type in the whole store whose JSON contains `needle` (proves an e-mail was not stored). */
export async function storedDocumentsContaining(needle: string) {
  const hits: unknown[] = [];
  for (const container of [containers().orgs, containers().sharedEvents]) {
    const all = await queryAll<Doc>(container, undefined, { query: 'SELECT * FROM c' });
    hits.push(...all.filter((d) => JSON.stringify(d).toLowerCase().includes(needle.toLowerCase())));
  }
  return hits;
}

/** Every stored document of one docType across every organization partition (fan-out records, notifications). */
export const storedOrgDocumentsAcrossPartitions = <T = any>(docType: string) =>
  queryAll<T>(containers().orgs, undefined, {
    query: 'SELECT * FROM c WHERE c.docType = @type',
    parameters: [{ name: '@type', value: docType }],
  });

// --- Shared Event core (se-core): grants and fingerprints no core route writes ------------------------------

/** Adds a named capability grant to a Shared Event's head (the grant routes are another part of issue 12). */
export async function seedSharedEventGrant(
  sharedEventId: string,
  grant: { userId: string; organizationId: string; capabilities: string[] },
) {
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, sharedEventId);
  if (!doc) throw new Error(`seed: no Shared Event ${sharedEventId}`);
  const grants = [...((doc.grants as Doc[]) ?? []), { ...grant, issuedAt: nowIso(), issuedBy: 'seed' }];
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, grants }, doc._etag as string);
}

/** Moves a roster entry to another status now (the leave and remove routes are another part of issue 12). */
export async function seedParticipantStatus(sharedEventId: string, orgId: string, status: string) {
  const id = `participant-${orgId}`;
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, id);
  if (!doc) throw new Error(`seed: no roster entry ${id}`);
  const now = nowIso();
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, status, updatedAt: now }, doc._etag as string);
}

/** Sets a roster entry's quotas per showtime (the quota routes are another part of issue 13, se-admin). */
export async function seedParticipantQuotas(
  sharedEventId: string,
  orgId: string,
  quotaByShowtime: Record<string, number>,
) {
  const id = `participant-${orgId}`;
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, id);
  if (!doc) throw new Error(`seed: no roster entry ${id}`);
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, quotaByShowtime }, doc._etag as string);
}

/** A fingerprint of every document of a Shared Event's partition (ids and ETags): equal means nothing written. */
export async function sharedEventFingerprint(sharedEventId: string): Promise<string[]> {
  const docs = await queryAll<{ id: string; _etag: string }>(containers().sharedEvents, sharedEventId, {
    query: 'SELECT c.id, c._etag FROM c WHERE c.sharedEventId = @id',
    parameters: [{ name: '@id', value: sharedEventId }],
  });
  return docs.map((d) => `${d.id}:${d._etag}`).sort();
}

/** How many Shared Events exist at all (a creation refused before any write leaves this unchanged). */
export async function sharedEventCount(): Promise<number> {
  const rows = await queryAll<{ id: string }>(containers().sharedEvents, undefined, {
    query: "SELECT c.id FROM c WHERE c.docType = 'sharedEvent'",
  });
  return rows.length;
}

/** Deletes an organization's projection of a Shared Event, as an operator's mistake or a lost write leaves it. */
export const loseSharedEventProjection = (orgId: string, sharedEventId: string) =>
  deleteItem(containers().orgs, orgId, `se-${sharedEventId}`);

/** Marks a projection as carrying a newer details version (what a later, concurrent sync leaves behind). */
export const seedProjectionAhead = (orgId: string, sharedEventId: string, detailsVersion: number, name: string) =>
  rewriteOrgDocument(orgId, `se-${sharedEventId}`, (doc) => ({
    ...doc,
    name,
    sharedEventLink: { ...(doc.sharedEventLink as Doc), detailsVersion },
  }));
