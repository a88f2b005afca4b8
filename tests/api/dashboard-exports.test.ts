import ExcelJS from 'exceljs';
import { TestHost } from '../helpers/harness';
import { addPerson, createEvent, setupOrganization, type OrgFixture, type Person } from '../helpers/fixtures';
import { giveFree, q, sellExternal, TWO_SHOWTIMES } from '../helpers/events';
import { orderApi } from '../helpers/orders';
import { seedDelegatedAttribution, seedRegistrationWithSeats } from '../helpers/seed';

/** The dashboard's CSV and Excel exports: the same numbers as the JSON, streamed, typed and formula-guarded. */
let api: TestHost;
let f: OrgFixture;
let formula: Person;
let event: any;
let stats: any;
const ops = (res: { headers: Headers }) => Number(res.headers.get('x-store-ops'));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  formula = await addPerson(api, f.superToken, f.orgId, 'member', '=cmd');
  const o = orderApi(api, f);
  event = await createEvent(api, f, { name: 'Gala "Night"/2027 ü', ...TWO_SHOWTIMES });
  const [S1, S2] = event.showtimes.map((s: { showtimeId: string }) => s.showtimeId);
  const [A, C] = event.ticketTypes.map((t: { id: string }) => t.id);
  const settled = await o.delivered(f.member, event, [2, 1], { showtimeId: S1 });
  await o.reportSold(f.member, settled.id, { soldQuantity: 3 });
  await o.post(`orders/${settled.id}/approve-reconciliation`, f.ticketManager);
  await seedRegistrationWithSeats(
    f.orgId,
    event,
    { id: formula.id, name: formula.name },
    [{ ticketTypeId: C, quantity: 3 }],
    {
      showtimeId: S2,
    },
  );
  await giveFree(api, f, event, 2, 1);
  await sellExternal(api, f, event, 4, 0);
  await api.put(`management/events/${event.id}/showtimes/${S2}/external`, {
    token: f.admin.token,
    query: q(f),
    body: { externalSold: 6 },
  });
  const delegated = await o.delivered(f.treasurer, event, [1, 0], { showtimeId: S2 });
  await o.reportSold(f.treasurer, delegated.id, { soldQuantity: 1 });
  await seedDelegatedAttribution(f.orgId, delegated.id, {
    soldByOrganizationId: 'partner-9',
    soldByOrganizationName: '+Partner',
  });
  stats = (await api.get(`management/dashboard/${event.id}`, { token: f.ticketManager.token, query: q(f) })).body.data;
  expect(stats.salesByMember).toHaveLength(2);
  expect(A).toBeDefined();
});
afterAll(() => api.close());

