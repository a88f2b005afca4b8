import { DOOR_TICKETS, doorOutcome, doorScan, prepareDoor } from './door';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { importLines, measureImports, type ImportRow } from './imports';
import { forkChild } from './ipc';
import type { Phase } from './profile-split';
import type { ShardRun } from './shards';
import { fiveXxOf, targets, type Flash, type Measured } from './targets';
import { benchFlags, writeBenchReport } from './output';
import { ensureWebDist, webLoads, type WebLoad } from './web';
import type { World } from './world';

/**
 * `npm run bench` (about 3½ minutes with the build) and `npm run bench -- --quick` (about 1 minute). See docs/performance.md.
 * The host runs in a child process (`server`), this process only generates load (autocannon) and reports.
 * Every run prints its report and writes it under .bench/runs/ (ignored); only `--write-docs` puts it into
 * docs/performance.md between the bench markers (scripts/bench/output.ts).
 */
const FLAGS = benchFlags(process.argv);
const QUICK = FLAGS.quick;
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 1 : 4));
// The heavy reads (dashboard, exports) run a fixed number of requests instead.
const HEAVY_REQUESTS = QUICK ? 2 : 4;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const GROWTH = QUICK ? [1_000, ORDERS] : [1_000, ORDERS, 50_000];
// BENCH_ONLY=text runs only the scenarios whose name contains it, and skips growth, flash sale and cold start
// (for profiling one scenario with BENCH_CPU_PROF); BENCH_ONLY=door runs the door scenario alone, BENCH_ONLY=growth
// the growth table alone (the dashboard and exports at each size, with both processes' peak memory).
const ONLY = process.env.BENCH_ONLY;
const GROWTH_ONLY = 'growth';
// BENCH_NO_CEILING=1 skips the ceiling replays (so a host profile holds the service alone).
const NO_CEILING = process.env.BENCH_NO_CEILING === '1';

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

// --- The store and host children -------------------------------------------------------------------------
// Three processes, as on Azure: the store (the embedded Cosmos-protocol server alone), the host (the service,
// reaching the store over COSMOS_ENDPOINT through the SDK, as it reaches Cosmos DB), and this one, which only
// generates load (autocannon) and reports. BENCH_CPU_PROF=dir writes V8 CPU profiles of both children there.
const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const storeChild = forkChild(join(__dirname, 'store.js'), ['--expose-gc', ...profile], {
  ...process.env,
  TELEMETRY_STDOUT: 'false',
});
let hostChild: ReturnType<typeof forkChild> | undefined;

async function startHost(): Promise<{ url: string }> {
  const { endpoint } = (await storeChild.ready) as { endpoint: string };
  hostChild = forkChild(join(__dirname, 'server.js'), ['--expose-gc', ...profile], hostEnv(endpoint));
  return hostChild.ready as Promise<{ url: string }>;
}

function hostEnv(endpoint: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    COSMOS_ENDPOINT: endpoint,
    COSMOS_KEY: 'embedded-store-key',
    // The store's certificate is self-signed: the app's store client trusts it for this local endpoint only.
    // Under a flash sale of 500 requests on two cores a call queues far longer than production's bounds allow;
    // the bench measures that queue instead of cutting it off with 503s.
    STORE_REQUEST_TIMEOUT_MS: '120000',
    STORE_CALL_DEADLINE_MS: '120000',
    // On by default only without COSMOS_ENDPOINT: the bench's Shared Event scenario needs them.
    SHARED_EVENTS_ENABLED: 'true',
    DELEGATED_MEMBER_ORDERING_ENABLED: 'true',
  };
}
const rpc = <T = Any>(type: string, fields: Record<string, unknown> = {}) => hostChild!.rpc<T>(type, fields);

/**
 * A second host process on the same store (the flash sale is served by both, as two Function instances would
 * serve it): nothing a sale needs may live in one process. Its own SDK client, connections and caches.
 */
let secondHost: ReturnType<typeof forkChild> | undefined;
async function startSecondHost(): Promise<{ url: string }> {
  const { endpoint } = (await storeChild.ready) as { endpoint: string };
  secondHost = forkChild(join(__dirname, 'server.js'), ['--expose-gc'], hostEnv(endpoint));
  return secondHost.ready as Promise<{ url: string }>;
}

