import https from 'node:https';
import { createRequire } from 'node:module';
import { resetConfig } from '../../shared/config';
import { useEmbeddedQueryIndex } from '../../shared/store/embedded-partition-index';
import { closeStore, openStore } from '../../shared/store/client';
import { processMeter, serveIpc, type Message } from './ipc';

/**
 * The bench's store process: the embedded Cosmos-protocol server alone, as Cosmos DB is a service of its own on
 * Azure. The host and the ceiling replay both reach it over HTTPS through the SDK, so the service's CPU (HTTP,
 * auth, validation, JSON) and the store's no longer share one thread, and the host's memory is the service's own.
 */
delete process.env.COSMOS_ENDPOINT;
resetConfig();
const meter = processMeter();

/**
 * Every HTTP request the store serves is counted (the SDK's own requests too, which `x-store-ops` does not see),
 * and BENCH_STORE_LATENCY_MS=n holds each one n ms before the server handles it: a network round trip, as between
 * a Function and Cosmos DB, for the service and the ceiling alike (the CPU each side spends is unchanged).
 */
let latencyMs = Number(process.env.BENCH_STORE_LATENCY_MS ?? 0);
let requestsServed = 0;
const emit = https.Server.prototype.emit as (this: https.Server, ...args: unknown[]) => boolean;
https.Server.prototype.emit = function (this: https.Server, ...args: unknown[]) {
  if (args[0] !== 'request') return emit.apply(this, args);
  requestsServed += 1;
  if (latencyMs > 0) setTimeout(() => emit.apply(this, args), latencyMs);
  else emit.apply(this, args);
  return true;
};
let requestsAtStart = 0;

/**
 * The documents the query engine is handed (`store docs read/req`): what a query costs the embedded store, in a
 * count that machine load cannot blur. With the partition index a list reads its partition's candidates, not the
 * container. BENCH_NO_INDEX=1 turns the index off (the store as it was, for a before/after).
 */
let docsRead = 0;
let docsReadAtStart = 0;
function countDocumentsRead() {
  const engine = createRequire(require.resolve('@vercel/cosmosdb-server'))('@zeit/cosmosdb-query') as {
    default: (sql: string) => object;
  };
  const proto = Object.getPrototypeOf(engine.default('SELECT * FROM c')) as {
    exec: (docs: unknown[], options: unknown) => unknown;
  };
  const exec = proto.exec;
  proto.exec = function (this: unknown, docs: unknown[], options: unknown) {
    docsRead += docs.length;
    return exec.call(this, docs, options);
  };
}
countDocumentsRead();
if (process.env.BENCH_NO_INDEX === '1') useEmbeddedQueryIndex(false);

async function handle(message: Message): Promise<unknown> {
  switch (message.type) {
    case 'meterStart':
      requestsAtStart = requestsServed;
      docsReadAtStart = docsRead;
      return meter.start();
    case 'meterStop':
      return {
        ...meter.stop(),
        requestsServed: requestsServed - requestsAtStart,
        docsRead: docsRead - docsReadAtStart,
      };
    case 'progress':
      // Store requests served since meterStart, asked while an export streams: how far its reading had got when its
      // first byte arrived (issue 36: the first byte leaves before the last page is read).
      return requestsServed - requestsAtStart;
    case 'latency':
      // The flash sale runs once without and once with a simulated round trip, in the same run.
      latencyMs = Number(message.ms);
      return latencyMs;
    default:
      throw new Error(`unknown message ${message.type}`);
  }
}

openStore()
  .then((store) => serveIpc(handle, { endpoint: store.endpoint }, closeStore))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
