import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

/** A PDF read back as a viewer shows it: per page its text and the decoded text of every QR image on it. */
export function readPdf(bytes: Buffer): { pages: { text: string; codes: (string | null)[] }[] } {
  const file = join(tmpdir(), `tickets-${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const out = execFileSync(process.execPath, [join(__dirname, 'read-pdf.mjs'), file], { maxBuffer: 64 * 1024 * 1024 });
  // pdf.js may print warnings of its own: the answer is the one line the reader marks.
  const line = out
    .toString('utf8')
    .split('\n')
    .find((l) => l.startsWith('PDF-READ '));
  if (!line) throw new Error(`the PDF reader printed no answer: ${out.toString('utf8').slice(0, 500)}`);
  return JSON.parse(line.slice('PDF-READ '.length));
}
