import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `node dist/scripts/bench/profile-split.js <dir>` after `BENCH_CPU_PROF=<dir> npm run bench ...`: the host's and
 * the store's CPU profiles cut into the bench's measured stretches (a scenario's service run, its ceiling, its
 * 5-call ceiling, the flash sale), each shown as CPU milliseconds per request by category. Comparing a scenario's
 * service column with its ceilings shows where the service spends what its store calls do not.
 */
export interface Phase {
  name: string;
  process: 'host' | 'store';
  /** The monotonic clock in microseconds, as V8 stamps profile samples. */
  fromUs: number;
  toUs: number;
  requests: number;
}

interface CallFrame {
  functionName: string;
  url: string;
}
export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const SDK = /@azure\/cosmos|@typespec\/ts-http-runtime|@azure\/core-rest-pipeline/;
const CLIENT_IO = /node:_http_client|node:_http_agent|node:_tls_wrap|node:https/;
const SERVICE = /\/(shared|functions)\/|local-host/;
const HTTP_SERVER = /node:_http_(server|incoming|outgoing|common)/;

/**
 * The category of one sample, from its stack (innermost frame first): what the service's own code calls is the
 * service's (the local host's response write included), what the SDK calls is the SDK's, whatever is innermost.
 */
export function categoryOf(stack: CallFrame[]): string {
  const top = stack[0];
  if (top?.functionName === '(idle)') return 'idle';
  if (top?.functionName === '(garbage collector)') return 'gc';
  const urls = stack.map((frame) => frame.url);
  if (urls.some((url) => SDK.test(url))) return 'store SDK';
  if (urls.some((url) => url.includes('/scripts/bench/'))) return 'bench';
  if (urls.some((url) => /jsonwebtoken|\/jws\/|\/jwa\//.test(url))) return 'JWT';
  if (urls.some((url) => /\/ajv\//.test(url))) return 'validation (ajv)';
  // Our fixes to the embedded store run in the store process: the store's, not the service's.
  if (urls.some((url) => url.includes('/shared/store/embedded-'))) return 'embedded store';
  if (urls.some((url) => SERVICE.test(url) && !url.includes('node_modules'))) return 'service code';
  if (urls.some((url) => CLIENT_IO.test(url))) return 'store SDK (HTTPS client)';
  if (urls.some((url) => HTTP_SERVER.test(url))) return 'HTTP server';
  if (urls.some((url) => url.includes('@vercel/cosmosdb-server') || url.includes('@zeit/cosmosdb-query'))) {
    return 'embedded store';
  }
  if (top?.functionName === 'runMicrotasks') return 'microtasks';
  return 'Node internals';
}

/** CPU milliseconds per request by category, for each phase of one process's profile. */
export function splitProfile(profile: CpuProfile, phases: Phase[]): Map<string, number>[] {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const stackOf = (id: number) => {
    const stack: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
    return stack;
  };
  const totals = phases.map(() => new Map<string, number>());
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    phases.forEach((phase, p) => {
      if (at < phase.fromUs || at >= phase.toUs) return;
      const category = categoryOf(stackOf(id));
      totals[p].set(category, (totals[p].get(category) ?? 0) + delta / 1000 / Math.max(phase.requests, 1));
    });
  });
  return totals;
}

function main(dir: string) {
  const { pids, phases } = JSON.parse(readFileSync(join(dir, 'phases.json'), 'utf8')) as {
    pids: Record<'host' | 'store', number>;
    phases: Phase[];
  };
  for (const process of ['host', 'store'] as const) {
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile') && f.includes(`.${pids[process]}.`));
    if (!file) continue;
    const mine = phases.filter((phase) => phase.process === process);
    const split = splitProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, mine);
    const categories = [...new Set(split.flatMap((m) => [...m.keys()]))]
      .map((c) => ({ c, first: split[0]?.get(c) ?? 0 }))
      .sort((a, b) => b.first - a.first)
      .map(({ c }) => c);
    console.log(`\n## ${process} process: CPU ms per request\n`);
    console.log(`| category | ${mine.map((p) => p.name).join(' | ')} |`);
    console.log(`|---|${mine.map(() => '--:').join('|')}|`);
    for (const c of categories) console.log(`| ${c} | ${split.map((m) => (m.get(c) ?? 0).toFixed(3)).join(' | ')} |`);
    const busy = split.map((m) => [...m].filter(([c]) => c !== 'idle').reduce((sum, [, v]) => sum + v, 0));
    console.log(`| **all but idle** | ${busy.map((v) => v.toFixed(3)).join(' | ')} |`);
  }
}

if (require.main === module) {
  if (!process.argv[2]) {
    console.error('usage: node dist/scripts/bench/profile-split.js <BENCH_CPU_PROF dir>');
    process.exit(2);
  }
  main(process.argv[2]);
}
