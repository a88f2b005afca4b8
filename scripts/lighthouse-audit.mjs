/* global process, URL */
// Lighthouse (its default mobile preset, with its own simulated throttling) on pages of the built client, in one
// Debian Chromium launched by chrome-launcher. Called by tests/browser/lighthouse.test.ts with one JSON argument:
// { baseUrl, chromePath, runs?, pages: [{ name, path, session? }] }. A page with `session` runs signed in: the session
// is written to localStorage first (the client reads it there) and Lighthouse keeps the storage. Every run starts
// cold: the HTTP cache, the service worker and its caches are cleared first (a signed-in run keeps only
// localStorage), so no run is served from what an earlier one left. Every page is loaded once, unmeasured, before the
// runs (warmUp). Each page runs `runs` times (default 1): the median run (Lighthouse's own computeMedianRun: closest
// to the median FCP and TTI) is reported with its metrics, and each category's median score over the runs. Prints one
// JSON line: [{ name, scores, medians, runs: [performance of each run], metrics: { fcp, lcp, si, tbt, cls },
// failing: [audit ids < 0.9] }].
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import * as constants from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const { baseUrl, chromePath, pages, runs = 1 } = JSON.parse(process.argv[2]);

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

/**
 * A cold start for the next run: no HTTP cache, no service worker, no Cache Storage (the client's precache and
 * last data load), no IndexedDB (its outbox) for the origin; with a session, localStorage holds only it.
 */
async function coldStart(session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const tab = await browser.contexts()[0].newPage();
  const cdp = await tab.context().newCDPSession(tab);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(baseUrl).origin,
    storageTypes: 'local_storage,service_workers,cache_storage,indexeddb',
  });
  // A page of the origin that is not the client (the API's health answer), opened before every run: the browser's
  // first page of a launch paints late while it sets itself up (fonts), which the first audited page paid alone.
  // localStorage is the origin's, and no service worker registers before the measured run.
  await tab.goto(`${baseUrl}/api/health`);
  if (session) {
    await tab.evaluate(([s, org]) => {
      globalThis.localStorage.setItem('tickets.session', s);
      globalThis.localStorage.setItem('tickets.organizationId', org);
    }, session);
  }
  await tab.close();
  await browser.close();
}

/**
 * One unmeasured load of every page first. In CI the first measured load of a page was its worst run, three audits
 * out of three (my orders 0.90-0.93, then 0.95-0.99): the first time the host answers a read (its code not yet
 * compiled by V8) and the browser draws the page. Lighthouse's simulation takes the answers' server time from what it
 * saw, and a slow first answer let the page render once loading and again with its data.
 */
async function warmUp(page) {
  await coldStart(page.session);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const tab = await browser.contexts()[0].newPage();
  await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'networkidle' });
  await tab.close();
  await browser.close();
}

/** The median of a category's scores over the runs (Lighthouse CI's `aggregationMethod: 'median'`). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor((sorted.length - 1) / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle] + sorted[middle + 1]) / 2;
}

const results = [];
try {
  for (const page of pages) await warmUp(page);
  for (const page of pages) {
    const lhrs = [];
    let calibration;
    for (let i = 0; i < runs; i++) {
      // Calibrated before every run, not once: on a shared machine one busy moment at the start set 1x for every
      // page while the runs themselves measured a machine that gets 2x-4x (the figures flattered the pages).
      calibration = await cpuSlowdownFor();
      const throttling = { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: calibration.multiplier };
      await coldStart(page.session);
      const run = await lighthouse(`${baseUrl}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        // Storage was cleared above (all but the session): Lighthouse's own reset would take the session too.
        disableStorageReset: true,
        throttling,
      });
      lhrs.push(run.lhr);
      // LIGHTHOUSE_REPORT_DIR keeps every run's whole report (JSON), to read what a figure is made of.
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        const file = `${page.name.replace(/\W+/g, '-')}-${i + 1}.json`;
        await mkdir(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        await writeFile(join(process.env.LIGHTHOUSE_REPORT_DIR, file), JSON.stringify(run.lhr));
        const trace = run.artifacts?.Trace ?? run.artifacts?.traces?.defaultPass;
        if (trace) await writeFile(join(process.env.LIGHTHOUSE_REPORT_DIR, `trace-${file}`), JSON.stringify(trace));
      }
    }
    const lhr = runs > 1 ? computeMedianRun(lhrs) : lhrs[0];
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? 0]));
    // What is held: each category's median score over the runs (the representative run above gives the metrics).
    const medians = Object.fromEntries(
      CATEGORIES.map((c) => [c, median(lhrs.map((run) => run.categories[c]?.score ?? 0))]),
    );
    const failing = CATEGORIES.flatMap((c) =>
      lhr.categories[c].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map(
          (ref) =>
            `${c}:${ref.id}=${lhr.audits[ref.id].score}${lhr.audits[ref.id].displayValue ? ` (${lhr.audits[ref.id].displayValue})` : ''}`,
        ),
    );
    const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
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
      medians,
      runs: lhrs.map((r) => r.categories.performance?.score ?? 0),
      metrics: {
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        si: metric('speed-index'),
        tbt: metric('total-blocking-time'),
        cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      },
      failing,
      // What moved (Lighthouse's layout-shifts audit): the element and its share of the shift score.
      shifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map(
        (item) => `${item.node?.selector ?? item.node?.snippet ?? '?'} ${Number(item.score ?? 0).toFixed(3)}`,
      ),
      runtimeError: lhr.runtimeError?.message,
    });
  }
} finally {
  await chrome.kill();
}
process.stdout.write(`${JSON.stringify(results)}\n`);
