import { randomUUID } from 'node:crypto';
import type { Principal } from '../../auth/principal';
import { idString, object, pageQuery, shortText } from '../../http/schema-parts';
import { containers } from '../../store/client';
import { createItem } from '../../store/operations';
import { queryPage } from '../../store/pagination';
import { requireLiveOrganization } from '../organizations/service';

export const recordAuditBody = object(
  {
    targetUserId: idString,
    action: { enum: ['start', 'end'] },
    duration: { type: 'integer', minimum: 0, maximum: 7 * 24 * 3600 },
    note: shortText(500),
  },
  ['targetUserId', 'action'],
);
export const recordAuditQuery = object({ organizationId: idString }, ['organizationId']);
export const listAuditQuery = object({ ...pageQuery, organizationId: idString, targetUserId: idString });

export interface RecordAuditBody {
  targetUserId: string;
  action: 'start' | 'end';
  duration?: number;
  note?: string;
}

interface ImpersonationAuditDoc {
  id: string;
  docType: 'impersonationAudit';
  organizationId: string;
  adminUserId: string;
  targetUserId: string;
  action: 'start' | 'end';
  timestamp: string;
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
  const doc = await createItem<ImpersonationAuditDoc>(containers().orgs, {
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
  const clauses = ["c.docType = 'impersonationAudit'"];
  const parameters = [];
  if (query.organizationId) {
    clauses.push('c.organizationId = @org');
    parameters.push({ name: '@org', value: query.organizationId });
  }
  if (query.targetUserId) {
    clauses.push('c.targetUserId = @target');
    parameters.push({ name: '@target', value: query.targetUserId });
  }
  const page = await queryPage<ImpersonationAuditDoc>(
    containers().orgs,
    query.organizationId,
    { query: `SELECT * FROM c WHERE ${clauses.join(' AND ')} ORDER BY c.timestamp DESC`, parameters },
    query.limit,
    query.continuationToken,
  );
  return { items: page.items.map(toResponse), continuationToken: page.continuationToken };
}
