import ExcelJS from 'exceljs';
import { TestHost } from '../helpers/harness';
import { setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { capacitySummary } from '../helpers/events';
import { buildSalesScenario } from '../helpers/sales-scenario';
import { readCsv } from '../../shared/csv/rfc4180';

/**
 * Issue 10's reconciliation test: one scenario with every kind of sale, and every figure the service shows about
 * it (dashboard, capacity summary, each member's own stats, reports, CSV, Excel and report exports) agreeing to
 * the ticket and the cent with the hand-computed expectation and with each other.
 */
let api: TestHost;
let f: OrgFixture;
let scenario: Awaited<ReturnType<typeof buildSalesScenario>>;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  scenario = await buildSalesScenario(api, f);
}, 120_000);
afterAll(() => api.close());

const q = () => ({ organizationId: f.orgId });
const cents = (n: number) => Math.round(n * 100);

async function dashboard() {
  const res = await api.get(`management/dashboard/${scenario.event.id}`, { token: f.ticketManager.token, query: q() });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('reconciliation of every sales figure', () => {
  it('the dashboard matches the hand-computed figures, per showtime, member and ticket type', async () => {
    const d = await dashboard();
    const { expected } = scenario;
    expect(d).toMatchObject({
      organizationId: f.orgId,
      eventId: scenario.event.id,
      venueCapacity: 40,
      totalTicketsSold: expected.totalTicketsSold,
      ticketsRemaining: expected.ticketsRemaining,
      totalRevenue: expected.totalRevenue,
      totalFee: expected.totalFee,
      activeSellers: expected.activeSellers,
      salesByPartnerOrganization: [],
    });
    for (const s of d.salesByShowtime) {
      const e = expected.showtimes[s.showtimeId];
      expect(s).toMatchObject({
        sold: e.sold,
        externalSold: e.externalSold,
        totalSold: e.totalSold,
        remaining: e.remaining,
        revenue: e.revenue,
      });
      expect(s).not.toHaveProperty('partnerSold');
      const bySource = Object.fromEntries(s.externalBySource.map((x: any) => [x.source, x.quantity]));
      expect(bySource).toEqual(expected.externalBySource[s.showtimeId]);
    }
    for (const m of d.salesByMember) {
      const e = expected.members[m.userId];
      expect(m).toMatchObject({ ticketsSold: e.ticketsSold, totalRevenue: e.revenue });
      expect(m.invoiceSummary).toMatchObject({
        eligibleCount: e.eligible,
        unresolvedOrderCount: e.unresolved,
        invoiceAmount: e.invoiceAmount,
      });
      expect(cents(m.breakdown.reduce((sum: number, b: any) => sum + cents(b.revenue), 0) / 100)).toBe(
        cents(e.revenue),
      );
    }
    expect(d.salesByMember.map((m: any) => m.userId).sort()).toEqual(Object.keys(expected.members).sort());
    for (const t of d.salesByTicketType) {
      expect({ sold: t.sold, revenue: t.revenue }).toEqual(expected.types[t.ticketTypeId]);
    }
    // The identities of the shape itself.
    const sum = (xs: any[], pick: (x: any) => number) => xs.reduce((acc, x) => acc + cents(pick(x)), 0);
    expect(sum(d.salesByShowtime, (s) => s.totalSold / 100)).toBe(d.totalTicketsSold);
    expect(sum(d.salesByShowtime, (s) => s.revenue)).toBe(cents(d.totalRevenue));
    expect(sum(d.salesByTicketType, (t) => t.revenue)).toBe(cents(d.totalRevenue));
  });

  it('the capacity summary agrees with the dashboard on sold and remaining per showtime', async () => {
    const [d, capacity] = await Promise.all([dashboard(), capacitySummary(api, f, scenario.event.id)]);
    for (const s of d.salesByShowtime) {
      const c = capacity.showtimes.find((x) => x.showtimeId === s.showtimeId)!;
      const free = scenario.expected.showtimes[s.showtimeId].free;
      expect({ sold: c.sold, remaining: c.remaining }).toEqual({ sold: s.totalSold + free, remaining: s.remaining });
    }
    expect(capacity.aggregate.remaining).toBe(d.ticketsRemaining);
  });

  it("each member's own stats equal their dashboard row", async () => {
    const d = await dashboard();
    for (const who of [f.member, f.member2]) {
      const res = await api.get('me/stats', { token: who.token, query: q() });
      expect(res.status).toBe(200);
      const row = d.salesByMember.find((m: any) => m.userId === who.id);
      expect({ sold: res.body.data.totalTicketsSold, revenue: res.body.data.totalRevenue }).toEqual({
        sold: row.ticketsSold,
        revenue: row.totalRevenue,
      });
      const byType = res.body.data.byTicketType.reduce((acc: number, t: any) => acc + cents(t.revenue), 0);
      expect(byType).toBe(cents(row.totalRevenue));
    }
  });
});

/** A CSV file as objects keyed by its header row (the BOM is stripped by the reader). */
function csvObjects(text: string): Record<string, string>[] {
  const { records, problems } = readCsv(text);
  expect(problems).toEqual([]);
  const [header, ...rows] = records.map((r) => r.fields);
  return rows.map((fields) => Object.fromEntries(header.map((h, i) => [h, fields[i] ?? ''])));
}
const sumCents = (rows: Record<string, string>[], column: string) =>
  rows.reduce((acc, r) => acc + (r[column] === '' ? 0 : cents(Number(r[column]))), 0);
const sumInts = (rows: Record<string, string>[], column: string) =>
  rows.reduce((acc, r) => acc + (r[column] === '' ? 0 : Number(r[column])), 0);

describe('reports and report exports reconcile with the dashboard', () => {
  it('every report tab gives the dashboard figures', async () => {
    const [d, res] = await Promise.all([
      dashboard(),
      api.get('management/reports', {
        token: f.treasurer.token,
        query: { ...q(), type: 'all', eventId: scenario.event.id },
      }),
    ]);
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.events.totals).toMatchObject({
      ticketsSold: d.totalTicketsSold,
      revenue: d.totalRevenue,
      fees: d.totalFee,
      remaining: d.ticketsRemaining,
    });
    for (const s of d.salesByShowtime) {
      const row = r.events.rows[0].showtimes.find((x: any) => x.showtimeId === s.showtimeId);
      expect(row).toMatchObject({
        memberSold: s.sold,
        externalSold: s.externalSold,
        totalSold: s.totalSold,
        remaining: s.remaining,
        revenue: s.revenue,
      });
    }
    for (const m of d.salesByMember) {
      const row = r.members.rows.find((x: any) => x.userId === m.userId);
      expect({ ticketsSold: row.ticketsSold, revenue: row.revenue }).toEqual({
        ticketsSold: m.ticketsSold,
        revenue: m.totalRevenue,
      });
      expect(row.fees).toBe(scenario.expected.members[m.userId].fees);
    }
    for (const t of d.salesByTicketType) {
      const row = r.types.rows.find((x: any) => x.ticketTypeId === t.ticketTypeId);
      expect({ sold: row.quantity, revenue: row.revenue }).toEqual({ sold: t.sold, revenue: t.revenue });
    }
    expect(r.boxoffice.totals).toMatchObject({ quantity: 8, manualQuantity: 7, revenue: 75.3, fees: 5.15 });
    expect(r.choirs.totals).toMatchObject({ ticketsSold: d.totalTicketsSold, revenue: d.totalRevenue });
  });

  it('the transactions, members and showtimes exports add up to the same tickets and cents', async () => {
    const d = await dashboard();
    const exportOf = async (exportType: string) => {
      const res = await api.download('management/reports/export', {
        token: f.treasurer.token,
        query: { ...q(), exportType, format: 'csv', eventId: scenario.event.id },
      });
      expect(res.status).toBe(200);
      return csvObjects(res.text);
    };
    const [transactions, members, showtimes] = await Promise.all([
      exportOf('transactions'),
      exportOf('members'),
      exportOf('showtimes'),
    ]);
    expect(sumInts(transactions, 'quantity')).toBe(d.totalTicketsSold);
    expect(sumCents(transactions, 'amount')).toBe(cents(d.totalRevenue));
    expect(sumCents(transactions, 'fees')).toBe(cents(d.totalFee));
    expect(sumInts(members, 'ticketsSold')).toBe(d.salesByMember.reduce((a: number, m: any) => a + m.ticketsSold, 0));
    expect(sumCents(members, 'revenue')).toBe(
      d.salesByMember.reduce((a: number, m: any) => a + cents(m.totalRevenue), 0),
    );
    expect(sumInts(showtimes, 'totalSold')).toBe(d.totalTicketsSold);
    expect(sumInts(showtimes, 'remaining')).toBe(d.ticketsRemaining);
    expect(sumCents(showtimes, 'revenue')).toBe(cents(d.totalRevenue));
    // The event name starts with '=': guarded in every text cell it reaches.
    expect(new Set(showtimes.map((row) => row.eventName))).toEqual(new Set(["'=Reconciliation Night"]));
  });
});

