import type { Readable } from 'node:stream';
import { xlsxStream, type SheetColumn, type SheetSpec } from '../../excel/workbook';
import { exportContentOf, type DashboardExportInput } from './export-csv';
import type { DashboardStats, MoneyOwed } from './model';
import { compareText } from './naming';

/**
 * The dashboard as a workbook (docs/exports.md): one worksheet per section, Summary, Showtimes, Members,
 * Ticket types and Partners, each a header row and one row per element of the matching DashboardStats list, so
 * every number is the dashboard's own. The two repeated sub-lists become columns: a showtime's external sales per
 * source (`External: <source>`) and a member's tickets and revenue per ticket type (`<type> tickets`, `<type>
 * revenue`), so every cell stays a typed number.
 */
const text = (header: string, width = 24): SheetColumn => ({ header, kind: 'text', width });
const integer = (header: string, width = 14): SheetColumn => ({ header, kind: 'integer', width });
const money = (header: string, width = 14): SheetColumn => ({ header, kind: 'money', width });

export const EXCEL_SHEETS = ['Summary', 'Showtimes', 'Members', 'Ticket types', 'Partners'] as const;
/** A Treasurer+ workbook's sheets after those: what the door saw, and what each member owes. */
export const MONEY_OWED_SHEETS = ['Door per showtime', 'Door per member', 'Receivables'] as const;

/**
 * `stats` may be the fold still to run (dashboard-stats.ts `dashboardExportSource`): the workbook's opening entries
 * leave at once, and the sheets (whose columns depend on the figures) follow once the pages are folded. Every money
 * cell is formatted with the organization's currency; the Summary sheet also names it in a column.
 */
export function dashboardWorkbook(given: DashboardExportInput): Readable {
  return xlsxStream(sheetsOf(given));
}

async function* sheetsOf(given: DashboardExportInput): AsyncGenerator<SheetSpec> {
  const { stats, owed } = exportContentOf(typeof given === 'function' ? await given() : given);
  const withCurrency = (sheet: SheetSpec): SheetSpec => ({ ...sheet, currency: stats.currency });
  yield withCurrency(summarySheet(stats));
  yield withCurrency(showtimesSheet(stats));
  yield withCurrency(membersSheet(stats));
  yield withCurrency(typesSheet(stats));
  yield withCurrency(partnersSheet(stats));
  if (!owed) return;
  yield doorShowtimesSheet(stats, owed);
  yield doorMembersSheet(owed);
  yield withCurrency(receivablesSheet(owed));
}

/** Per showtime: tickets issued, returned, reported sold and admitted at the door. */
function doorShowtimesSheet(stats: DashboardStats, owed: MoneyOwed): SheetSpec {
  const showtimes = new Map(stats.salesByShowtime.map((s) => [s.showtimeId, s]));
  return {
    name: 'Door per showtime',
    columns: [
      text('Showtime id', 38),
      text('Date and time', 26),
      text('Label'),
      integer('Issued'),
      integer('Returned'),
      integer('Reported sold'),
      integer('Admitted'),
    ],
    rows: owed.door.showtimes.map((s) => [
      s.showtimeId,
      showtimes.get(s.showtimeId)?.dateTime ?? '',
      showtimes.get(s.showtimeId)?.label ?? '',
      s.issued,
      s.returned,
      s.reportedSold,
      s.admitted,
    ]),
  };
}

/** Per member: reported sold, admitted, and unreported (admitted beyond reported sold: money still owed). */
function doorMembersSheet(owed: MoneyOwed): SheetSpec {
  return {
    name: 'Door per member',
    columns: [
      text('User id', 38),
      text('Member', 28),
      integer('Reported sold'),
      integer('Admitted'),
      integer('Unreported (still owed)', 24),
    ],
    rows: owed.door.members.map((m) => [m.userId, m.name, m.reportedSold, m.admitted, m.unreported]),
  };
}

/** Per member: invoiced, paid, outstanding, status, due date and reference; the last row the totals. */
function receivablesSheet(owed: MoneyOwed): SheetSpec {
  const { items, totals } = owed.receivables;
  return {
    name: 'Receivables',
    columns: [
      text('User id', 38),
      text('Member', 28),
      money('Invoiced'),
      money('Paid'),
      money('Outstanding'),
      text('Status', 14),
      text('Due date', 12),
      text('Reference', 28),
    ],
    rows: [
      ...items.map((r) => [
        r.userId,
        r.name,
        r.invoiced,
        r.paid,
        r.outstanding,
        r.status,
        r.dueDate ?? '',
        r.reference,
      ]),
      ['', 'Total', totals.invoiced, totals.paid, totals.outstanding, '', '', ''],
    ],
  };
}

