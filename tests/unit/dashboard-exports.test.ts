import ExcelJS from 'exceljs';
import { dashboardFileName } from '../../shared/domain/dashboard/dashboard-stats';
import { DASHBOARD_CSV_COLUMNS, dashboardCsvRows } from '../../shared/domain/dashboard/export-csv';
import { buildDashboard } from '../../shared/domain/dashboard/stats';
import { moneyFormatOf, xlsxStream } from '../../shared/excel/workbook';

async function bytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('dashboard export helpers', () => {
  it('names files with an ASCII slug of the event name and the event id, never a path or a quote', () => {
    expect(dashboardFileName({ eventId: 'e-1', eventName: 'Spring Concert' }, 'csv')).toBe(
      'dashboard-spring-concert-e-1.csv',
    );
    expect(dashboardFileName({ eventId: 'e-1', eventName: '../"Été"\r\n/x' }, 'xlsx')).toBe('dashboard-ete-x-e-1.xlsx');
    expect(dashboardFileName({ eventId: 'e-1', eventName: '===' }, 'csv')).toBe('dashboard-e-1.csv');
    expect(dashboardFileName({ eventId: 'e-1', eventName: 'x'.repeat(100) }, 'csv')).toBe(
      `dashboard-${'x'.repeat(40)}-e-1.csv`,
    );
  });

  it('writes one CSV row per figure group, every row as wide as the header, absent partner figures as 0', () => {
    const stats = buildDashboard(
      {
        id: 'e',
        organizationId: 'o',
        name: 'E',
        venueCapacity: 10,
        showtimes: [{ showtimeId: 's', dateTime: '2027-01-01T00:00:00.000Z', externalSold: 1 }],
        ticketTypes: [{ id: 't', eventId: 'e', organizationId: 'o', name: 'A', price: 1, fee: 0, sortOrder: 1 }],
      },
      [],
    );
    const rows = [...dashboardCsvRows(stats)];
    expect(rows.map((r) => r[0])).toEqual(['summary', 'showtime', 'externalSource', 'ticketType']);
    for (const row of rows) expect(row).toHaveLength(DASHBOARD_CSV_COLUMNS.length);
    const showtime = Object.fromEntries(DASHBOARD_CSV_COLUMNS.map((c, i) => [c, rows[1][i]]));
    expect(showtime).toMatchObject({ partnerSold: 0, partnerRevenue: 0, externalSold: 1, remaining: 9 });
    // The organization's currency on every row (EUR when buildDashboard is given none).
    const currency = DASHBOARD_CSV_COLUMNS.indexOf('currency');
    expect(rows.map((r) => r[currency])).toEqual(['EUR', 'EUR', 'EUR', 'EUR']);
    const inSek = [...dashboardCsvRows({ ...stats, currency: 'SEK' })];
    expect(new Set(inSek.map((r) => r[currency]))).toEqual(new Set(['SEK']));
  });

  it("formats a sheet's money cells with its currency code, integers and text untouched", async () => {
    const stream = xlsxStream([
      {
        name: 'Sheet',
        currency: 'SEK',
        columns: [
          { header: 'Count', kind: 'integer', width: 10 },
          { header: 'Money', kind: 'money', width: 12 },
        ],
        rows: [[3, 12.5]],
      },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytes(stream)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sheet')!;
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00 "SEK"');
    expect(sheet.getCell('B2').value).toBe(12.5);
    expect(sheet.getCell('A2').numFmt).toBe('0');
    expect(moneyFormatOf('bad"code')).toBe('#,##0.00');
  });

  it('streams a workbook: frozen header, widths, typed and formatted numbers, guarded text', async () => {
    const stream = xlsxStream([
      {
        name: 'Sheet',
        columns: [
          { header: '=Name', kind: 'text', width: 20 },
          { header: 'Count', kind: 'integer', width: 10 },
          { header: 'Money', kind: 'money', width: 12 },
          { header: 'Flag', kind: 'boolean', width: 8 },
        ],
        rows: (async function* () {
          yield ['@x', 3, 0.3, true];
          yield ['plain', 0, -1.5, false];
        })(),
      },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytes(stream)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sheet')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(20);
    expect(sheet.getRow(1).values).toEqual([undefined, "'=Name", 'Count', 'Money', 'Flag']);
    expect(sheet.getRow(2).values).toEqual([undefined, "'@x", 3, 0.3, true]);
    expect(sheet.getCell('C3').value).toBe(-1.5);
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('B2').numFmt).toBe('0');
  });
});
