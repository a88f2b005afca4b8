import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** A cell of an export: text, a number (written as is, never guarded), or empty. */
export type CellValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * docs/exports.md: a text cell starting with `=`, `+`, `-`, `@`, tab or carriage return is prefixed with `'`, so
 * a spreadsheet never runs it as a formula. Used for CSV and for Excel text cells alike. Numbers are typed values,
 * not text, and stay as they are (a negative amount is not a formula).
 */
export function guardText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const guardCell = (value: CellValue): CellValue => (typeof value === 'string' ? guardText(value) : value);

/**
 * An export as CSV (docs/exports.md), streamed: UTF-8 with a BOM, a header row, RFC 4180 quoting and CRLF
 * record ends by csv-stringify, and the formula guard on every text cell. Rows are pulled from `rows` as the
 * client reads, so a large export is never held as one string. The header is the stream's first record, written
 * before the first row is asked for (csv-stringify's own `header` waits for a row): an export whose rows need the
 * store read first still sends its first bytes at once. The bytes are those of `header: true`.
 */
export function csvStream(header: string[], rows: Iterable<CellValue[]> | AsyncIterable<CellValue[]>): Readable {
  const source = Readable.from(headerThenRows(header, rows), { objectMode: true });
  const writer = stringify({
    bom: true,
    record_delimiter: 'windows',
    // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone LF or CR; RFC 4180 quotes
    // every line break.
    quoted_match: /[\r\n]/,
    cast: { boolean: String },
  });
  source.on('error', (error) => writer.destroy(error));
  return source.pipe(writer);
}

async function* headerThenRows(header: string[], rows: Iterable<CellValue[]> | AsyncIterable<CellValue[]>) {
  yield header;
  for await (const row of rows) yield row.map(guardCell);
}
