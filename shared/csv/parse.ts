import { badRequest } from '../errors';
import { readCsv } from './rfc4180';

export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

export interface LineError {
  line: number;
  message: string;
}

export const MAX_IMPORT_LINES = 5000;

const headerError = (message: string, knownColumns: string[]) =>
  badRequest(`CSV header must name the columns ${knownColumns.join(',')}`, [{ path: '/header', message }]);

/**
 * An import file: a header row naming known columns (compared case-insensitively, each at most once), then one
 * record per line. Values are trimmed. A record that cannot be read, or has more fields than the header (usually
 * an unquoted comma that would shift every later value into the wrong column), is reported with its line number
 * and never blocks the other lines. Header problems refuse the whole file with 400, since no line can be read
 * without it; an unknown column is one of them, because a misspelt `role` would otherwise be silently ignored.
 */
export function parseCsvImport(text: string, requiredColumns: string[], knownColumns: string[]) {
  const { records, problems } = readCsv(text);
  const [header, ...data] = records;
  if (!header || problems.some((p) => p.line < header.line)) {
    throw headerError('the first line must be a readable header row', knownColumns);
  }
  const columns = header.fields.map((h) => h.trim().toLowerCase());
  const known = knownColumns.map((c) => c.toLowerCase());
  const unknown = columns.filter((c) => !known.includes(c));
  if (unknown.length > 0) throw headerError(`unknown column(s): ${unknown.join(', ') || '(empty)'}`, knownColumns);
  const repeated = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (repeated.length > 0) throw headerError(`repeated column(s): ${repeated.join(', ')}`, knownColumns);
  const missing = requiredColumns.filter((c) => !columns.includes(c.toLowerCase()));
  if (missing.length > 0) throw headerError(`missing column(s): ${missing.join(', ')}`, knownColumns);
  if (data.length + problems.length > MAX_IMPORT_LINES) {
    throw badRequest(`At most ${MAX_IMPORT_LINES} lines per import`, [{ path: '/', message: 'too many lines' }]);
  }

  const errors: LineError[] = [...problems];
  const rows: CsvRow[] = [];
  for (const { line, fields } of data) {
    const extra = fields.slice(columns.length).some((f) => f.trim() !== '');
    if (extra) {
      errors.push({ line, message: `has ${fields.length} fields but the header has ${columns.length}` });
      continue;
    }
    const values: Record<string, string> = {};
    columns.forEach((column, i) => (values[column] = (fields[i] ?? '').trim()));
    rows.push({ line, values });
  }
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
