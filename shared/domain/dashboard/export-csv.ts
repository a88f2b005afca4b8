import type { Readable } from 'node:stream';
import { csvStream, type CellValue } from '../../csv/write';
import type { DashboardExport, DashboardStats, MoneyOwed } from './model';

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

/**
 * A Treasurer+ export's columns: the dashboard's, then the door figures' and the receivables' (docs/exports.md), with
 * the currency still last. The rows of those sections: `doorShowtime` and `doorMember` (what the door saw, per
 * showtime and per member, `unreported` the tickets admitted beyond reported sold: money still owed), `receivable`
 * (per member) and `receivablesTotal`.
 */
export const MONEY_OWED_CSV_COLUMNS = [
  'issued',
  'returned',
  'reportedSold',
  'admitted',
  'unreported',
  'invoicedAmount',
  'paid',
  'outstanding',
  'receivableStatus',
  'dueDate',
  'reference',
] as const;
export const TREASURER_CSV_COLUMNS = [
  ...DASHBOARD_CSV_COLUMNS.slice(0, -1),
  ...MONEY_OWED_CSV_COLUMNS,
  'currency',
] as const;
type Column = (typeof TREASURER_CSV_COLUMNS)[number];

/** Every row names the organization's currency (the last column), so a row read alone still says what its amounts are. */
export function* dashboardCsvRows(stats: DashboardStats, owed?: MoneyOwed): Generator<CellValue[]> {
  const columns: readonly Column[] = owed ? TREASURER_CSV_COLUMNS : DASHBOARD_CSV_COLUMNS;
  const row = (cells: Partial<Record<Column, CellValue>>): CellValue[] =>
    columns.map((c) => (c === 'currency' ? stats.currency : cells[c]));
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
  if (owed) yield* moneyOwedRows(stats, owed, row);
}

function* moneyOwedRows(
  stats: DashboardStats,
  owed: MoneyOwed,
  row: (cells: Partial<Record<Column, CellValue>>) => CellValue[],
): Generator<CellValue[]> {
  const showtimes = new Map(stats.salesByShowtime.map((s) => [s.showtimeId, s]));
  for (const s of owed.door.showtimes) {
    yield row({
      section: 'doorShowtime',
      id: s.showtimeId,
      name: showtimes.get(s.showtimeId)?.label,
      dateTime: showtimes.get(s.showtimeId)?.dateTime,
      issued: s.issued,
      returned: s.returned,
      reportedSold: s.reportedSold,
      admitted: s.admitted,
    });
  }
  for (const m of owed.door.members) {
    yield row({
      section: 'doorMember',
      id: m.userId,
      name: m.name,
      reportedSold: m.reportedSold,
      admitted: m.admitted,
      unreported: m.unreported,
    });
  }
  for (const r of owed.receivables.items) {
    yield row({
      section: 'receivable',
      id: r.userId,
      name: r.name,
      invoicedAmount: r.invoiced,
      paid: r.paid,
      outstanding: r.outstanding,
      receivableStatus: r.status,
      dueDate: r.dueDate,
      reference: r.reference,
    });
  }
  const totals = owed.receivables.totals;
  yield row({
    section: 'receivablesTotal',
    id: stats.eventId,
    invoicedAmount: totals.invoiced,
    paid: totals.paid,
    outstanding: totals.outstanding,
  });
}

/**
 * The CSV of the dashboard: `stats` may be the fold still to run (dashboard-stats.ts `dashboardExportSource`); the
 * header leaves at once and the fold reads the sales pages when the first row is asked for.
 */
export type DashboardExportInput =
  DashboardStats | DashboardExport | (() => Promise<DashboardStats>) | (() => Promise<DashboardExport>);

/** The dashboard with what is owed, or the dashboard alone. */
export const exportContentOf = (given: DashboardStats | DashboardExport): DashboardExport =>
  'stats' in given ? given : { stats: given };

/**
 * `withMoneyOwed`: the header names the door figures' and receivables' columns too (known before the fold runs,
 * so the header still leaves at once); the content then carries them.
 */
export const dashboardCsv = (given: DashboardExportInput, options: { withMoneyOwed?: boolean } = {}): Readable =>
  csvStream([...(options.withMoneyOwed ? TREASURER_CSV_COLUMNS : DASHBOARD_CSV_COLUMNS)], rowsOf(given));

async function* rowsOf(given: DashboardExportInput) {
  const content = exportContentOf(typeof given === 'function' ? await given() : given);
  yield* dashboardCsvRows(content.stats, content.owed);
}
