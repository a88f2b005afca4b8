import { defineRoute } from '../shared/http/define-route';
import { fileReply } from '../shared/http/reply';
import { CSV_TYPE, reportExport, type ReportExportQuery } from '../shared/domain/reports/exports';
import { reportExportQuery, reportQuery, reportResponse } from '../shared/domain/reports/schemas';
import { salesReport, type ReportQuery } from '../shared/domain/reports/sales-report';

/** Reports (docs/decisions/sales.md "Reports"), Treasurer+. */
const tags = ['reports'];

defineRoute<unknown, ReportQuery>({
  name: 'reports-get',
  method: 'GET',
  route: 'management/reports',
  auth: 'treasurer',
  tags,
  summary:
    'Sales report tabs: members, choirs (selling organizations and channels), events (with showtimes), types, ' +
    'boxoffice, or all (the default); optional eventId',
  query: reportQuery,
  response: reportResponse,
  handler: ({ organizationId, query }) => salesReport(organizationId, query),
});

defineRoute<unknown, ReportExportQuery>({
  name: 'reports-export',
  method: 'GET',
  route: 'management/reports/export',
  auth: 'treasurer',
  tags,
  summary:
    'CSV export (streamed): transactions (one row per sold line), members, showtimes (the report rows), or ' +
    'orders (one row per printed order); format csv only; optional eventId',
  query: reportExportQuery,
  fileResponse: { contentType: CSV_TYPE },
  handler: async ({ organizationId, query }) => fileReply(await reportExport(organizationId, query)),
});
