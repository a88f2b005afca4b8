import { randomUUID } from 'node:crypto';
import type { Principal } from '../users/principal';
import { idString, object, pageQuery, shortText } from '../vocabulary/schema-parts';
import { requireLiveOrganization } from '../organizations/manage-organizations';
import { IMPERSONATION_ACTIONS, type ImpersonationAction, type ImpersonationAuditDoc } from './model';
import { createImpersonationAudit, impersonationsPage } from './repo';

export const recordAuditBody = object(
  {
    targetUserId: idString,
    action: { enum: [...IMPERSONATION_ACTIONS] },
    duration: { type: 'integer', minimum: 0, maximum: 7 * 24 * 3600 },
    note: shortText(500),
  },
  ['targetUserId', 'action'],
);
export const recordAuditQuery = object({ organizationId: idString }, ['organizationId']);
export const listAuditQuery = object({ ...pageQuery, organizationId: idString, targetUserId: idString });

export interface RecordAuditBody {
  targetUserId: string;
  action: ImpersonationAction;
  duration?: number;
  note?: string;
}

const toResponse = (d: ImpersonationAuditDoc) => ({
  id: d.id,
  organizationId: d.organizationId,
  adminUserId: d.adminUserId,
  targetUserId: d.targetUserId,
  action: d.action,
  timestamp: d.timestamp,
  ...(d.duration !== undefined ? { duration: d.duration } : {}),
  ...(d.note !== undefined ? { note: d.note } : {}),
});

/** Append-only: the acting super admin and the time come from the server, never from the body. */
export async function recordImpersonation(principal: Principal, organizationId: string, body: RecordAuditBody) {
  await requireLiveOrganization(organizationId);
  const doc = await createImpersonationAudit({
    id: randomUUID(),
    docType: 'impersonationAudit',
    organizationId,
    adminUserId: principal.userId,
    targetUserId: body.targetUserId,
    action: body.action,
    timestamp: new Date().toISOString(),
    ...(body.duration !== undefined ? { duration: body.duration } : {}),
    ...(body.note !== undefined ? { note: body.note } : {}),
  });
  return toResponse(doc);
}

/** Newest first; one partition when an organization is given, else across organizations. */
export async function listImpersonations(query: {
  limit: number;
  continuationToken?: string;
  organizationId?: string;
  targetUserId?: string;
}) {
  const page = await impersonationsPage(query, query.limit, query.continuationToken);
  return { items: page.items.map(toResponse), continuationToken: page.continuationToken };
}
