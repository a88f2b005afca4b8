import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Cold start (issue 36): each compiled function module imported in a fresh Node process, the import only (not
 * Node's own start), against the heal timer's module in the same run. The modules are taken in rounds (every
 * module once a round), so a burst of load on the shared machine falls on all of them alike; each figure is the
 * median of its rounds, and the ratio is to the heal timer's median.
 *
 * Two clocks: the wall clock, and the CPU time the import used (`process.cpuUsage`, every thread of the process).
 * On an idle machine the two agree (a module's import is synchronous work: reading, compiling and running files);
 * on this shared machine the wall clock also counts the time the import waited for a core while other engineers'
 * suites ran, which moves it by 2–3× from one round to the next. The target's ratio is therefore taken on the CPU
 * time; the wall clock's is printed beside it. Also printed: how many files and how many bytes of JavaScript the
 * import loaded, the deterministic part of the cost (tests/unit/cold-start-imports.test.ts holds the byte ratio).
 *
 * `all` is every module of dist/functions in ONE process, one after another: what the Azure Functions worker does on
 * a cold instance (it loads every file package.json "main" names before the first invocation, so the modules share
 * what they have in common). Informational; the target is per module, as the issue states it.
 *
 * Run alone: `node dist/scripts/bench/imports.js` (IMPORT_ROUNDS=n, default 5).
 */
export interface ImportRow {
  module: string;
  /** Median CPU milliseconds of the import. */
  medianMs: number;
  /** median CPU ÷ the heal timer's median CPU: the target's figure */
  ratio: number;
  /** Median wall-clock milliseconds, and its ratio to the heal timer's. */
  wallMs: number;
  wallRatio: number;
  /** Files loaded by the import (own and packages) and their bytes. */
  files: number;
  kilobytes: number;
}

export const HEAL_TIMER = 'heal-timer';
/** The modules that are not HTTP functions (timers), kept out of the target. */
export const TIMER_MODULES = [HEAL_TIMER, 'reminders-timer'];
/** The row of every module imported in one process (what a cold instance on Azure loads). */
export const ALL_MODULES = 'all (one process)';
/** Issue 36: every HTTP function's import at most this many times the heal timer's. */
export const IMPORT_RATIO_TARGET = 1.5;

const functionsDir = () => join(__dirname, '..', '..', 'functions');

interface Sample {
  wall: number;
  cpu: number;
  files: number;
  bytes: number;
}

function importOnce(files: string[]): Sample {
  const code = [
    'const fs=require("node:fs");',
    'const before=new Set(Object.keys(require.cache));',
    'const c=process.cpuUsage();const t=performance.now();',
    `for(const f of ${JSON.stringify(files)})require(f);`,
    'const wall=performance.now()-t;const u=process.cpuUsage(c);',
    'const loaded=Object.keys(require.cache).filter((f)=>!before.has(f));',
    'const bytes=loaded.reduce((a,f)=>a+fs.statSync(f).size,0);',
    'process.stdout.write(JSON.stringify({wall,cpu:(u.user+u.system)/1000,files:loaded.length,bytes}))',
  ].join('');
  const out = spawnSync(process.execPath, ['-e', code], {
    encoding: 'utf8',
    env: { ...process.env, TELEMETRY_STDOUT: 'false' },
  });
  try {
    return JSON.parse(out.stdout) as Sample;
  } catch {
    return { wall: NaN, cpu: NaN, files: NaN, bytes: NaN };
  }
}

const median = (xs: number[]) => {
  const s = [...xs].filter(Number.isFinite).sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Every module of dist/functions, `rounds` times each, interleaved, and all of them in one process; slowest first. */
export function measureImports(rounds = 5, only?: (module: string) => boolean): ImportRow[] {
  const dir = functionsDir();
  const modules = readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => f.replace(/\.js$/, ''))
    .filter((m) => m === HEAL_TIMER || !only || only(m));
  const filesOf = (m: string) =>
    m === ALL_MODULES ? modules.map((x) => join(dir, `${x}.js`)) : [join(dir, `${m}.js`)];
  const measured = only ? modules : [...modules, ALL_MODULES];
  const samples = new Map(measured.map((m) => [m, [] as Sample[]]));
  for (let round = 0; round < rounds; round += 1) {
    for (const m of measured) samples.get(m)!.push(importOnce(filesOf(m)));
  }
  const of = (m: string, key: keyof Sample) => median(samples.get(m)!.map((s) => s[key]));
  const heal = { cpu: of(HEAL_TIMER, 'cpu'), wall: of(HEAL_TIMER, 'wall') };
  return measured
    .map((m) => ({
      module: m,
      medianMs: of(m, 'cpu'),
      ratio: of(m, 'cpu') / heal.cpu,
      wallMs: of(m, 'wall'),
      wallRatio: of(m, 'wall') / heal.wall,
      files: of(m, 'files'),
      kilobytes: of(m, 'bytes') / 1024,
    }))
    .sort((a, b) => b.ratio - a.ratio);
}

/** The HTTP functions' rows (the target's): neither a timer nor the whole-app row. */
export const httpRows = (rows: ImportRow[]) =>
  rows.filter((r) => !TIMER_MODULES.includes(r.module) && r.module !== ALL_MODULES);

/** The `imports` table of the bench output. */
export function importLines(rows: ImportRow[]): string[] {
  return [
    `| module | CPU ms (median) | × heal timer | wall ms (median) | × heal timer | files | KB |`,
    `|---|--:|--:|--:|--:|--:|--:|`,
    ...rows.map(
      (r) =>
        `| ${r.module} | ${r.medianMs.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.wallMs.toFixed(0)} | ${r.wallRatio.toFixed(2)} | ${r.files} | ${r.kilobytes.toFixed(0)} |`,
    ),
  ];
}

if (require.main === module) {
  const rounds = Number(process.env.IMPORT_ROUNDS ?? 5);
  console.log(importLines(measureImports(rounds)).join('\n'));
}
