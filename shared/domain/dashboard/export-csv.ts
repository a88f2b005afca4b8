import type { Readable } from 'node:stream';
import { csvStream, type CellValue } from '../../csv/write';
import type { DashboardStats } from './model';

/**
 * The dashboard as one CSV table (docs/exports.md): one row per figure group, told apart by `section`, with the
 * JSON field names as columns and a cell left empty where a column does not apply to the section. Every number
 * is the dashboard's own (the rows are read from the same DashboardStats), so the file reconciles with it.
 */
export const DASHBOARD_CSV_COLUMNS = [
  'section',
  'id',
  'name',
  'dateTime',
  'ticketType',
  'source',
  'venueCapacity',
  'sold',
  'partnerSold',
  'externalSold',
  'totalSold',
  'remaining',
  'price',
  'revenue',
  'partnerRevenue',
  'fee',
  'activeSellers',
  'invoiceState',
  'eligibleCount',
  'invoicedCount',
  'unresolvedOrderCount',
  'invalidBasisOrderCount',
  'invoiceAmount',
  'invoiced',
  'currency',
] as const;
type Column = (typeof DASHBOARD_CSV_COLUMNS)[number];

/** Every row names the organization's currency (the last column), so a row read alone still says what its amounts are. */
export function* dashboardCsvRows(stats: DashboardStats): Generator<CellValue[]> {
  const row = (cells: Partial<Record<Column, CellValue>>): CellValue[] =>
    DASHBOARD_CSV_COLUMNS.map((c) => (c === 'currency' ? stats.currency : cells[c]));
  yield row({
    section: 'summary',
    id: stats.eventId,
    name: stats.eventName,
    venueCapacity: stats.venueCapacity,
    totalSold: stats.totalTicketsSold,
    remaining: stats.ticketsRemaining,
    revenue: stats.totalRevenue,
    fee: stats.totalFee,
    activeSellers: stats.activeSellers,
  });
  for (const s of stats.salesByShowtime) {
    yield row({
      section: 'showtime',
      id: s.showtimeId,
      name: s.label,
      dateTime: s.dateTime,
      sold: s.sold,
      partnerSold: s.partnerSold ?? 0,
      externalSold: s.externalSold,
      totalSold: s.totalSold,
      remaining: s.remaining,
      revenue: s.revenue,
      partnerRevenue: s.partnerRevenue ?? 0,
    });
    for (const e of s.externalBySource) {
      yield row({
        section: 'externalSource',
        id: s.showtimeId,
        dateTime: s.dateTime,
        source: e.source,
        externalSold: e.quantity,
      });
    }
  }
  for (const t of stats.salesByTicketType) {
    yield row({
      section: 'ticketType',
      id: t.ticketTypeId,
      name: t.name,
      price: t.price,
      sold: t.sold,
      revenue: t.revenue,
    });
  }
  for (const m of stats.salesByMember) {
    const summary = m.invoiceSummary;
    yield row({
      section: 'member',
      id: m.userId,
      name: m.userName,
      sold: m.ticketsSold,
      revenue: m.totalRevenue,
      invoiceState: summary.state,
      eligibleCount: summary.eligibleCount,
      invoicedCount: summary.invoicedCount,
      unresolvedOrderCount: summary.unresolvedOrderCount,
      invalidBasisOrderCount: summary.invalidBasisOrderCount,
      invoiceAmount: summary.invoiceAmount,
      invoiced: m.invoiced,
    });
    for (const b of m.breakdown) {
      yield row({
        section: 'memberTicketType',
        id: m.userId,
        name: m.userName,
        ticketType: b.ticketType,
        sold: b.quantity,
        revenue: b.revenue,
      });
    }
  }
  for (const p of stats.salesByPartnerOrganization) {
    yield row({
      section: 'partner',
      id: p.organizationId,
      name: p.organizationName,
      sold: p.ticketsSold,
      revenue: p.revenue,
      fee: p.fee,
    });
  }
}

/**
 * The CSV of the dashboard: `stats` may be the fold still to run (dashboard-stats.ts `dashboardExportSource`); the
 * header leaves at once and the fold reads the sales pages when the first row is asked for.
 */
export const dashboardCsv = (stats: DashboardStats | (() => Promise<DashboardStats>)): Readable =>
  csvStream([...DASHBOARD_CSV_COLUMNS], rowsOf(stats));

async function* rowsOf(stats: DashboardStats | (() => Promise<DashboardStats>)) {
  yield* dashboardCsvRows(typeof stats === 'function' ? await stats() : stats);
}
