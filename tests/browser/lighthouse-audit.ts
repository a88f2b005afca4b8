import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TestHost } from '../helpers/harness';
import { ensureWebBuild, ROOT } from '../helpers/web-build';
import { memberWithSales } from './member-pages-fixture';

/**
 * Issue 33's Lighthouse audit of the member pages, shared by Jest's global setup (tests/browser/global-setup.ts, where
 * it runs before any test worker starts, so nothing else competes for the CPU) and tests/browser/lighthouse.test.ts
 * (which asserts its results, and runs it itself when the global setup did not).
 */
export const LIGHTHOUSE_TEST = join(ROOT, 'tests', 'browser', 'lighthouse.test.ts');
/** The test's names, which the global setup matches a run's `-t` filter against. */
export const LIGHTHOUSE_DESCRIBE = 'Lighthouse on the member pages (Chromium)';
export const LIGHTHOUSE_IT =
  'scores at least 95 in performance, accessibility and best practices, the median of each page’s runs';
/** Where the global setup leaves this run's results for the test (the path is passed on in the environment). */
export const RESULTS_ENV = 'LIGHTHOUSE_RESULTS_FILE';

/** The audited pages, in order (issue 33: the login page, the member's home, orders and direct sales). */
export const AUDITED_PAGES = [
  { name: 'login', path: '/login' },
  { name: 'member home', path: '/' },
  { name: 'my orders', path: '/history?tab=delivered' },
  { name: 'direct sales', path: '/sales' },
] as const;

/** One page's median run, as scripts/lighthouse-audit.mjs prints it. */
export type PageResult = {
  name: string;
  url: string;
  machine?: Record<string, unknown>;
  /** The representative run's scores (computeMedianRun). */
  scores: Record<string, number>;
  /** Each category's median score over the runs: what the test holds. */
  medians: Record<string, number>;
  failing: string[];
  runs: number[];
  metrics: Record<string, number>;
  runtimeError?: string;
};

/** What the test reads: the pages' results, or why the audit could not run; `seconds` is the audit's own time. */
export type AuditOutcome = {
  runs: number;
  seconds: number;
  results?: PageResult[];
  error?: string;
  /** How quiet the machine was when the audit started (global-setup.ts, quiet-machine.ts). */
  quiet?: { waitedMs: number; idle: number; quiet: boolean };
};

/**
 * Runs per page; the page's result is its median run (Lighthouse's computeMedianRun: the run closest to the median
 * FCP and time to interactive), as Lighthouse's own guidance on variability advises (docs/variability.md).
 */
export const DEFAULT_RUNS = 3;

/**
 * Starts a host of its own over the built client, signs a member with sales in (memberWithSales) and runs the audit
 * script in its own Node process (Lighthouse is an ES module that does not load inside Jest's module system). The
 * host's settings are written to process.env (TestHost.start), so they are put back afterwards: in the global setup
 * the test workers inherit this process's environment.
 */
export async function auditMemberPages(chromePath: string, runs = DEFAULT_RUNS): Promise<AuditOutcome> {
  const started = Date.now();
  const environment = { ...process.env };
  let api: TestHost | undefined;
  try {
    await ensureWebBuild();
    api = await TestHost.start();
    const { f, session } = await memberWithSales(api);
    const input = {
      baseUrl: api.url,
      chromePath,
      runs,
      pages: AUDITED_PAGES.map((page) => (page.name === 'login' ? page : { ...page, session: [session, f.orgId] })),
    };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(ROOT, 'scripts', 'lighthouse-audit.mjs'), JSON.stringify(input)],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, timeout: 880_000 },
    );
    const results = JSON.parse(stdout.trim().split('\n').pop()!) as PageResult[];
    return { runs, seconds: Math.round((Date.now() - started) / 1000), results };
  } catch (error) {
    return {
      runs,
      seconds: Math.round((Date.now() - started) / 1000),
      error: String((error as Error)?.stack ?? error),
    };
  } finally {
    await api?.close();
    for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
    Object.assign(process.env, environment);
  }
}
