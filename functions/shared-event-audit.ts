import { sharedEventScope } from '../shared/auth/scope';
import { defineRoute } from '../shared/http/define-route';
import { listAuditEntries } from '../shared/domain/shared-events/audit/list';
import { auditListQuery, auditPage, type AuditListQuery } from '../shared/domain/shared-events/audit/schemas';

/**
 * GET /api/shared-events/{sharedEventId}/audit (docs/shared-events.md: "Authorized participant or Super Admin"): an Organization
 * Admin of a live participant organization, or a super admin. Paged, newest first; `metadata` is never shown.
 */
defineRoute<unknown, AuditListQuery>({
  name: 'shared-event-audit-list',
  method: 'GET',
  route: 'shared-events/{sharedEventId}/audit',
  scope: sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'admin' }),
  tags: ['shared-events'],
  summary: "The Shared Event's append-only audit log, newest first (paged; optional action filter)",
  query: auditListQuery,
  response: auditPage,
  handler: ({ principal, grant, query }) => listAuditEntries(principal, grant, query),
});