function summarySheet(stats: DashboardStats): SheetSpec {
  return {
    name: 'Summary',
    columns: [
      text('Event id', 38),
      text('Event', 30),
      integer('Venue capacity'),
      integer('Showtimes', 11),
      integer('Tickets sold'),
      integer('Tickets remaining', 18),
      money('Revenue'),
      money('Fees'),
      integer('Active sellers'),
      text('Currency', 10),
    ],
    rows: [
      [
        stats.eventId,
        stats.eventName,
        stats.venueCapacity,
        stats.salesByShowtime.length,
        stats.totalTicketsSold,
        stats.ticketsRemaining,
        stats.totalRevenue,
        stats.totalFee,
        stats.activeSellers,
        stats.currency,
      ],
    ],
  };
}

function showtimesSheet(stats: DashboardStats): SheetSpec {
  const sources = [...new Set(stats.salesByShowtime.flatMap((s) => s.externalBySource.map((e) => e.source)))].sort(
    compareText,
  );
  return {
    name: 'Showtimes',
    columns: [
      text('Showtime id', 38),
      text('Date and time', 26),
      text('Label'),
      integer('Sold (members)', 15),
      integer('Partner sold'),
      integer('External sold'),
      integer('Total sold'),
      integer('Remaining'),
      money('Revenue'),
      money('Partner revenue', 16),
      ...sources.map((source) => integer(`External: ${source}`, Math.max(14, source.length + 11))),
    ],
    rows: stats.salesByShowtime.map((s) => [
      s.showtimeId,
      s.dateTime,
      s.label,
      s.sold,
      s.partnerSold ?? 0,
      s.externalSold,
      s.totalSold,
      s.remaining,
      s.revenue,
      s.partnerRevenue ?? 0,
      ...sources.map((source) =>
        s.externalBySource.filter((e) => e.source === source).reduce((sum, e) => sum + e.quantity, 0),
      ),
    ]),
  };
}

function membersSheet(stats: DashboardStats): SheetSpec {
  const types = stats.salesByTicketType.map((t) => t.name);
  return {
    name: 'Members',
    columns: [
      text('User id', 38),
      text('Member', 28),
      integer('Tickets sold'),
      money('Revenue'),
      text('Invoice state', 20),
      integer('Eligible records', 16),
      integer('Invoiced records', 16),
      integer('Unresolved orders', 18),
      integer('Invalid-basis orders', 20),
      money('Invoice amount', 16),
      { header: 'All eligible invoiced', kind: 'boolean', width: 20 },
      ...types.flatMap((name) => [
        integer(`${name} tickets`, Math.max(14, name.length + 9)),
        money(`${name} revenue`, Math.max(14, name.length + 9)),
      ]),
    ],
    rows: stats.salesByMember.map((m) => [
      m.userId,
      m.userName,
      m.ticketsSold,
      m.totalRevenue,
      m.invoiceSummary.state,
      m.invoiceSummary.eligibleCount,
      m.invoiceSummary.invoicedCount,
      m.invoiceSummary.unresolvedOrderCount,
      m.invoiceSummary.invalidBasisOrderCount,
      m.invoiceSummary.invoiceAmount,
      m.invoiced,
      ...types.flatMap((name) => {
        const line = m.breakdown.find((b) => b.ticketType === name);
        return [line?.quantity ?? 0, line?.revenue ?? 0];
      }),
    ]),
  };
}

function typesSheet(stats: DashboardStats): SheetSpec {
  return {
    name: 'Ticket types',
    columns: [text('Ticket type id', 38), text('Ticket type'), money('Price'), integer('Sold'), money('Revenue')],
    rows: stats.salesByTicketType.map((t) => [t.ticketTypeId, t.name, t.price, t.sold, t.revenue]),
  };
}

function partnersSheet(stats: DashboardStats): SheetSpec {
  return {
    name: 'Partners',
    columns: [
      text('Organization id', 38),
      text('Organization', 30),
      integer('Tickets sold'),
      money('Revenue'),
      money('Fees'),
    ],
    rows: stats.salesByPartnerOrganization.map((p) => [
      p.organizationId,
      p.organizationName,
      p.ticketsSold,
      p.revenue,
      p.fee,
    ]),
  };
}
