import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetConfig } from '../../shared/config';
import { startLocalHost } from '../local-host';

/**
 * Bench: order creation and report-sold through the local host on the embedded store.
 * `npm run bench` (or BENCH_ORDERS=400 BENCH_CONCURRENCY=16 npm run bench). Prints latency percentiles and
 * the store calls per request read from `x-store-ops`. Bounded: it sends a fixed number of requests to
 * 127.0.0.1 and stops.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ADMIN = 'bench-admin@example.org';

async function main() {
  const outbox = join(tmpdir(), `bench-outbox-${randomUUID()}.jsonl`);
  Object.assign(process.env, { OUTBOX_FILE: outbox, SUPER_ADMIN_EMAILS: ADMIN, TELEMETRY_STDOUT: 'false' });
  resetConfig();
  const host = await startLocalHost(0);
  const call = async (
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    query: Record<string, string> = {},
  ) => {
    const url = new URL(`${host.url}/api/${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const started = performance.now();
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return { data: json.data, ms: performance.now() - started, ops: Number(res.headers.get('x-store-ops')) };
  };
  try {
    await call('POST', 'auth/magic-link', undefined, { email: ADMIN });
    const code = /code: (\d{6})/.exec(readFileSync(outbox, 'utf8'))![1];
    const token = (await call('POST', 'auth/verify-code', undefined, { email: ADMIN, code })).data.token as string;
    const org = (await call('POST', 'organizations', token, { name: 'Bench choir' })).data.id as string;
    const q = { organizationId: org };
    const event = (
      await call(
        'POST',
        'management/events',
        token,
        { name: 'Bench', date: '2027-01-01', venueCapacity: 1_000_000, ticketTypes: [{ name: 'A', price: 12.5 }] },
        q,
      )
    ).data;
    const tickets = [{ ticketTypeId: event.ticketTypes[0].id, quantity: 10 }];

    const created = await measure(ORDERS, CONCURRENCY, () =>
      call('POST', 'orders', token, { eventId: event.id, tickets }, q),
    );
    const ids = created.results.map((r) => r.data.id as string);
    for (const id of ids) {
      await call('POST', `orders/${id}/approve`, token, {}, q);
      await call('POST', `orders/${id}/deliver`, token, {}, q);
    }
    let next = 0;
    const reported = await measure(ORDERS, CONCURRENCY, () =>
      call('POST', `orders/${ids[next++]}/report-sold`, token, { soldQuantity: 5 }, q),
    );
    report('POST /api/orders', created);
    report('POST /api/orders/{id}/report-sold', reported);
  } finally {
    await host.close();
  }
}

type Result = { ms: number; ops: number; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function measure(total: number, concurrency: number, send: () => Promise<Result>) {
  const results: Result[] = [];
  let started = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < total) {
        started += 1;
        results.push(await send());
      }
    }),
  );
  return { results, seconds: (performance.now() - t0) / 1000 };
}

function report(name: string, { results, seconds }: { results: Result[]; seconds: number }) {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const pct = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))].toFixed(1);
  const ops = [...new Set(results.map((r) => r.ops))].join('/');
  console.log(
    `${name}: ${results.length} requests, ${(results.length / seconds).toFixed(0)} req/s, p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, store calls ${ops}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
