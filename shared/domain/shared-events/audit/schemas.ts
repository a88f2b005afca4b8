import { object, pageQuery } from '../../vocabulary/schema-parts';
import type { Schema } from '../../vocabulary/validation';
import { AUDIT_ACTIONS, type AuditAction } from './entry';

const str: Schema = { type: 'string' };

/** GET /api/shared-events/{sharedEventId}/audit: paged, newest first, optionally one action (docs/shared-events.md: ours). */
export const auditListQuery = object({ ...pageQuery, action: { type: 'string', enum: [...AUDIT_ACTIONS] } });
export interface AuditListQuery {
  limit: number;
  continuationToken?: string;
  action?: AuditAction;
}

/** An audit entry as the API shows it: never `metadata`, `schemaVersion` or store fields. */
export const auditEntryResponse: Schema = object(
  {
    id: str,
    action: str,
    actorUserId: str,
    actorOrganizationId: str,
    targetOrganizationId: str,
    targetUserId: str,
    timestamp: str,
  },
  ['id', 'action', 'actorUserId', 'timestamp'],
);
export const auditPage: Schema = object(
  { items: { type: 'array', items: auditEntryResponse }, continuationToken: str },
  ['items'],
);
