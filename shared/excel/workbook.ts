import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { guardText } from '../csv/write';

/** How a column's cells are typed: text (formula-guarded), whole numbers, money (two decimals) or booleans. */
export type ColumnKind = 'text' | 'integer' | 'money' | 'boolean';

export interface SheetColumn {
  header: string;
  kind: ColumnKind;
  /** In characters, as Excel measures it. */
  width: number;
}

export type SheetCell = string | number | boolean | undefined;

/** One worksheet: a header row (frozen) and its rows, pulled one at a time as the workbook is written. */
export interface SheetSpec {
  name: string;
  columns: SheetColumn[];
  rows: Iterable<SheetCell[]> | AsyncIterable<SheetCell[]>;
  /** ISO 4217 code of the sheet's money columns: their cells show it (`#,##0.00 "EUR"`). */
  currency?: string;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const MONEY_FORMAT = '#,##0.00';
/** A money cell's format naming its currency: Excel shows `1,234.50 EUR` and keeps the number a number. */
export const moneyFormatOf = (currency?: string) =>
  currency && /^[A-Z]{3}$/.test(currency) ? `${MONEY_FORMAT} "${currency}"` : MONEY_FORMAT;
const INTEGER_FORMAT = '0';

/**
 * A workbook written with exceljs's streaming writer into a PassThrough that is returned at once: each row is
 * committed as it is added, so the zip is produced while the client reads it and the workbook is never held
 * whole. Every sheet has a frozen header row and set column widths; number cells are typed (money formatted
 * `#,##0.00` and the sheet's currency code), and every text cell, headers included, goes through the CSV formula guard (docs/exports.md).
 * A failure after the first byte destroys the stream, so the client sees a broken download, never a wrong file.
 */
export function xlsxStream(sheets: Iterable<SheetSpec> | AsyncIterable<SheetSpec>): Readable {
  const out = new PassThrough();
  writeSheets(out, sheets).catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * The writer opens before the first sheet is asked for: its opening entries (theme, relationships) leave while a
 * caller's sheets are still being computed (a dashboard export folding its pages).
 */
async function writeSheets(out: PassThrough, sheets: Iterable<SheetSpec> | AsyncIterable<SheetSpec>) {
  // exceljs is loaded by the first workbook, not when the dashboard module is imported: it was most of that
  // module's import time (docs/performance.md "Cold start").
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  for await (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((c) => ({ header: guardText(c.header), width: c.width }));
    const header = worksheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    const moneyFormat = moneyFormatOf(sheet.currency);
    for await (const values of sheet.rows) {
      const row = worksheet.addRow(values.map((value, i) => cellValue(sheet.columns[i], value)));
      sheet.columns.forEach((column, i) => {
        const format = column.kind === 'money' ? moneyFormat : column.kind === 'integer' ? INTEGER_FORMAT : undefined;
        if (format && typeof values[i] === 'number') row.getCell(i + 1).numFmt = format;
      });
      row.commit();
    }
    worksheet.commit();
  }
  await workbook.commit();
}

function cellValue(column: SheetColumn | undefined, value: SheetCell): ExcelJS.CellValue {
  if (value === undefined) return null;
  if (typeof value === 'string') return guardText(value);
  if (column?.kind === 'text') return guardText(String(value));
  return value;
}
