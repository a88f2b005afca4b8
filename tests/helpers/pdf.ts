import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface ReadPdf {
  /** Per page: its text items, the QR codes found on its images, and per image its decoded text or null. */
  pages: { text: string[]; qrCodes: string[]; codes: (string | null)[] }[];
  info: Record<string, unknown>;
}

/**
 * Opens a PDF with pdfjs (legacy build) and decodes its images as QR codes with jsqr, in a child process (pdfjs is
 * an ES module the CommonJS test runtime cannot import). Asynchronous: the test's host keeps serving meanwhile.
 */
export async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const file = join(tmpdir(), `read-${randomUUID()}.pdf`);
  await writeFile(file, bytes);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [join(__dirname, 'read-pdf.mjs'), file], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(stdout) as ReadPdf;
  } finally {
    await unlink(file);
  }
}
