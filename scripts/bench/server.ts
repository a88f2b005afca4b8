import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetConfig } from '../../shared/config';
import { counterId } from '../../shared/domain/events/capacity/model';
import { containers } from '../../shared/store/client';
import { startLocalHost } from '../local-host';
import { membershipId } from '../../shared/domain/memberships/model';
import { processMeter, serveIpc, type Message } from './ipc';
import { installRecorder, prepareReplay, recordingOf, type RecordedCall } from './recorder';
import { simulateShards, type ShardRun } from './shards';
import { seedFlashEvent, seedGrowthEvent, seedWorld, type Templates, type World } from './world';

/**
 * The bench's host process (a child of `run`): the local host on a free port, reaching the store process over
 * COSMOS_ENDPOINT exactly as it reaches Cosmos DB on Azure, plus the seeding, the recorder and the ceiling replay
 * in the SAME process, so the ceiling uses the same SDK client and connections the service does. Driven over IPC.
 */
Object.assign(process.env, {
  OUTBOX_FILE: join(tmpdir(), `bench-outbox-${randomUUID()}.jsonl`),
  TELEMETRY_STDOUT: 'false',
  JWT_SECRET: process.env.JWT_SECRET || 'bench-secret-bench-secret-bench-secret',
});
resetConfig();
installRecorder();

let world: World | undefined;
let templates: Templates | undefined;
let baseUrl = '';
const meter = processMeter();

/**
 * The recorded calls with the read that authentication made before the role map (the caller's membership, right
 * after the user read): the "today's five calls" ceiling of issue 16 for report-sold and order creation.
 */
function withMembershipRead(calls: RecordedCall[], organizationId: string): RecordedCall[] {
  const userRead = calls.findIndex((c) => c.kind === 'read' && c.container.id === 'users');
  if (userRead < 0) throw new Error('the recording has no user read');
  const user = calls[userRead] as Extract<RecordedCall, { kind: 'read' }>;
  const membershipRead: RecordedCall = {
    kind: 'read',
    container: containers().orgs,
    pk: organizationId,
    id: membershipId(user.id),
  };
  return [...calls.slice(0, userRead + 1), membershipRead, ...calls.slice(userRead + 1)];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** The recorded calls of one request, replayed by `concurrency` workers for `durationMs`. */
async function ceiling(
  correlationId: string,
  concurrency: number,
  durationMs: number,
  amount?: number,
  membershipReadOf?: string,
) {
  const recorded = recordingOf(correlationId);
  if (recorded.length === 0) throw new Error(`nothing recorded for ${correlationId}`);
  const calls = membershipReadOf ? withMembershipRead(recorded, membershipReadOf) : recorded;
  const replays = await Promise.all(Array.from({ length: concurrency }, () => prepareReplay(calls)));
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
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
        } catch (error) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message.slice(0, 200) : String(error);
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
    firstError,
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
    case 'flashEvent':
      return seedFlashEvent(baseUrl, world!);
    case 'shards':
      return simulateShards(message.protocol as ShardRun['protocol'], message.shards as number, {
        capacity: message.capacity as number,
        sellers: message.sellers as number,
      });
    case 'growth':
      return seedGrowthEvent(baseUrl, world!, templates!, message.count as number);
    case 'ceiling':
      return ceiling(
        message.correlationId as string,
        message.concurrency as number,
        message.durationMs as number,
        message.amount as number | undefined,
        message.membershipReadOf as string | undefined,
      );
    case 'recordedCalls':
      return recordingOf(message.correlationId as string).length;
    case 'meterStart':
      return meter.start();
    case 'meterStop':
      return meter.stop();
    case 'flashSold': {
      // The showtime's capacity counter (one point read): what the store holds as sold on it.
      const id = counterId(message.eventId as string, message.showtimeId as string);
      const { resource } = await containers()
        .orgs.item(id, (message.orgId as string | undefined) ?? world!.orgId)
        .read<Record<string, unknown>>();
      return resource;
    }
    default:
      throw new Error(`unknown message ${message.type}`);
  }
}

async function main() {
  const host = await startLocalHost(0);
  baseUrl = host.url;
  serveIpc(handle, { url: host.url }, host.close);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
