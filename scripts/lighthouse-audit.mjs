/* global process */
// Lighthouse (its default mobile preset, with its own simulated throttling) on pages of the built client, in one
// Debian Chromium launched by chrome-launcher. Called by tests/browser/lighthouse.test.ts with one JSON argument:
// { baseUrl, chromePath, pages: [{ name, path, session? }] }. A page with `session` runs signed in: the session
// is written to localStorage first (the client reads it there) and Lighthouse keeps the storage. Prints one JSON
// line: [{ name, scores: { performance, accessibility, 'best-practices' }, failing: [audit ids under 0.9] }].
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import * as constants from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const { baseUrl, chromePath, pages } = JSON.parse(process.argv[2]);

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-extensions',
  ],
  logLevel: 'silent',
});
/**
 * The CPU slowdown for this machine, as Lighthouse's throttling guide calibrates it (docs/throttling.md,
 * "Calibrating multipliers"; Lighthouse warns that its 4x is wrong below a benchmark index of 1000): the preset's
 * 4x on a fast desktop (1500 and up), 2x on a slower one (1000 to 1500), none below, where the machine alone is
 * already slower than the mid-tier phone the mobile preset stands for. The network throttling stays the preset's.
 */
async function cpuSlowdownFor() {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const tab = await browser.contexts()[0].newPage();
  const benchmarkIndex = await tab.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  await tab.close();
  await browser.close();
  return { benchmarkIndex, multiplier: benchmarkIndex >= 1500 ? 4 : benchmarkIndex >= 1000 ? 2 : 1 };
}

const results = [];
try {
  const calibration = await cpuSlowdownFor();
  const throttling = { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: calibration.multiplier };
  for (const page of pages) {
    if (page.session) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const tab = await browser.contexts()[0].newPage();
      await tab.goto(`${baseUrl}/login`);
      await tab.evaluate(([session, org]) => {
        globalThis.localStorage.setItem('tickets.session', session);
        globalThis.localStorage.setItem('tickets.organizationId', org);
      }, page.session);
      await tab.close();
      await browser.close();
    }
    const run = await lighthouse(`${baseUrl}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      disableStorageReset: Boolean(page.session),
      throttling,
    });
    const lhr = run.lhr;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? 0]));
    const failing = CATEGORIES.flatMap((c) =>
      lhr.categories[c].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map(
          (ref) =>
            `${c}:${ref.id}=${lhr.audits[ref.id].score}${lhr.audits[ref.id].displayValue ? ` (${lhr.audits[ref.id].displayValue})` : ''}`,
        ),
    );
    // How fast this machine ran the page (Lighthouse's own measure; its mobile throttling assumes a desktop of
    // about 1000-2000, and a busy machine's slowness is multiplied by the simulated 4x CPU slowdown).
    const machine = {
      calibration,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      scriptTime: lhr.audits['bootup-time']?.displayValue,
      mainThread: lhr.audits['mainthread-work-breakdown']?.displayValue,
    };
    results.push({
      machine,
      name: page.name,
      url: lhr.finalDisplayedUrl,
      scores,
      failing,
      runtimeError: lhr.runtimeError?.message,
    });
  }
} finally {
  await chrome.kill();
}
process.stdout.write(`${JSON.stringify(results)}\n`);
