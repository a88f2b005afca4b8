import https from 'node:https';
import { resetConfig } from '../../shared/config';
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
const latencyMs = Number(process.env.BENCH_STORE_LATENCY_MS ?? 0);
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

async function handle(message: Message): Promise<unknown> {
  switch (message.type) {
    case 'meterStart':
      requestsAtStart = requestsServed;
      return meter.start();
    case 'meterStop':
      return { ...meter.stop(), requestsServed: requestsServed - requestsAtStart };
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
