import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Every test that builds dist/ (`npm run heal`, `npm run check-invariants`, the worker stand-in) takes turns through
 * one lock directory (mkdir is atomic): jest runs files in parallel, and two builds at once would write over each
 * other, so a process could load a half-written build.
 */
const LOCK = join(tmpdir(), `heal-process-${Buffer.from(process.cwd()).toString('hex').slice(-32)}.lock`);

export async function withDistLock<T>(work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() - started > 170_000) rmSync(LOCK, { recursive: true, force: true }); // a crashed holder
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
