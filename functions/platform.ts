import { defineRoute } from '../shared/http/define-route';
import { created } from '../shared/http/reply';
import { emptyBody, object } from '../shared/domain/vocabulary/schema-parts';
import { cleanupAllData } from '../shared/domain/platform/cleanup';
import {
  listAuditQuery,
  listImpersonations,
  recordAuditBody,
  recordAuditQuery,
  recordImpersonation,
  type RecordAuditBody,
} from '../shared/domain/platform/impersonation';
import {
  cleanupResponse,
  impersonationAuditPage,
  impersonationAuditResponse,
} from '../shared/domain/platform/responses';

defineRoute<RecordAuditBody, { organizationId: string }>({
  name: 'impersonation-audit-record',
  method: 'POST',
  idempotent: true,
  route: 'impersonation/audit',
  auth: 'superAdmin',
  tags: ['platform'],
  summary: 'Record an impersonation start or end (organization from the query)',
  query: recordAuditQuery,
  body: recordAuditBody,
  successStatus: 201,
  response: impersonationAuditResponse,
  errors: ['NOT_FOUND'], // an organization of the query (or a target user) that does not exist
  handler: async ({ principal, query, body }) =>
    created(await recordImpersonation(principal, query.organizationId, body)),
});

defineRoute<unknown, { limit: number; continuationToken?: string; organizationId?: string; targetUserId?: string }>({
  name: 'impersonation-audit-list',
  method: 'GET',
  route: 'impersonation/audit',
  auth: 'superAdmin',
  tags: ['platform'],
  summary: 'Impersonation audit, newest first (optionally one organization or target user)',
  query: listAuditQuery,
  response: impersonationAuditPage,
  handler: ({ query }) => listImpersonations(query),
});

defineRoute<unknown, { confirm?: string }>({
  name: 'management-cleanup',
  method: 'POST',
  route: 'management/cleanup',
  auth: 'superAdmin',
  tags: ['platform'],
  summary: 'Delete all data (only with E2E_TEST_MODE=true and confirm=yes); super admins are kept',
  query: object({ confirm: { type: 'string', maxLength: 10 } }),
  body: emptyBody,
  response: cleanupResponse,
  errors: ['NOT_FOUND'], // outside E2E test mode the route answers as if it did not exist
  handler: ({ principal, query }) => cleanupAllData(query.confirm, principal.userId),
});
