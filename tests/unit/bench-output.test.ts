import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchFlags, RUNS_FOLDER, writeBenchReport } from '../../scripts/bench/output';

/** Where `npm run bench` writes (scripts/bench/output.ts): runs under an ignored folder, the docs only when asked. */
const DOC = '# Performance\n\nText.\n\n<!-- bench:results -->\n\nold table\n\n<!-- /bench:results -->\n\nAfter.\n';

function repository() {
  const root = mkdtempSync(join(tmpdir(), 'bench-output-'));
  mkdirSync(join(root, 'docs'));
  writeFileSync(join(root, 'docs', 'performance.md'), DOC);
  return root;
}

describe('bench output', () => {
  it('reads --quick and --write-docs, and writes the docs only with --write-docs', () => {
    expect(benchFlags(['node', 'run.js'])).toEqual({ quick: false, writeDocs: false });
    expect(benchFlags(['node', 'run.js', '--quick'])).toEqual({ quick: true, writeDocs: false });
    expect(benchFlags(['node', 'run.js', '--write-docs'])).toEqual({ quick: false, writeDocs: true });
  });

  it('a run leaves docs/performance.md alone and writes its report under the ignored runs folder', async () => {
    const root = repository();
    const at = new Date('2026-11-27T12:00:00.000Z');
    const written = await writeBenchReport(root, '| new | table |', benchFlags([]), at);
    expect(written).toEqual([join(RUNS_FOLDER, '2026-11-27T12-00-00-000Z.md')]);
    expect(readFileSync(join(root, 'docs', 'performance.md'), 'utf8')).toBe(DOC);
    expect(readFileSync(join(root, written[0]), 'utf8')).toContain('| new | table |');
    expect(readdirSync(join(root, RUNS_FOLDER))).toHaveLength(1);
  });

  it('--write-docs replaces the results between the markers, formatted, and keeps the run', async () => {
    const root = repository();
    // prettier (the real formatter) cannot load inside jest's module sandbox: a marker stands in for it.
    const format = async (text: string) => `${text}<!-- formatted -->\n`;
    const written = await writeBenchReport(root, '| new | table |', benchFlags(['--write-docs']), new Date(), format);
    expect(written).toHaveLength(2);
    const doc = readFileSync(join(root, 'docs', 'performance.md'), 'utf8');
    expect(doc).toContain('<!-- bench:results -->\n\n| new | table |\n\n<!-- /bench:results -->');
    expect(doc).not.toContain('old table');
    expect(doc.endsWith('After.\n<!-- formatted -->\n')).toBe(true);
  });

  it('the runs folder is ignored by git', () => {
    const ignored = readFileSync(join(__dirname, '..', '..', '.gitignore'), 'utf8').split('\n');
    expect(ignored).toContain(`${RUNS_FOLDER.split('/')[0]}/`);
  });
});
