/**
 * A small RFC 4180 reader for the CSV imports, pure and forgiving where a person's file needs it.
 *
 * Why not a library parser: csv-parse numbers lines wrongly once a quoted field holds a CRLF, and after one
 * malformed record (`"a"x,…` or an unclosed quote) it loses the good records that follow, which breaks the import
 * rule that a bad line never blocks the others. Here a malformed record is reported with the line it starts on and
 * reading resumes on the next physical line.
 *
 * Accepted: a UTF-8 BOM; LF, CRLF or CR line endings; quoted fields with commas, doubled quotes and line breaks;
 * blank lines (skipped); spaces around a quoted field. A quote inside an unquoted field is kept as text.
 */
export interface CsvRecord {
  /** Physical line (1-based) the record starts on. */
  line: number;
  fields: string[];
}

export interface CsvProblem {
  line: number;
  message: string;
}

class Malformed extends Error {}

const isBreak = (c: string | undefined) => c === '\n' || c === '\r';
const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

export function readCsv(input: string): { records: CsvRecord[]; problems: CsvProblem[] } {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  let pos = 0;
  let line = 1;

  /** Consumes one line break (CRLF counts once) and moves to the next line. */
  const lineBreak = () => {
    pos += text[pos] === '\r' && text[pos + 1] === '\n' ? 2 : 1;
    line += 1;
  };

  const quotedField = (): string => {
    pos += 1; // opening quote
    let value = '';
    for (;;) {
      if (pos >= text.length) throw new Malformed('quoted field is never closed');
      const c = text[pos];
      if (c === '"') {
        if (text[pos + 1] === '"') {
          value += '"';
          pos += 2;
          continue;
        }
        pos += 1;
        while (isBlank(text[pos])) pos += 1;
        if (pos < text.length && text[pos] !== ',' && !isBreak(text[pos])) {
          throw new Malformed('unexpected text after a closing quote');
        }
        return value;
      }
      if (isBreak(c)) {
        const crlf = c === '\r' && text[pos + 1] === '\n';
        value += crlf ? '\r\n' : c;
        lineBreak();
        continue;
      }
      value += c;
      pos += 1;
    }
  };

  const unquotedField = (): string => {
    const start = pos;
    while (pos < text.length && text[pos] !== ',' && !isBreak(text[pos])) pos += 1;
    return text.slice(start, pos);
  };

  while (pos < text.length) {
    const startLine = line;
    const startPos = pos;
    try {
      const fields: string[] = [];
      for (;;) {
        let look = pos;
        while (isBlank(text[look])) look += 1;
        if (text[look] === '"') {
          pos = look;
          fields.push(quotedField());
        } else fields.push(unquotedField());
        if (text[pos] === ',') {
          pos += 1;
          continue;
        }
        if (pos < text.length) lineBreak();
        break;
      }
      // A blank line is no record (a one-column file has no meaningful empty rows either).
      if (!(fields.length === 1 && fields[0].trim() === '')) records.push({ line: startLine, fields });
    } catch (error) {
      if (!(error instanceof Malformed)) throw error;
      problems.push({ line: startLine, message: `unreadable CSV: ${error.message}` });
      // Resume on the line after the one the broken record started on, so later good lines still count.
      pos = startPos;
      line = startLine;
      while (pos < text.length && !isBreak(text[pos])) pos += 1;
      if (pos < text.length) lineBreak();
    }
  }
  return { records, problems };
}