describe('the dashboard exports carry the same figures', () => {
  it('CSV: summary, showtime, ticket type and member rows equal the dashboard', async () => {
    const d = await dashboard();
    const res = await api.download(`management/dashboard/${scenario.event.id}/export`, {
      token: f.ticketManager.token,
      query: q(),
    });
    expect(res.status).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = csvObjects(res.text);
    const of = (section: string) => rows.filter((r) => r.section === section);
    expect(of('summary')).toHaveLength(1);
    expect(of('summary')[0]).toMatchObject({
      name: "'=Reconciliation Night",
      totalSold: String(d.totalTicketsSold),
      remaining: String(d.ticketsRemaining),
    });
    expect(cents(Number(of('summary')[0].revenue))).toBe(cents(d.totalRevenue));
    expect(cents(Number(of('summary')[0].fee))).toBe(cents(d.totalFee));
    expect(sumInts(of('showtime'), 'totalSold')).toBe(d.totalTicketsSold);
    expect(sumCents(of('showtime'), 'revenue')).toBe(cents(d.totalRevenue));
    expect(sumCents(of('ticketType'), 'revenue')).toBe(cents(d.totalRevenue));
    expect(sumInts(of('externalSource'), 'externalSold')).toBe(15);
    for (const m of d.salesByMember) {
      const row = of('member').find((r) => r.id === m.userId)!;
      expect({ sold: Number(row.sold), revenue: cents(Number(row.revenue)) }).toEqual({
        sold: m.ticketsSold,
        revenue: cents(m.totalRevenue),
      });
    }
  });

  it('Excel: opened with exceljs, the sheets hold typed numbers that equal the dashboard', async () => {
    const d = await dashboard();
    const res = await api.download(`management/dashboard/${scenario.event.id}/export-excel`, {
      token: f.ticketManager.token,
      query: q(),
    });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Showtimes',
      'Members',
      'Ticket types',
      'Partners',
    ]);
    const table = (name: string) => {
      const sheet = workbook.getWorksheet(name)!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      const body: Record<string, unknown>[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) body.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value])));
      });
      return body;
    };
    const [summary] = table('Summary');
    expect(summary).toMatchObject({
      Event: "'=Reconciliation Night",
      'Tickets sold': d.totalTicketsSold,
      'Tickets remaining': d.ticketsRemaining,
      Revenue: d.totalRevenue,
      Fees: d.totalFee,
    });
    const showtimes = table('Showtimes');
    expect(showtimes.reduce((acc, s) => acc + (s['Total sold'] as number), 0)).toBe(d.totalTicketsSold);
    expect(showtimes.reduce((acc, s) => acc + cents(s.Revenue as number), 0)).toBe(cents(d.totalRevenue));
    for (const m of d.salesByMember) {
      const row = table('Members').find((r) => r['User id'] === m.userId)!;
      expect({ sold: row['Tickets sold'], revenue: row.Revenue }).toEqual({
        sold: m.ticketsSold,
        revenue: m.totalRevenue,
      });
    }
    const types = table('Ticket types');
    expect(types.reduce((acc, t) => acc + cents(t.Revenue as number), 0)).toBe(cents(d.totalRevenue));
  });
});
