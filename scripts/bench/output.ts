import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where a bench run's report goes. Every run writes it under `.bench/runs/` (ignored by git), so running the bench
 * never changes a tracked file; `npm run bench -- --write-docs` also puts it into docs/performance.md between the
 * bench markers, for a run meant to be committed.
 */
export const RUNS_FOLDER = join('.bench', 'runs');

export interface BenchFlags {
  quick: boolean;
  writeDocs: boolean;
}

export function benchFlags(argv: readonly string[]): BenchFlags {
  return { quick: argv.includes('--quick'), writeDocs: argv.includes('--write-docs') };
}

/** Formats the docs as `npm run lint` expects (prettier --check), so a committed run never fails the build. */
async function prettierFormat(text: string, file: string): Promise<string> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/** Writes the run's report; returns the files written, relative to the root. */
export async function writeBenchReport(
  root: string,
  report: string,
  flags: BenchFlags,
  startedAt = new Date(),
  format: (text: string, file: string) => Promise<string> = prettierFormat,
): Promise<string[]> {
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const run = join(RUNS_FOLDER, `${stamp}${flags.quick ? '-quick' : ''}.md`);
  mkdirSync(join(root, RUNS_FOLDER), { recursive: true });
  writeFileSync(join(root, run), `# Bench run ${startedAt.toISOString()}\n\n${report}\n`);
  const written = [run];
  const doc = join(root, 'docs', 'performance.md');
  if (flags.writeDocs && existsSync(doc)) {
    const next = readFileSync(doc, 'utf8').replace(
      /(<!-- bench:results -->)[\s\S]*(<!-- \/bench:results -->)/,
      (_m, open: string, close: string) => `${open}\n\n${report}\n\n${close}`,
    );
    writeFileSync(doc, await format(next, doc));
    written.push(join('docs', 'performance.md'));
  }
  return written;
}
