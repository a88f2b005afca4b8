import type { AuditListQuery } from './schemas';
import type { SharedEventAuditEntryDoc } from '../model';
import { auditEntriesPage } from '../repo';
import type { SharedEventAccess } from '../access';
import type { Principal } from '../../users/principal';
import { peopleOfAccess, type People } from '../people';

/** The audit entry as the API shows it: `metadata` stays in the store (docs/shared-events.md), as do schemaVersion and docType. */
export const toAuditEntryResponse = (e: SharedEventAuditEntryDoc, people: People) => ({
  id: e.id,
  action: e.action,
  actorUserId: people(e.actorUserId, e.actorOrganizationId),
  ...(e.actorOrganizationId !== undefined ? { actorOrganizationId: e.actorOrganizationId } : {}),
  ...(e.targetOrganizationId !== undefined ? { targetOrganizationId: e.targetOrganizationId } : {}),
  ...(e.targetUserId !== undefined ? { targetUserId: people(e.targetUserId) } : {}),
  timestamp: e.timestamp,
});

/** GET …/audit: one page of the append-only log, newest first (one query in the Shared Event's partition). */
export async function listAuditEntries(principal: Principal, access: SharedEventAccess, query: AuditListQuery) {
  const people = peopleOfAccess(principal, access);
  const page = await auditEntriesPage(
    access.sharedEventId,
    { action: query.action },
    query.limit,
    query.continuationToken,
  );
  return {
    items: page.items.map((e) => toAuditEntryResponse(e, people)),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
  };
}
