import type { AuditListQuery } from './schemas';
import type { SharedEventAuditEntryDoc } from '../model';
import { auditEntriesPage } from '../repo';

/** The audit entry as the API shows it: `metadata` stays in the store (docs/shared-events.md), as do schemaVersion and docType. */
export const toAuditEntryResponse = (e: SharedEventAuditEntryDoc) => ({
  id: e.id,
  action: e.action,
  actorUserId: e.actorUserId,
  ...(e.actorOrganizationId !== undefined ? { actorOrganizationId: e.actorOrganizationId } : {}),
  ...(e.targetOrganizationId !== undefined ? { targetOrganizationId: e.targetOrganizationId } : {}),
  ...(e.targetUserId !== undefined ? { targetUserId: e.targetUserId } : {}),
  timestamp: e.timestamp,
});

/** GET …/audit: one page of the append-only log, newest first (one query in the Shared Event's partition). */
export async function listAuditEntries(sharedEventId: string, query: AuditListQuery) {
  const page = await auditEntriesPage(sharedEventId, { action: query.action }, query.limit, query.continuationToken);
  return {
    items: page.items.map(toAuditEntryResponse),
    ...(page.continuationToken ? { continuationToken: page.continuationToken } : {}),
  };
}
