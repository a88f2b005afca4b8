import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '@jest/types';
import { globsToMatcher } from 'jest-util';
import { ROOT } from '../helpers/web-build';
import {
  auditMemberPages,
  DEFAULT_RUNS,
  LIGHTHOUSE_DESCRIBE,
  LIGHTHOUSE_IT,
  LIGHTHOUSE_TEST,
  RESULTS_ENV,
} from './lighthouse-audit';
import { waitForQuietMachine } from './quiet-machine';

/**
 * Jest's global setup, run once before any test worker starts:
 * - says once per run (not once per browser test file) that the browser tests are skipped without Chromium;
 * - runs issue 33's Lighthouse audit when this run includes tests/browser/lighthouse.test.ts. Performance is a
 *   measure of time, and beside a second Jest worker the same build scored 0.76 where it scores 0.96-1.00 alone, so
 *   the audit runs here, on a machine doing nothing else (it first waits, at most a minute, for the disk's pending
 *   writes and the CPU to settle: `npm ci` and the build have just run), and the test asserts what it measured. Its
 *   results go to a file named in the environment, which the workers inherit.
 */
export default async function globalSetup(globalConfig: Config.GlobalConfig, projectConfig: Config.ProjectConfig) {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    if (process.env.REQUIRE_BROWSER_TESTS !== '1') {
      console.log(
        `\nBrowser tests skipped: no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
      );
    }
    return;
  }
  if (!selectsLighthouseTest(globalConfig, projectConfig)) return;
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? DEFAULT_RUNS);
  const quiet = await waitForQuietMachine();
  console.log(
    `\nLighthouse: auditing the member pages alone before the tests start (${runs} runs a page), the CPU ` +
      `${Math.round(quiet.idle * 100)} % idle after ${(quiet.waitedMs / 1000).toFixed(1)} s` +
      `${quiet.quiet ? '' : ' (not quiet: the scores may be low for it)'}…`,
  );
  const outcome = { ...(await auditMemberPages(chromium, runs)), quiet };
  const dir = join(ROOT, '.artifacts', 'lighthouse');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `results-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(outcome, null, 1));
  process.env[RESULTS_ENV] = file;
  console.log(
    `Lighthouse: done in ${outcome.seconds} s${outcome.error ? ' (the audit failed; the test says why)' : ''}.`,
  );
}

/** Whether Jest will run the Lighthouse test in this run: its path and test-name filters and the project's testMatch. */
function selectsLighthouseTest(globalConfig: Config.GlobalConfig, projectConfig: Config.ProjectConfig): boolean {
  if (globalConfig.onlyChanged || globalConfig.findRelatedTests || globalConfig.watch || globalConfig.watchAll) {
    return false;
  }
  if (!globsToMatcher(projectConfig.testMatch)(LIGHTHOUSE_TEST)) return false;
  if (!globalConfig.testPathPatterns.toExecutor({ rootDir: globalConfig.rootDir }).isMatch(LIGHTHOUSE_TEST)) {
    return false;
  }
  const name = globalConfig.testNamePattern;
  return !name || new RegExp(name, 'i').test(`${LIGHTHOUSE_DESCRIBE} ${LIGHTHOUSE_IT}`);
}
