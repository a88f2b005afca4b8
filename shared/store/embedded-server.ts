import type { AddressInfo } from 'node:net';
import type { Server } from 'node:https';
import { EMBEDDED_SERVER_KEEP_ALIVE_MS } from './embedded-constants';

/**
 * The embedded Cosmos-protocol server (`@vercel/cosmosdb-server`, a development dependency) with this project's
 * fixes applied (embedded-patches.ts, embedded-condition-index.ts,
 * embedded-partition-index.ts, embedded-query-plan-requests.ts). Used in process by the local host and tests, and
 * as a process of its own by `npm run store` (scripts/store.ts). Loaded lazily: never required under the Functions
 * host.
 */
export interface EmbeddedServer {
  server: Server;
  /** `https://<host>:<port>`, as a Cosmos DB endpoint. */
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

export async function listenEmbeddedServer(port = 0, host = '127.0.0.1'): Promise<EmbeddedServer> {
  const { createHttpsServer } = await import('@vercel/cosmosdb-server');
  const { patchEmbeddedQueryEngine } = await import('./embedded-patches');
  const { indexEmbeddedConditionChecks } = await import('./embedded-condition-index');
  const { indexEmbeddedPartitions } = await import('./embedded-partition-index');
  const { answerEmbeddedQueryPlanRequests } = await import('./embedded-query-plan-requests');
  patchEmbeddedQueryEngine();
  indexEmbeddedConditionChecks();
  indexEmbeddedPartitions();
  answerEmbeddedQueryPlanRequests();
  const server: Server = createHttpsServer({ keepAlive: true });
  server.keepAliveTimeout = EMBEDDED_SERVER_KEEP_ALIVE_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    port: actual,
    endpoint: `https://${host.includes(':') ? `[${host}]` : host}:${actual}`,
    close: async () => {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
