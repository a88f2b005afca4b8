import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetConfig } from '../../shared/config';
import { counterId } from '../../shared/domain/capacity/model';
import { containers } from '../../shared/store/client';
import { startLocalHost } from '../local-host';
import { installRecorder, prepareReplay, recordingOf } from './recorder';
import { seedGrowthEvent, seedWorld, type Templates, type World } from './world';

/**
 * The bench's host process (a child of `run`): the local host on a free port over the embedded store, plus the
 * seeding, the recorder and the ceiling replay in the SAME process, so the ceiling uses the same embedded server,
 * the same SDK client and the same event loop the service does. Driven over IPC by `run`.
 */
Object.assign(process.env, {
  OUTBOX_FILE: join(tmpdir(), `bench-outbox-${randomUUID()}.jsonl`),
  TELEMETRY_STDOUT: 'false',
  JWT_SECRET: process.env.JWT_SECRET || 'bench-secret-bench-secret-bench-secret',
});
resetConfig();
installRecorder();

type Message = { id: number; type: string; [key: string]: unknown };

let world: World | undefined;
let templates: Templates | undefined;
let baseUrl = '';
let rssPeak = 0;
let rssTimer: NodeJS.Timeout | undefined;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** The recorded calls of one request, replayed by `concurrency` workers for `durationMs`. */
async function ceiling(correlationId: string, concurrency: number, durationMs: number, amount?: number) {
  const calls = recordingOf(correlationId);
  if (calls.length === 0) throw new Error(`nothing recorded for ${correlationId}`);
  const replays = await Promise.all(Array.from({ length: concurrency }, () => prepareReplay(calls)));
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + durationMs;
  let started = 0;
  const more = () => (amount ? started++ < amount : performance.now() < until);
  const t0 = performance.now();
  await Promise.all(
    replays.map(async (replay) => {
      while (more()) {
        const started = performance.now();
        try {
          await replay();
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    calls: calls.length,
    kinds: calls.map((c) => c.kind).join(','),
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

async function handle(message: Message): Promise<unknown> {
  switch (message.type) {
    case 'seed': {
      const seeded = await seedWorld(baseUrl, message.options as Parameters<typeof seedWorld>[1]);
      world = seeded.world;
      templates = seeded.templates;
      return world;
    }
    case 'growth':
      return seedGrowthEvent(baseUrl, world!, templates!, message.count as number);
    case 'ceiling':
      return ceiling(
        message.correlationId as string,
        message.concurrency as number,
        message.durationMs as number,
        message.amount as number | undefined,
      );
    case 'rssStart':
      global.gc?.();
      rssPeak = process.memoryUsage().rss;
      rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
      return rssPeak;
    case 'rssStop':
      clearInterval(rssTimer);
      return Math.max(rssPeak, process.memoryUsage().rss);
    case 'flashSold': {
      // The showtime's capacity counter (one point read): what the store holds as sold on it.
      const id = counterId(message.eventId as string, message.showtimeId as string);
      const { resource } = await containers().orgs.item(id, world!.orgId).read<Record<string, unknown>>();
      return resource;
    }
    default:
      throw new Error(`unknown message ${message.type}`);
  }
}

async function main() {
  const host = await startLocalHost(0);
  baseUrl = host.url;
  process.on('message', (message: Message) => {
    handle(message).then(
      (result) => process.send!({ id: message.id, result }),
      (error: unknown) =>
        process.send!({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : error }),
    );
  });
  process.on('disconnect', () => {
    host.close().finally(() => process.exit(0));
  });
  process.send!({ id: 0, result: { url: host.url } });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
