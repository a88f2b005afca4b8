import { existsSync, readFileSync } from 'node:fs';
import { CHROMIUM, describeInBrowser } from './harness';
import {
  AUDITED_PAGES,
  auditMemberPages,
  type AuditOutcome,
  DEFAULT_RUNS,
  LIGHTHOUSE_DESCRIBE,
  LIGHTHOUSE_IT,
  RESULTS_ENV,
} from './lighthouse-audit';

/**
 * Issue 33, "Done when": Lighthouse (12.8, its default mobile preset with its own simulated throttling) scores at
 * least 95 in performance, accessibility and best practices on the login page, the member's home, orders and
 * direct sales of the built client.
 *
 * The audit is measured in Jest's global setup (tests/browser/global-setup.ts), before the test workers start: a
 * performance score is a measure of time, and run beside the other worker the same build printed 0.76 for pages that
 * score 0.96-1.00 alone. Every page is loaded once unmeasured, then runs three times, cold; each category's median
 * score over the three runs is held (Lighthouse CI's `aggregationMethod: 'median'`; its default, 'optimistic', would
 * hold the best run), and the representative run (Lighthouse's computeMedianRun) is printed with its metrics. This
 * test asserts those results; run where the global setup did not audit (another Jest configuration), it runs the
 * audit itself.
 */
jest.setTimeout(900_000);

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

function measured(): Promise<AuditOutcome> {
  const file = process.env[RESULTS_ENV];
  if (file && existsSync(file)) return Promise.resolve(JSON.parse(readFileSync(file, 'utf8')) as AuditOutcome);
  return auditMemberPages(CHROMIUM, Number(process.env.LIGHTHOUSE_RUNS ?? DEFAULT_RUNS));
}

describeInBrowser(LIGHTHOUSE_DESCRIBE, () => {
  it(LIGHTHOUSE_IT, async () => {
    const outcome = await measured();
    console.log(JSON.stringify(outcome, null, 1));
    expect(outcome.error).toBeUndefined();
    const results = outcome.results!;
    expect(results.map((r) => r.name)).toEqual(AUDITED_PAGES.map((p) => p.name));
    // Each audit measured the page it names (a lost session would have measured the login page instead).
    expect(results.map((r) => new URL(r.url).pathname)).toEqual(AUDITED_PAGES.map((p) => p.path.split('?')[0]));
    // Every page ran as many times as asked; its performance median is the middle of its runs' scores.
    for (const result of results) {
      expect(result.runs).toHaveLength(outcome.runs);
      expect(result.runs).toContain(result.scores.performance);
      const sorted = [...result.runs].sort((a, b) => a - b);
      if (sorted.length % 2 === 1) expect(result.medians.performance).toBe(sorted[(sorted.length - 1) / 2]);
    }
    const short = results.flatMap((r) =>
      r.runtimeError
        ? [`${r.name}: ${r.runtimeError}`]
        : CATEGORIES.filter((c) => !(Number(r.medians[c]) >= 0.95)).map(
            (c) => `${r.name}: ${c} ${r.medians[c]} (runs ${r.runs.join(' / ')}; ${r.failing.join(', ')})`,
          ),
    );
    expect(short).toEqual([]);
  });
});
