import { parse } from 'csv-parse/sync';
import { badRequest } from '../http/errors';

export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

export interface LineError {
  line: number;
  message: string;
}

export const MAX_IMPORT_LINES = 5000;

/**
 * RFC 4180 parsing with a required header row (column names compared case-insensitively). Lines the parser
 * cannot read are reported with their line number instead of failing the whole file.
 */
export function parseCsvImport(text: string, requiredColumns: string[], knownColumns: string[]) {
  const errors: LineError[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      info: true,
      relax_column_count: true,
      skip_records_with_error: true,
      on_skip: (error: { message: string; lines?: number } | undefined) => {
        if (error) errors.push({ line: error.lines ?? 0, message: `unreadable CSV: ${error.message}` });
      },
    });
  } catch (error) {
    throw badRequest(`CSV could not be read: ${(error as Error).message}`, [
      { path: '/', message: 'is not valid CSV' },
    ]);
  }
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const columns = header.split(',').map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase());
  const missing = requiredColumns.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    throw badRequest(`CSV header must name the columns ${knownColumns.join(',')}`, [
      { path: '/header', message: `missing column(s): ${missing.join(', ')}` },
    ]);
  }
  if (records.length > MAX_IMPORT_LINES) {
    throw badRequest(`At most ${MAX_IMPORT_LINES} lines per import`, [{ path: '/', message: 'too many lines' }]);
  }
  const rows: CsvRow[] = records.map(({ record, info }) => ({ line: info.lines, values: record }));
  return { rows, errors };
}

/** Runs `work` over items with at most `limit` in flight: bounded load on the store. */
export async function mapWithConcurrency<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