/** Both children's resident-memory peak and CPU (share of one core) over a stretch of the run. */
const meterStart = () => Promise.all([rpc('meterStart'), storeChild.rpc('meterStart')]);
async function meterStop() {
  const [host, store] = await Promise.all([rpc<Meter>('meterStop'), storeChild.rpc<Meter>('meterStop')]);
  return { host, store };
}
type Meter = {
  rssPeakMb: number;
  cpu: number;
  cpuMs: number;
  fromUs: number;
  toUs: number;
  requestsServed?: number;
  docsRead?: number;
};

/** Every measured stretch of the host and store processes, for splitting their CPU profiles (profile-split.ts). */
const phases: Phase[] = [];
function notePhase(name: string, meter: { host: Meter; store: Meter }, requests: number) {
  for (const process of ['host', 'store'] as const) {
    phases.push({ name, process, fromUs: meter[process].fromUs, toUs: meter[process].toUs, requests });
  }
}
type Ceiling = { calls: number; requests: number; rps: number; p99: number; errors: number; firstError?: string };

// --- Measuring ----------------------------------------------------------------------------------------------
interface Sample {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  statuses: Record<string, number>;
  ops: number[];
  ru: number[];
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

interface Scenario {
  name: string;
  concurrency: number;
  method: string;
  /** Path (with query) and body of the n-th request. */
  next: (n: number) => { path: string; body?: unknown; token: string };
  /** A status that counts as a correct answer (201 for creations). */
  ok: number;
  /** Heavy reads run a fixed number of requests instead of a fixed duration (a request may outlast it). */
  amount?: number;
  /** Also measure the ceiling of the calls before the role map (one membership read more): issue 16's target. */
  before?: boolean;
  /** A list or overview route: issue 28's p95 target, no ceiling replay. */
  list?: boolean;
}

async function drive(
  url: string | string[],
  s: Scenario,
  options: { duration?: number; amount?: number },
): Promise<Sample> {
  let n = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const ops: number[] = [];
  const ru: number[] = [];
  const instance = autocannon({
    url,
    connections: s.concurrency,
    ...options,
    timeout: 60,
    requests: [
      {
        method: s.method,
        setupRequest: (req) => {
          const { path, body, token } = s.next(n++);
          return {
            ...req,
            path: `/api/${path}`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          };
        },
        onResponse: (status, _body, _context, headers) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (headers['x-store-ops'] !== undefined) ops.push(Number(headers['x-store-ops']));
          if (headers['x-store-ru'] !== undefined) ru.push(Number(headers['x-store-ru']));
        },
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  if (result.errors || result.timeouts) statuses.socket = (result.errors ?? 0) + (result.timeouts ?? 0);
  return {
    rps: latencies.length / result.duration,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    requests: latencies.length,
    statuses,
    ops,
    ru,
  };
}

/**
 * Requests of the scenario with a recording correlation id: their store calls become the ceiling's replay. One
 * unrecorded request goes first, so the recording is of a steady request (a first Shared Event sale creates its
 * counters, and the SDK's first call to a container reads its metadata: neither recurs).
 */
async function recordOne(url: string, s: Scenario, n: number) {
  await send(url, s, n, `warm-${randomUUID()}`);
  // Of three recorded requests the one with the fewest store calls: a request that had to do more (a Shared Event
  // sale that fences a reservation) would make the ceiling lower than the steady request it is compared with.
  let best: { correlationId: string; calls: number } | undefined;
  for (let i = 1; i <= 3; i += 1) {
    const correlationId = `rec-${randomUUID()}`;
    await send(url, s, n + i, correlationId);
    const calls = await rpc<number>('recordedCalls', { correlationId });
    if (!best || calls < best.calls) best = { correlationId, calls };
  }
  return best!.correlationId;
}

async function send(url: string, s: Scenario, n: number, correlationId: string) {
  const { path, body, token } = s.next(n);
  const res = await fetch(`${url}/api/${path}`, {
    method: s.method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-correlation-id': correlationId,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await res.arrayBuffer();
  if (res.status !== s.ok) throw new Error(`${s.name}: recording request answered ${res.status}`);
}

// --- Scenarios ----------------------------------------------------------------------------------------------
function scenarios(w: World): Scenario[] {
  const q = `organizationId=${w.orgId}`;
  const ev = w.event;
  const memberAt = (n: number) => w.members[12 + (n % (w.members.length - 12))];
  const soldSoFar = new Map<string, number>();
  let reportCursor = 0;
  const reportSold = (concurrency: number): Scenario => ({
    name: `report-sold ×${concurrency}`,
    concurrency,
    before: true,
    method: 'POST',
    ok: 200,
    next: () => {
      const order = w.reportable[reportCursor++ % w.reportable.length];
      const sold = (soldSoFar.get(order.id) ?? 0) + 1;
      soldSoFar.set(order.id, sold);
      return {
        path: `orders/${order.id}/report-sold?${q}`,
        body: { soldQuantity: sold },
        token: w.members[order.owner].token,
      };
    },
  });
  const createOrder = (concurrency: number): Scenario => ({
    name: `order creation ×${concurrency}`,
    concurrency,
    before: true,
    method: 'POST',
    ok: 201,
    next: (n) => ({
      path: `orders?${q}`,
      body: { eventId: ev.id, showtimeId: ev.showtimeIds[2], tickets: [{ ticketTypeId: ev.adultId, quantity: 2 }] },
      token: memberAt(n).token,
    }),
  });
  let transferCursor = 0;
  // Lists first, while the organization holds the seeded 10,000 orders (the write scenarios add thousands).
  const list = (
    name: string,
    path: (n: number) => string,
    token: (n: number) => string,
    amount?: number,
  ): Scenario => ({
    name: `GET ${name} ×8`,
    concurrency: 8,
    method: 'GET',
    ok: 200,
    list: true,
    // A route slower than the scenario's seconds runs a fixed number of requests instead: a timed run would leave
    // its requests in flight, still loading the host and the store during the next scenario.
    ...(amount ? { amount } : {}),
    next: (n) => ({ path: path(n), token: token(n) }),
  });
  const member = (n: number) => memberAt(n).token;
  const manager = () => w.ticketManager.token;
  return [
    list('me/orders', () => `me/orders?${q}`, member),
    list('orders?status=pending', () => `orders?${q}&status=pending`, manager),
    list('events-overview', () => `events-overview?${q}`, manager),
    list('events', () => `events?${q}`, member),
    list('me/history', () => `me/history?${q}`, member),
    list('me/stats', () => `me/stats?${q}`, member),
    list(
      'members',
      () => `organizations/${w.orgId}/members`,
      () => w.superToken,
    ),
    list('notifications', () => `notifications?${q}`, member),
    // Every signed-in screen's first call (the shell's), with the organization: memberships across organizations.
    list('auth/me', () => `auth/me?${q}`, member),
    reportSold(8),
    reportSold(50),
    createOrder(8),
    createOrder(50),
    {
      name: 'registration ×8',
      concurrency: 8,
      method: 'POST',
      ok: 201,
      next: (n) => ({
        path: `registrations?${q}`,
        body: {
          eventId: ev.id,
          showtimeId: ev.showtimeIds[n % 3],
          tickets: [{ ticketTypeId: ev.adultId, quantity: 1 }],
        },
        token: memberAt(n).token,
      }),
    },
    {
      name: 'partial transfer ×8',
      concurrency: 8,
      method: 'POST',
      ok: 200,
      next: () => {
        const order = w.transferable[transferCursor++ % w.transferable.length];
        return {
          path: `orders/${order.id}/transfer?${q}`,
          body: { toUserId: w.members[order.owner === 12 ? 13 : 12].id, transferRequestId: randomUUID(), quantity: 1 },
          token: w.ticketManager.token,
        };
      },
    },
    {
      name: 'Shared Event pool sale ×9 (3 orgs)',
      concurrency: 9,
      method: 'POST',
      ok: 201,
      next: (n) => {
        const seller = w.shared.sellers[n % 3];
        return {
          path: `registrations?organizationId=${seller.orgId}`,
          body: {
            eventId: `se-${w.shared.id}`,
            showtimeId: w.shared.showtimeId,
            tickets: [{ ticketTypeId: w.shared.ticketTypeId, quantity: 1 }],
          },
          token: seller.token,
        };
      },
    },
    {
      name: 'dashboard ×2',
      concurrency: 2,
      amount: HEAVY_REQUESTS,
      method: 'GET',
      ok: 200,
      next: () => ({ path: `management/dashboard/${ev.id}?${q}`, token: w.admin.token }),
    },
    {
      name: 'CSV export ×2',
      concurrency: 2,
      amount: HEAVY_REQUESTS,
      method: 'GET',
      ok: 200,
      next: () => ({ path: `management/dashboard/${ev.id}/export?${q}`, token: w.admin.token }),
    },
    {
      name: 'Excel export ×2',
      concurrency: 2,
      amount: HEAVY_REQUESTS,
      method: 'GET',
      ok: 200,
      next: () => ({ path: `management/dashboard/${ev.id}/export-excel?${q}`, token: w.admin.token }),
    },
  ];
}

// --- Growth, flash sale, cold start ---------------------------------------------------------------------------
async function timed(url: string, path: string, token: string) {
  const started = performance.now();
  const res = await fetch(`${url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return { ms: performance.now() - started, ops: Number(res.headers.get('x-store-ops')), bytes };
}

/**
 * An export read as a stream: when its first body byte arrived, how many store requests the store had served by
 * then (asked at that moment, so an upper bound) against how many the whole export took (issue 36's streaming
 * target: the first byte leaves before the last page is read).
 */
async function streamedExport(url: string, path: string, token: string) {
  const started = performance.now();
  const res = await fetch(`${url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  const reader = res.body!.getReader();
  let bytes = 0;
  let firstByteMs: number | undefined;
  let storeRequestsAtFirstByte: number | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (firstByteMs === undefined && value.byteLength > 0) {
      firstByteMs = performance.now() - started;
      storeRequestsAtFirstByte = await storeChild.rpc<number>('progress');
    }
    bytes += value.byteLength;
  }
  return {
    ms: performance.now() - started,
    ops: Number(res.headers.get('x-store-ops')),
    bytes,
    firstByteMs: firstByteMs ?? NaN,
    storeRequestsAtFirstByte: storeRequestsAtFirstByte ?? NaN,
  };
}

async function growth(url: string, w: World) {
  const rows: Any[] = [];
  // A fresh event of exactly `count` orders at every size: the main event has grown by the scenarios' writes. All
  // are seeded before any is measured: the host seeds them (through the store client), and the memory that seeding
  // 50,000 documents leaves resident would otherwise be counted in the 50,000 row's export peaks and not in the
  // 10,000 row's (seeded one at a time, the 50,000 export started about 45 MB higher after a full GC).
  const events: string[] = [];
  for (const count of GROWTH) events.push(await rpc<string>('growth', { count }));
  for (const [index, count] of GROWTH.entries()) {
    const eventId = events[index];
    const q = `organizationId=${w.orgId}`;
    const path = (suffix: string) => `management/dashboard/${eventId}${suffix}?${q}`;
    await timed(url, path(''), w.admin.token); // warm
    // Each one metered alone: the host's peak memory DURING an export is issue 36's figure.
    await meterStart();
    const dashboard = await timed(url, path(''), w.admin.token);
    const dashboardMeter = await meterStop();
    const metered = async (suffix: string) => {
      const [hostAtStart] = await meterStart();
      const result = await streamedExport(url, path(suffix), w.admin.token);
      const meter = await meterStop();
      return {
        ...result,
        meter,
        hostStartMb: hostAtStart / 1024 / 1024,
        storeRequests: meter.store.requestsServed ?? NaN,
      };
    };
    const csv = await metered('/export');
    const excel = await metered('/export-excel');
    const peak = (side: 'host' | 'store') =>
      Math.max(dashboardMeter[side].rssPeakMb, csv.meter[side].rssPeakMb, excel.meter[side].rssPeakMb);
    const meter = { host: { rssPeakMb: peak('host') }, store: { rssPeakMb: peak('store') } };
    rows.push({ count, dashboard, csv, excel, meter });
  }
  return rows;
}

async function flashSale(urls: string[], w: World, flashEvent: World['flash']) {
  const s: Scenario = {
    name: 'flash sale',
    concurrency: 500,
    method: 'POST',
    ok: 201,
    next: (n) => ({
      path: `registrations?organizationId=${w.orgId}`,
      body: {
        eventId: flashEvent.eventId,
        showtimeId: flashEvent.showtimeId,
        tickets: [{ ticketTypeId: flashEvent.ticketTypeId, quantity: 1 }],
      },
      token: w.members[12 + (n % (w.members.length - 12))].token,
    }),
  };
  await meterStart();
  const sample = await drive(urls, s, { amount: 1000 });
  const meter = await meterStop();
  notePhase('flash sale', meter, sample.requests);
  const stored = await rpc<Record<string, unknown>>('flashSold', {
    eventId: flashEvent.eventId,
    showtimeId: flashEvent.showtimeId,
  });
  return { sample, stored, meter, hosts: urls.length };
}

/**
 * The door scenario (scripts/bench/door.ts): exactly once, store calls per scan, p99 beside the bare store replaying
 * the recorded calls of one admitting scan.
 */
const DOOR_SCENARIO = 'door scan';
async function doorRun(url: string, w: World): Promise<string[]> {
  const door = await prepareDoor(url, w);
  const s: Scenario = {
    name: DOOR_SCENARIO,
    concurrency: 8,
    method: 'POST',
    ok: 200,
    next: (n) => doorScan(w, door, n),
  };
  const correlationId = await recordOne(url, s, 2 * DOOR_TICKETS);
  await meterStart();
  const sample = await drive(url, s, { amount: 2 * DOOR_TICKETS });
  const meter = await meterStop();
  notePhase('door scan: service', meter, sample.requests);
  const outcome = await doorOutcome(url, w, door);
  await meterStart();
  const ceiling = await rpc<Ceiling>('ceiling', { correlationId, concurrency: 8, durationMs: SECONDS * 1000 });
  notePhase('door scan: ceiling', await meterStop(), ceiling.requests);
  const exactlyOnce = outcome.admitted === door.codes.length && outcome.statuses.issued === undefined;
  return [
    `${sample.requests} scans of ${DOOR_TICKETS} tickets (each twice at once) by 8 doors: statuses ${JSON.stringify(sample.statuses)}; the door kit counts ${outcome.admitted} admitted of ${door.codes.length} (${exactlyOnce ? 'each exactly once' : `NOT exactly once: ${JSON.stringify(outcome.statuses)}`}), kit ${f1(outcome.kitBytes / 1024)} kB`,
    `store calls per scan ${distinct(sample.ops)} (mean ${f2(mean(sample.ops))}); p50 ${f1(sample.p50)} ms, p99 ${f1(sample.p99)} ms, ${f0(sample.rps)} scans/s`,
    `the bare store doing the same ${ceiling.calls} calls: p99 ${f1(ceiling.p99)} ms, ${f0(ceiling.rps)} req/s (service p99 ÷ ceiling p99 ${(sample.p99 / Math.max(ceiling.p99, 0.001)).toFixed(2)})`,
  ];
}

function flashLine(flash: Flash): string {
  const counts = Object.fromEntries(
    Object.entries(flash.stored ?? {}).filter(([k, v]) => !k.startsWith('_') && typeof v === 'number'),
  );
  return `${flash.hosts} host processes, store round trip ${flash.latency} ms: 500 concurrent sellers, 1,000 attempts on a showtime of 300 seats: ${flash.sample.statuses['201'] ?? 0} sold (the showtime's counter: ${JSON.stringify(counts)}), ${fiveXxOf(flash.sample.statuses)} 5xx/socket errors, statuses ${JSON.stringify(flash.sample.statuses)}, p50 ${f0(flash.sample.p50)} ms, p95 ${f0(flash.sample.p95)} ms, p99 ${f0(flash.sample.p99)} ms, ${f0(flash.sample.rps)} answers/s, CPU first host ${flash.meter.host.cpu.toFixed(2)} / store ${flash.meter.store.cpu.toFixed(2)} of a core, waiting for a core ${f2(flash.meter.host.waiting)} / ${f2(flash.meter.store.waiting)} of the time`;
}

/** Cold start: every function module's import against the heal timer's (imports.ts); --quick takes fewer rounds. */
function coldStart(): ImportRow[] {
  return measureImports(QUICK ? 3 : 7);
}

// --- Report -------------------------------------------------------------------------------------------------
const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '–' : x.toFixed(2));
const distinct = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b).join('/') || '–';

async function main() {
  const startedAt = Date.now();
  const cold = ONLY ? [] : coldStart();
  const withWeb = !ONLY || ONLY.includes('web');
  const built = withWeb && ensureWebDist(); // before the host starts: it serves web/dist when it finds it
  const { url } = await startHost();
  const seedStart = Date.now();
  const world = await rpc<World>('seed', {
    options: { orders: ORDERS, members: 200, registrations: QUICK ? 60 : 300 },
  });
  const seedSeconds = (Date.now() - seedStart) / 1000;
  console.log(`seeded ${ORDERS} orders, 200 members in ${f1(seedSeconds)} s`);

  const lines: string[] = [
    `| scenario | conc. | req/s | p50 ms | p95 ms | p99 ms | statuses | store calls | store HTTP requests/req | RU/req | store docs read/req | host CPU ms/req | store CPU ms/req | load generator CPU ms/req |`,
    `|---|--:|--:|--:|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|`,
  ];
  const ceilingLines: string[] = [
    `| scenario | calls | ceiling req/s | ceiling p99 ms | ÷ req/s | ÷ p99 | replay CPU ms/req | store CPU ms/req | 5-call req/s | 5-call p99 ms | ÷ req/s | ÷ p99 | 5-call replay CPU ms/req |`,
    `|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|`,
  ];
  const perRequest = (m: Meter, requests: number) => f1(m.cpuMs / Math.max(requests, 1));
  const measured = new Map<string, Measured>();
  for (const s of scenarios(world).filter((x) => !ONLY || x.name.includes(ONLY))) {
    const correlationId = await recordOne(url, s, 0);
    await meterStart();
    const loadCpu = process.cpuUsage();
    const sample = await drive(url, s, s.amount ? { amount: s.amount } : { duration: SECONDS });
    const loadCpuUsed = process.cpuUsage(loadCpu);
    const meter = await meterStop();
    notePhase(`${s.name}: service`, meter, sample.requests);
    const loadMs = (loadCpuUsed.user + loadCpuUsed.system) / 1000;
    const replay = async (membershipReadOf?: string) => {
      await meterStart();
      const result = await rpc<Ceiling>('ceiling', {
        correlationId,
        concurrency: s.concurrency,
        durationMs: SECONDS * 1000,
        amount: s.amount,
        membershipReadOf,
      });
      if (result.errors) console.warn(`${s.name}: ceiling errors`, result.errors, result.firstError);
      const meter = await meterStop();
      notePhase(`${s.name}: ${membershipReadOf ? '5-call ceiling' : 'ceiling'}`, meter, result.requests);
      if (process.env.BENCH_DEBUG) console.warn(`${s.name}: replayed`, (result as Any).kinds);
      return { ...result, meter };
    };
    const statuses = Object.entries(sample.statuses)
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
    const docsRead = f0((meter.store.docsRead ?? 0) / Math.max(sample.requests, 1));
    const row = `| ${s.name} | ${s.concurrency} | ${f0(sample.rps)} | ${f1(sample.p50)} | ${f1(sample.p95)} | ${f1(sample.p99)} | ${statuses} | ${distinct(sample.ops)} | ${f1((meter.store.requestsServed ?? 0) / Math.max(sample.requests, 1))} | ${f1(mean(sample.ru))} | ${docsRead} | ${perRequest(meter.host, sample.requests)} | ${perRequest(meter.store, sample.requests)} | ${f1(loadMs / Math.max(sample.requests, 1))} |`;
    console.log(row);
    lines.push(row);
    measured.set(s.name, { sample, docsRead: Number(docsRead) });
    if (NO_CEILING || s.list) continue;
    const ceiling = await replay();
    const before = s.before ? await replay(world.orgId) : undefined;
    const ratios = (c: Ceiling) =>
      `${f0(c.rps)} | ${f1(c.p99)} | ${(sample.rps / c.rps).toFixed(2)} | ${(sample.p99 / Math.max(c.p99, 0.001)).toFixed(2)}`;
    const calls = `${ceiling.calls}${ceiling.errors ? ` (${ceiling.errors} failed)` : ''}`;
    const ceilingRow = `| ${s.name} | ${calls} | ${ratios(ceiling)} | ${perRequest(ceiling.meter.host, ceiling.requests)} | ${perRequest(ceiling.meter.store, ceiling.requests)} | ${before ? `${ratios(before)} | ${perRequest(before.meter.host, before.requests)}` : '– | – | – | – | –'} |`;
    console.log(ceilingRow);
    ceilingLines.push(ceilingRow);
    measured.set(s.name, { sample, docsRead: Number(docsRead), ceiling, before });
  }

  const web: WebLoad[] = withWeb ? await webLoads(url, world, QUICK ? 5 : 20, built) : [];
  const webLines = web.map((w) =>
    w.skipped
      ? `- web: ${w.name}: not measured (${w.skipped})`
      : `- web: ${w.name}: p50 ${f0(w.p50)} ms, p95 ${f0(w.p95)} ms over ${w.loads} loads, ${w.apiCalls} API calls a load`,
  );
  console.log(webLines.join('\n'));
  // Issue 36: at most 3 API calls on a page's load, printed with its target also when only the web scenario runs
  // (BENCH_ONLY=web, which returns before the targets table).
  for (const w of web.filter((x) => !x.skipped))
    console.log(
      `- web: ${w.name}: ${w.apiCalls} API calls a load, target ≤ 3: ${w.apiCalls <= 3 ? 'met' : 'NOT met'} (${w.apiPaths.join(', ')})`,
    );
  if (ONLY && ONLY !== GROWTH_ONLY) {
    // BENCH_ONLY=door runs the door scenario alone (with BENCH_DOOR_TICKETS and BENCH_ORDERS for a small check).
    if (!NO_CEILING && DOOR_SCENARIO.includes(ONLY)) console.log((await doorRun(url, world)).join('\n'));
    return;
  }
  const grown = await growth(url, world);
  const growthLines = [
    `| orders | dashboard ms | calls | CSV ms | calls | CSV MB | Excel ms | calls | Excel MB | host peak RSS MB | store peak RSS MB |`,
    `|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|`,
    ...grown.map(
      (g) =>
        `| ${g.count} | ${f0(g.dashboard.ms)} | ${g.dashboard.ops} | ${f0(g.csv.ms)} | ${g.csv.ops} | ${f1(g.csv.bytes / 1e6)} | ${f0(g.excel.ms)} | ${g.excel.ops} | ${f1(g.excel.bytes / 1e6)} | ${f0(g.meter.host.rssPeakMb)} | ${f0(g.meter.store.rssPeakMb)} |`,
    ),
  ];
  console.log(growthLines.join('\n'));
  if (ONLY) {
    for (const g of grown)
      console.log(
        `${g.count} orders: host RSS during the CSV export ${f0(g.csv.hostStartMb)} → peak ${f0(g.csv.meter.host.rssPeakMb)} MB, the Excel export ${f0(g.excel.hostStartMb)} → ${f0(g.excel.meter.host.rssPeakMb)} MB`,
      );
    return;
  }

  const second = await startSecondHost();
  const flashes: Flash[] = [];
  for (const latency of [0, 5]) {
    await storeChild.rpc('latency', { ms: latency });
    const flash = await flashSale([url, second.url], world, await rpc<World['flash']>('flashEvent'));
    flashes.push({ ...flash, latency });
  }
  await storeChild.rpc('latency', { ms: Number(process.env.BENCH_STORE_LATENCY_MS ?? 0) });
  const flashLines = flashes.map(flashLine);
  console.log(flashLines.join('\n'));

  const doorLines = NO_CEILING ? [] : await doorRun(url, world);
  console.log(doorLines.join('\n'));

  // The hottest document's simulation (docs/scaling.md), with the 5 ms round trip that makes races possible.
  await storeChild.rpc('latency', { ms: 5 });
  const shardRuns: ShardRun[] = [];
  for (const protocol of ['conditional patch', 'read + replace'] as const) {
    for (const shards of [1, 4, 16]) {
      shardRuns.push(await rpc<ShardRun>('shards', { protocol, shards, capacity: 1000, sellers: 50 }));
    }
  }
  await storeChild.rpc('latency', { ms: Number(process.env.BENCH_STORE_LATENCY_MS ?? 0) });
  const shardLines = [
    `| protocol | shards | sold | stored sum | conflicts/sale | full-shard refusals/sale | sales/s | p99 ms |`,
    `|---|--:|--:|--:|--:|--:|--:|--:|`,
    ...shardRuns.map(
      (r) =>
        `| ${r.protocol} | ${r.shards} | ${r.sold} | ${r.storedSold} | ${r.conflictsPerSale.toFixed(3)} | ${r.fullRefusalsPerSale.toFixed(3)} | ${f0(r.salesPerSecond)} | ${f1(r.p99Ms)} |`,
    ),
  ];
  console.log(shardLines.join('\n'));
  const targetLines = targets(measured, grown, flashes, web, cold);
  console.log(targetLines.join('\n'));

  const coldLines = importLines(cold);
  const total = (Date.now() - startedAt) / 1000;
  const report = [
    `Run: ${new Date().toISOString().slice(0, 16)}Z, ${QUICK ? 'quick' : 'full'} (${SECONDS} s a scenario), Node ${process.version}, ${ORDERS} orders seeded in ${f1(seedSeconds)} s, whole run ${f0(total)} s.`,
    '',
    '### Scenarios: the service',
    '',
    ...lines,
    '',
    '### The same scenarios: the bare store (ceiling) and service ÷ ceiling',
    '',
    ...ceilingLines,
    '',
    '### Growth: dashboard and exports (one request each, after one warm-up dashboard)',
    '',
    ...growthLines,
    '',
    '### Targets (issues 28 and 36)',
    '',
    ...targetLines,
    '',
    '### The web client: member home and manager queue (headless Chromium, after one warm-up load)',
    '',
    ...webLines,
    '',
    '### Flash sale: two host processes on one store',
    '',
    ...flashLines.map((l) => `- ${l}`),
    '',
    '### The door: 8 doors, 4,000 tickets, each scanned twice at once',
    '',
    ...doorLines.map((l) => `- ${l}`),
    '',
    '### The hottest document: a counter in 1, 4 and 16 shards (1,000 seats, 50 sellers, 5 ms store round trip)',
    '',
    ...shardLines,
    '',
    '### imports: each compiled function module imported in a fresh Node process (median of rounds, CPU time and wall clock) against the heal timer; `all`: every module in one process, as the Azure worker loads them',
    '',
    ...coldLines,
  ].join('\n');
  console.log(`\n${report}\n`);
  const root = join(__dirname, '..', '..', '..');
  for (const file of await writeBenchReport(root, report, FLAGS)) console.log(`results written to ${file}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    // With BENCH_CPU_PROF, which stretch of each profile is which (`node dist/scripts/bench/profile-split.js dir`).
    if (process.env.BENCH_CPU_PROF) {
      const pids = { host: hostChild?.child.pid, store: storeChild.child.pid };
      writeFileSync(join(process.env.BENCH_CPU_PROF, 'phases.json'), JSON.stringify({ pids, phases }, null, 1));
    }
    hostChild?.child.disconnect();
    secondHost?.child.disconnect();
    storeChild.child.disconnect();
  });
