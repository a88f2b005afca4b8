import { notFound } from '../../errors';
import { getOrganization } from '../organizations/repo';
import { salesRecordOf } from '../sales/facts';
import { salesDocPages } from '../sales/repo';
import { SalesReportFold } from './fold';
import { REPORT_SECTIONS, type ReportType } from './model';
import { reportEvents } from './repo';

export interface ReportQuery {
  type: ReportType;
  eventId?: string;
}

/**
 * The reads of every report and export: the live events (one query) and, for the choirs tab, the organization's
 * own name (one point read), in parallel; then the sales read-model, one streamed partition query folded page by
 * page. A named event that is unknown or deleted is a 404.
 */
export async function foldSales(
  organizationId: string,
  eventId: string | undefined,
  options: { organizationName: boolean },
): Promise<SalesReportFold> {
  const [events, organization] = await Promise.all([
    reportEvents(organizationId, eventId),
    options.organizationName ? getOrganization(organizationId) : undefined,
  ]);
  if (eventId !== undefined && events.length === 0) throw notFound('Event');
  const fold = new SalesReportFold(events, { id: organizationId, name: organization?.name });
  for await (const page of salesDocPages(organizationId, eventId !== undefined ? { eventId } : {})) {
    for (const doc of page) {
      const record = salesRecordOf(doc);
      if (record) fold.add(record);
    }
  }
  return fold;
}

/** GET management/reports: the tab named by `type`, or every tab for `all`, computed from one fold. */
export async function salesReport(organizationId: string, query: ReportQuery) {
  const sections = query.type === 'all' ? REPORT_SECTIONS : [query.type];
  const fold = await foldSales(organizationId, query.eventId, { organizationName: sections.includes('choirs') });
  const report = fold.result();
  return {
    organizationId,
    type: query.type,
    ...(query.eventId !== undefined ? { eventId: query.eventId } : {}),
    ...Object.fromEntries(sections.map((section) => [section, report[section]])),
  };
}
