import { writeFileSync } from 'node:fs';
import { describeInBrowser, startWorld } from './harness';
import { memberWithSales } from './member-pages-fixture';

/**
 * Issue 33, measured by hand (not part of `npm test`): `npx jest --testMatch '**\/tbt-proxy.manual.ts'`.
 * A steadier stand-in for Lighthouse's Total Blocking Time on this machine: each page is loaded N times (default 7)
 * in Chromium with a trace, and every main-thread task after the first contentful paint is counted as Lighthouse's
 * simulation counts it at a 4x CPU slowdown (4 x duration - 50 ms, when positive); the median is printed with the
 * longest task. PROFILE_PATHS picks the pages, TASKS=1 lists each load's tasks over 10 ms, PROFILE_OUT=dir writes
 * each load's CPU profile there as a Chrome .cpuprofile, and its trace (docs/decisions/web-client.md, "The first screen").
 */
jest.setTimeout(600_000);
describeInBrowser('tbt proxy', () => {
  it('measures', async () => {
    const { api, browser } = await startWorld();
    const { f, session } = await memberWithSales(api);
    const out: string[] = [];
    for (const path of (process.env.PROFILE_PATHS ?? '/login,/,/history?tab=delivered,/sales').split(',')) {
      const results: { tbt: number; longest: number; fcp: number; done: number; layout: number }[] = [];
      for (let i = 0; i < Number(process.env.N ?? 7); i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const page = await context.newPage();
        await page.goto(`${api.url}/api/health`);
        if (path !== '/login')
          await page.evaluate(
            `localStorage.setItem('tickets.session', ${JSON.stringify(session)}); localStorage.setItem('tickets.organizationId', ${JSON.stringify(f.orgId)})`,
          );
        const cdp = await context.newCDPSession(page);
        await cdp.send('Tracing.start', {
          categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading,blink.user_timing',
          transferMode: 'ReturnAsStream',
        } as never);
        if (process.env.PROFILE_OUT) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        await page.goto(`${api.url}${path}`);
        await page.waitForTimeout(2500);
        if (process.env.PROFILE_OUT) {
          const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
          const name = `${process.env.PROFILE_OUT}/${path.replace(/[^a-z]+/g, '_')}-${i}.cpuprofile`;
          writeFileSync(name, JSON.stringify(profile));
        }
        const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream!)));
        await cdp.send('Tracing.end');
        const stream = await done;
        let data = '';
        for (;;) {
          const r = (await cdp.send('IO.read', { handle: stream })) as { data: string; eof: boolean };
          data += r.data;
          if (r.eof) break;
        }
        if (process.env.PROFILE_OUT) {
          writeFileSync(`${process.env.PROFILE_OUT}/${path.replace(/[^a-z]+/g, '_')}-${i}.trace.json`, data);
        }
        const ev = (JSON.parse(data).traceEvents ?? JSON.parse(data)) as {
          name: string;
          ph: string;
          ts: number;
          dur?: number;
          pid: number;
          tid: number;
          args?: any;
        }[];
        const fcpEv = ev.filter((e) => e.name === 'firstContentfulPaint').pop()!;
        const nav =
          ev
            .filter(
              (e) =>
                e.name === 'navigationStart' &&
                e.pid === fcpEv.pid &&
                e.args?.data?.documentLoaderURL?.includes(path.split('?')[0]),
            )
            .pop() ?? ev.filter((e) => e.name === 'navigationStart' && e.pid === fcpEv.pid).pop()!;
        const tasks = ev.filter(
          (e) => e.pid === fcpEv.pid && e.tid === fcpEv.tid && e.name === 'RunTask' && e.ph === 'X' && e.ts > fcpEv.ts,
        );
        let tbt = 0;
        let longest = 0;
        let last = 0;
        for (const t of tasks) {
          const d = (t.dur ?? 0) / 1000;
          tbt += Math.max(0, 4 * d - 50);
          longest = Math.max(longest, d);
          if (d > 5) last = (t.ts + (t.dur ?? 0) - nav.ts) / 1000;
        }
        if (process.env.TASKS)
          out.push(
            `  ${path} run ${i}: ` +
              tasks
                .filter((t) => (t.dur ?? 0) > 10_000)
                .map((t) => `${((t.ts - nav.ts) / 1000).toFixed(0)}+${((t.dur ?? 0) / 1000).toFixed(0)}`)
                .join(' '),
          );
        // Style and layout on the main thread (Chromium's own work, outside any script): what the page's CSS and
        // fonts cost.
        const layout =
          ev
            .filter((e) => e.pid === fcpEv.pid && e.tid === fcpEv.tid && /^(Layout|UpdateLayoutTree)$/.test(e.name))
            .reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
        results.push({ tbt, longest, fcp: (fcpEv.ts - nav.ts) / 1000, done: last, layout });
        await context.close();
      }
      const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      out.push(
        `${path.padEnd(24)} tbt4x median ${med(results.map((r) => r.tbt)).toFixed(0)} [${results.map((r) => r.tbt.toFixed(0)).join(' ')}] longest ${med(results.map((r) => r.longest)).toFixed(1)} fcp ${med(results.map((r) => r.fcp)).toFixed(0)} busy-until ${med(results.map((r) => r.done)).toFixed(0)} style+layout ${med(results.map((r) => r.layout)).toFixed(1)}`,
      );
    }
    console.log(out.join('\n'));
    await browser.close();
    await api.close();
  });
});
