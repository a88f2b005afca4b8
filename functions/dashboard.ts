import { defineRoute } from '../shared/http/define-route';
import { fileReply } from '../shared/http/reply';
import { dashboardCsv } from '../shared/domain/dashboard/export-csv';
import { dashboardWorkbook } from '../shared/domain/dashboard/export-excel';
import { dashboardResponse } from '../shared/domain/dashboard/schemas';
import { dashboardExportSource, dashboardStats } from '../shared/domain/dashboard/dashboard-stats';
import { XLSX_CONTENT_TYPE } from '../shared/excel/workbook';

// Ticket Manager+ (docs/decisions/sales.md "Dashboard and invoicing"); reads only, so not restricted by organization mode.
const tags = ['dashboard'];
const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

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
  summary: 'The dashboard as one CSV table with a section column (streamed; columns in docs/exports.md)',
  fileResponse: { contentType: CSV_CONTENT_TYPE },
  handler: async ({ organizationId, params }) => {
    const source = await dashboardExportSource(organizationId, params.eventId);
    return fileReply({
      contentType: CSV_CONTENT_TYPE,
      fileName: source.fileName('csv'),
      content: dashboardCsv(source.stats),
    });
  },
});

defineRoute({
  name: 'dashboard-export-excel',
  method: 'GET',
  route: 'management/dashboard/{eventId}/export-excel',
  auth: 'ticketManager',
  tags,
  summary: 'The dashboard as an Excel workbook, one worksheet per section (streamed; columns in docs/exports.md)',
  fileResponse: { contentType: XLSX_CONTENT_TYPE },
  handler: async ({ organizationId, params }) => {
    const source = await dashboardExportSource(organizationId, params.eventId);
    return fileReply({
      contentType: XLSX_CONTENT_TYPE,
      fileName: source.fileName('xlsx'),
      content: dashboardWorkbook(source.stats),
    });
  },
});
