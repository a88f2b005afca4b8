import { csvStream, type CellValue } from '../../csv/write';
import { notFound } from '../../errors';
import { salesRecordOf } from '../sales/facts';
import { salesDocPages } from '../sales/repo';
import {
  manualExternalRows,
  MEMBER_COLUMNS,
  memberRow,
  ORDER_COLUMNS,
  orderRow,
  SHOWTIME_COLUMNS,
  showtimeRows,
  TRANSACTION_COLUMNS,
  transactionRows,
} from './export-rows';
import { SalesReportFold } from './fold';
import type { ExportType, ReportEvent } from './model';
import { orderExportPages, reportEvents } from './repo';
import { foldSales } from './sales-report';

export interface ReportExportQuery {
  exportType: ExportType;
  format: 'csv';
  eventId?: string;
}

export const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * GET management/reports/export: a CSV streamed as it is produced (docs/exports.md). The members and showtimes
 * exports are the report's own rows (one fold, so the same quantities, order-time prices and fees); the
 * transactions and orders exports stream the documents page by page straight from the query, after one read of
 * the events for names.
 */
export async function reportExport(organizationId: string, query: ReportExportQuery) {
  const fileName = `report-${query.exportType}${query.eventId ? `-${query.eventId}` : ''}.csv`;
  const content = await exportContent(organizationId, query);
  return { contentType: CSV_TYPE, fileName, content };
}

async function exportContent(organizationId: string, query: ReportExportQuery) {
  switch (query.exportType) {
    case 'members': {
      const report = (await foldSales(organizationId, query.eventId, { organizationName: false })).result();
      return csvStream(MEMBER_COLUMNS, report.members.rows.map(memberRow));
    }
    case 'showtimes': {
      const report = (await foldSales(organizationId, query.eventId, { organizationName: false })).result();
      return csvStream(SHOWTIME_COLUMNS, report.events.rows.flatMap(showtimeRows));
    }
    case 'transactions': {
      const fold = await eventsFold(organizationId, query.eventId);
      return csvStream(TRANSACTION_COLUMNS, transactionStream(organizationId, query.eventId, fold));
    }
    case 'orders': {
      const fold = await eventsFold(organizationId, query.eventId);
      return csvStream(ORDER_COLUMNS, orderStream(organizationId, query.eventId, fold));
    }
  }
}

/** The live events only (names, showtimes): the streamed exports cover the same events as the reports. */
async function eventsFold(organizationId: string, eventId: string | undefined) {
  const events: ReportEvent[] = await reportEvents(organizationId, eventId);
  if (eventId !== undefined && events.length === 0) throw notFound('Event');
  return new SalesReportFold(events, { id: organizationId });
}

async function* transactionStream(
  organizationId: string,
  eventId: string | undefined,
  fold: SalesReportFold,
): AsyncGenerator<CellValue[]> {
  for await (const page of salesDocPages(organizationId, eventId !== undefined ? { eventId } : {})) {
    for (const doc of page) {
      const record = salesRecordOf(doc);
      if (record && fold.covers(record)) yield* transactionRows(record, fold.event(record.eventId));
    }
  }
  for (const event of fold.sortedEvents()) yield* manualExternalRows(event);
}

async function* orderStream(
  organizationId: string,
  eventId: string | undefined,
  fold: SalesReportFold,
): AsyncGenerator<CellValue[]> {
  for await (const page of orderExportPages(organizationId, eventId)) {
    for (const order of page) {
      const event = fold.event(order.eventId);
      if (event) yield orderRow(order, event);
    }
  }
}
