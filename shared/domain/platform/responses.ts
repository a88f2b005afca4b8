import { object } from '../vocabulary/schema-parts';
import { integer, pageOf, text, timestamp } from '../vocabulary/response-parts';

export const impersonationAuditResponse = object(
  {
    id: text,
    organizationId: text,
    adminUserId: text,
    targetUserId: text,
    action: { enum: ['start', 'end'] },
    timestamp,
    duration: integer,
    note: text,
  },
  ['id', 'organizationId', 'adminUserId', 'targetUserId', 'action', 'timestamp'],
);
export const impersonationAuditPage = pageOf(impersonationAuditResponse);

/** Deleted document counts per container. */
export const cleanupResponse = object({ deleted: { type: 'object', additionalProperties: integer } }, ['deleted']);
