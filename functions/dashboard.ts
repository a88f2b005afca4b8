import { defineRoute } from '../shared/http/define-route';
import { fileReply } from '../shared/http/reply';
import { dashboardCsv } from '../shared/domain/dashboard/export-csv';
import { dashboardWorkbook } from '../shared/domain/dashboard/export-excel';
import { dashboardResponse } from '../shared/domain/dashboard/schemas';
import { dashboardExportSource, dashboardStats } from '../shared/domain/dashboard/dashboard-stats';
import { XLSX_CONTENT_TYPE } from '../shared/excel/workbook';
import { roleAtLeast } from '../shared/domain/memberships/roles';
import type { Principal } from '../shared/domain/users/principal';

// Ticket Manager+ (docs/decisions/sales.md "Dashboard and invoicing"); reads only, so not restricted by organization mode.
const tags = ['dashboard'];
const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * The door figures and the receivables are Treasurer+ (their own routes are): a ticket manager's export is the
 * dashboard alone, a treasurer's, admin's or super admin's adds them (docs/decisions/invoices-and-reminders.md).
 */
const readsMoneyOwed = (principal: Principal) => principal.isSuperAdmin || roleAtLeast(principal.role, 'treasurer');

defineRoute({
  name: 'dashboard-get',
  method: 'GET',
  route: 'management/dashboard/{eventId}',
  auth: 'ticketManager',
  tags,
  summary: 'DashboardStats of an event: sales by member, ticket type, showtime and partner organization',
  response: dashboardResponse,
  handler: ({ organizationId, params }) => dashboardStats(organizationId, params.eventId),
});

defineRoute({
  name: 'dashboard-export-csv',
  method: 'GET',
  route: 'management/dashboard/{eventId}/export',
  auth: 'ticketManager',
  tags,
  summary:
    'The dashboard as one CSV table with a section column (streamed; columns in docs/exports.md); Treasurer+ also get the door figures and receivables sections',
  fileResponse: { contentType: CSV_CONTENT_TYPE },
  handler: async ({ organizationId, params, principal }) => {
    const source = await dashboardExportSource(organizationId, params.eventId, {
      withMoneyOwed: readsMoneyOwed(principal),
    });
    return fileReply({
      contentType: CSV_CONTENT_TYPE,
      fileName: source.fileName('csv'),
      content: dashboardCsv(source.content, { withMoneyOwed: source.withMoneyOwed }),
    });
  },
});

defineRoute({
  name: 'dashboard-export-excel',
  method: 'GET',
  route: 'management/dashboard/{eventId}/export-excel',
  auth: 'ticketManager',
  tags,
  summary:
    'The dashboard as an Excel workbook, one worksheet per section (streamed; columns in docs/exports.md); Treasurer+ also get the door and receivables sheets',
  fileResponse: { contentType: XLSX_CONTENT_TYPE },
  handler: async ({ organizationId, params, principal }) => {
    const source = await dashboardExportSource(organizationId, params.eventId, {
      withMoneyOwed: readsMoneyOwed(principal),
    });
    return fileReply({
      contentType: XLSX_CONTENT_TYPE,
      fileName: source.fileName('xlsx'),
      content: dashboardWorkbook(source.content),
    });
  },
});