/** RFC 4180 reader for the test (quoted fields, doubled quotes, CRLF records). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const download = (path: string, token = f.ticketManager.token, query: Record<string, string> = q(f)) =>
  api.download(`management/dashboard/${event.id}/${path}`, { token, query });

describe('dashboard CSV export', () => {
  it('is one streamed CSV table with a section column, carrying exactly the dashboard numbers', async () => {
    const res = await download('export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="dashboard-gala-night-2027-u-${event.id}.csv"`,
    );
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Counted when the headers leave: user, the event and the organization (its currency, read in parallel); the
    // sales pages are read as the file streams (issue 36).
    expect(ops(res)).toBe(3);
    const [header, ...rows] = parseCsv(res.text.slice(1));
    expect(header).toEqual([
      ...['section', 'id', 'name', 'dateTime', 'ticketType', 'source', 'venueCapacity', 'sold', 'partnerSold'],
      ...['externalSold', 'totalSold', 'remaining', 'price', 'revenue', 'partnerRevenue', 'fee', 'activeSellers'],
      ...['invoiceState', 'eligibleCount', 'invoicedCount', 'unresolvedOrderCount', 'invalidBasisOrderCount'],
      ...['invoiceAmount', 'invoiced', 'currency'],
    ]);
    // Every row names the organization's currency (EUR: this organization never set another).
    expect(new Set(rows.map((r) => r[header.indexOf('currency')]))).toEqual(new Set(['EUR']));
    const records = rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    const section = (name: string) => records.filter((r) => r.section === name);
    expect(section('summary')).toEqual([
      expect.objectContaining({
        id: event.id,
        name: 'Gala "Night"/2027 ü',
        venueCapacity: '100',
        totalSold: String(stats.totalTicketsSold),
        remaining: String(stats.ticketsRemaining),
        revenue: String(stats.totalRevenue),
        fee: String(stats.totalFee),
        activeSellers: String(stats.activeSellers),
        sold: '',
      }),
    ]);
    expect(
      section('showtime').map((r) => [
        r.id,
        r.name,
        r.sold,
        r.partnerSold,
        r.externalSold,
        r.totalSold,
        r.remaining,
        r.revenue,
        r.partnerRevenue,
      ]),
    ).toEqual(
      stats.salesByShowtime.map((s: any) =>
        [
          s.showtimeId,
          s.label,
          s.sold,
          s.partnerSold ?? 0,
          s.externalSold,
          s.totalSold,
          s.remaining,
          s.revenue,
          s.partnerRevenue ?? 0,
        ].map(String),
      ),
    );
    expect(section('externalSource').map((r) => [r.id, r.source, r.externalSold])).toEqual(
      stats.salesByShowtime.flatMap((s: any) =>
        s.externalBySource.map((e: any) => [s.showtimeId, e.source, String(e.quantity)]),
      ),
    );
    expect(section('ticketType').map((r) => [r.id, r.name, r.price, r.sold, r.revenue])).toEqual(
      stats.salesByTicketType.map((t: any) => [t.ticketTypeId, t.name, t.price, t.sold, t.revenue].map(String)),
    );
    expect(
      section('member').map((r) => [r.id, r.name, r.sold, r.revenue, r.invoiceState, r.invoiceAmount, r.invoiced]),
    ).toEqual(
      stats.salesByMember.map((m: any) =>
        [
          m.userId,
          m.userName.replace(/^=/, "'="),
          m.ticketsSold,
          m.totalRevenue,
          m.invoiceSummary.state,
          m.invoiceSummary.invoiceAmount,
          m.invoiced,
        ].map(String),
      ),
    );
    expect(section('member').map((r) => r.name)).toContain("'=cmd");
    expect(section('memberTicketType').map((r) => [r.id, r.ticketType, r.sold, r.revenue])).toEqual(
      stats.salesByMember.flatMap((m: any) =>
        m.breakdown.map((b: any) => [m.userId, b.ticketType, b.quantity, b.revenue].map(String)),
      ),
    );
    // The partner's name starts with '+': guarded too.
    expect(section('partner')).toEqual([
      expect.objectContaining({ id: 'partner-9', name: "'+Partner", sold: '1', revenue: '25', fee: '1.5' }),
    ]);
  });
});

describe('dashboard Excel export', () => {
  it('is a workbook with one typed, formatted, frozen worksheet per section, carrying the dashboard numbers', async () => {
    const res = await download('export-excel');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="dashboard-gala-night-2027-u-${event.id}.xlsx"`,
    );
    // Counted when the headers leave: user, the event and the organization (its currency, read in parallel); the
    // sales pages are read as the file streams (issue 36).
    expect(ops(res)).toBe(3);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Showtimes',
      'Members',
      'Ticket types',
      'Partners',
    ]);
    for (const sheet of workbook.worksheets) {
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      for (let c = 1; c <= sheet.columnCount; c += 1) expect(sheet.getColumn(c).width).toBeGreaterThan(8);
    }
    const rowsOf = (name: string) => {
      const sheet = workbook.getWorksheet(name)!;
      const values: unknown[][] = [];
      sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      return values;
    };

    const [summaryHeader, summary] = rowsOf('Summary');
    expect(summaryHeader).toEqual([
      'Event id',
      'Event',
      'Venue capacity',
      'Showtimes',
      'Tickets sold',
      'Tickets remaining',
      'Revenue',
      'Fees',
      'Active sellers',
      'Currency',
    ]);
    expect(summary).toEqual([
      event.id,
      'Gala "Night"/2027 ü',
      100,
      2,
      stats.totalTicketsSold,
      stats.ticketsRemaining,
      stats.totalRevenue,
      stats.totalFee,
      stats.activeSellers,
      'EUR',
    ]);
    const summarySheet = workbook.getWorksheet('Summary')!;
    expect(summarySheet.getCell('G2').numFmt).toBe('#,##0.00 "EUR"');
    expect(summarySheet.getCell('H2').numFmt).toBe('#,##0.00 "EUR"');
    expect(typeof summarySheet.getCell('E2').value).toBe('number');

    const [showHeader, ...shows] = rowsOf('Showtimes');
    expect(showHeader).toEqual([
      ...['Showtime id', 'Date and time', 'Label', 'Sold (members)', 'Partner sold', 'External sold', 'Total sold'],
      ...['Remaining', 'Revenue', 'Partner revenue', 'External: box office', 'External: manual'],
    ]);
    expect(shows).toEqual(
      stats.salesByShowtime.map((s: any) => [
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
        s.externalBySource.find((e: any) => e.source === 'box office')?.quantity ?? 0,
        s.externalBySource.find((e: any) => e.source === 'manual')?.quantity ?? 0,
      ]),
    );

    const [memberHeader, ...members] = rowsOf('Members');
    expect(memberHeader).toEqual([
      ...['User id', 'Member', 'Tickets sold', 'Revenue', 'Invoice state', 'Eligible records', 'Invoiced records'],
      ...['Unresolved orders', 'Invalid-basis orders', 'Invoice amount', 'All eligible invoiced'],
      ...['Adult tickets', 'Adult revenue', 'Child tickets', 'Child revenue'],
    ]);
    expect(members.map((m) => m.slice(0, 4))).toEqual(
      stats.salesByMember.map((m: any) => [m.userId, m.userName.replace(/^=/, "'="), m.ticketsSold, m.totalRevenue]),
    );
    expect(members.map((m) => m[1])).toContain("'=cmd");
    const formulaRow = members.find((m) => m[0] === formula.id)!;
    expect(formulaRow.slice(4)).toEqual(['readyToInvoice', 1, 0, 0, 0, 30, false, 0, 0, 3, 30]);
    const memberSheet = workbook.getWorksheet('Members')!;
    expect(memberSheet.getCell('D2').numFmt).toBe('#,##0.00 "EUR"');
    expect(memberSheet.getCell('J2').numFmt).toBe('#,##0.00 "EUR"');

    expect(rowsOf('Ticket types')).toEqual([
      ['Ticket type id', 'Ticket type', 'Price', 'Sold', 'Revenue'],
      ...stats.salesByTicketType.map((t: any) => [t.ticketTypeId, t.name, t.price, t.sold, t.revenue]),
    ]);
    expect(rowsOf('Partners')).toEqual([
      ['Organization id', 'Organization', 'Tickets sold', 'Revenue', 'Fees'],
      ['partner-9', "'+Partner", 1, 25, 1.5],
    ]);
    expect(workbook.getWorksheet('Partners')!.getCell('E2').numFmt).toBe('#,##0.00 "EUR"');
  });
});

describe('dashboard exports: access', () => {
  it.each(['export', 'export-excel'])('%s is Ticket Manager+ and 404 for unknown or foreign events', async (path) => {
    const member = await download(path, f.member.token);
    expect(member.status).toBe(403);
    expect(JSON.parse(member.text)).toMatchObject({ success: false, error: 'FORBIDDEN' });
    const outsider = await download(path, f.outsider.token, { organizationId: f.outsider.orgId });
    expect(outsider.status).toBe(404);
    expect(outsider.text).not.toContain('Gala');
    const unknown = await api.download(`management/dashboard/nope/${path}`, {
      token: f.ticketManager.token,
      query: q(f),
    });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ success: false, error: 'NOT_FOUND' });
    expect((await download(path, f.admin.token)).status).toBe(200);
  });
});
