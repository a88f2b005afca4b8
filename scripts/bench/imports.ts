import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Cold start (issue 36): each compiled function module imported in a fresh Node process, the import only (not
 * Node's own start), against the heal timer's module in the same run. The modules are taken in rounds (every
 * module once a round), so a burst of load on the shared machine falls on all of them alike; each figure is the
 * median of its rounds, and the ratio is to the heal timer's median. Run alone: `node dist/scripts/bench/imports.js`.
 */
export interface ImportRow {
  module: string;
  medianMs: number;
  /** median ÷ the heal timer's median */
  ratio: number;
}

export const HEAL_TIMER = 'heal-timer';
/** Issue 36: every HTTP function's import at most this many times the heal timer's. */
export const IMPORT_RATIO_TARGET = 1.5;

const functionsDir = () => join(__dirname, '..', '..', 'functions');

function importOnce(file: string): number {
  const code = `const t=performance.now();require(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t))`;
  const out = spawnSync(process.execPath, ['-e', code], {
    encoding: 'utf8',
    env: { ...process.env, TELEMETRY_STDOUT: 'false' },
  });
  return Number(out.stdout);
}

const median = (xs: number[]) => {
  const s = [...xs].filter(Number.isFinite).sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Every module of dist/functions, `rounds` times each, interleaved; sorted slowest first. */
export function measureImports(rounds = 5, only?: (module: string) => boolean): ImportRow[] {
  const dir = functionsDir();
  const modules = readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => f.replace(/\.js$/, ''))
    .filter((m) => m === HEAL_TIMER || !only || only(m));
  const samples = new Map(modules.map((m) => [m, [] as number[]]));
  for (let round = 0; round < rounds; round += 1) {
    for (const m of modules) samples.get(m)!.push(importOnce(join(dir, `${m}.js`)));
  }
  const heal = median(samples.get(HEAL_TIMER) ?? []);
  return modules
    .map((m) => ({ module: m, medianMs: median(samples.get(m)!), ratio: median(samples.get(m)!) / heal }))
    .sort((a, b) => b.medianMs - a.medianMs);
}

/** The `imports` table of the bench output. */
export function importLines(rows: ImportRow[]): string[] {
  return [
    `| module | import ms (median) | × heal timer |`,
    `|---|--:|--:|`,
    ...rows.map((r) => `| ${r.module} | ${r.medianMs.toFixed(0)} | ${r.ratio.toFixed(2)} |`),
  ];
}

if (require.main === module) {
  const rounds = Number(process.env.IMPORT_ROUNDS ?? 5);
  console.log(importLines(measureImports(rounds)).join('\n'));
}
