import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:https';
import type { Container, Database } from '@azure/cosmos';
import { config } from '../config';
import { insideFunctionsWorker } from '../functions-worker';
import { setStoreCallDeadline } from './operations';

/** Containers and their partition keys (ARCHITECTURE.md "Data"). */
export const CONTAINERS = {
  orgs: { path: '/organizationId', ttl: true },
  users: { path: '/id', ttl: false },
  auth: { path: '/id', ttl: true },
  sharedEvents: { path: '/sharedEventId', ttl: true },
} as const;

export type ContainerName = keyof typeof CONTAINERS;

/**
 * Multi-field ORDER BY needs a composite index on Cosmos DB (the embedded store enforces the same rule).
 * Keep this list and infra/ in step.
 */
const pair = (a: string, b: string, order: 'ascending' | 'descending') => [
  { path: `/${a}`, order },
  { path: `/${b}`, order },
];
export const COMPOSITE_INDEXES: Partial<
  Record<ContainerName, { path: string; order: 'ascending' | 'descending' }[][]>
> = {
  orgs: [pair('createdAt', 'id', 'ascending'), pair('createdAt', 'id', 'descending')],
};

export interface Store {
  kind: 'embedded' | 'cosmos';
  containers: Record<ContainerName, Container>;
  /**
   * The embedded server's address (embedded only), so another process (`npm run heal` in a test) can be pointed
   * at the same store with COSMOS_ENDPOINT, as it would be at a real account.
   */
  endpoint?: string;
  close(): Promise<void>;
}

let opened: Promise<Store> | undefined;
let openedStore: Store | undefined;

/** The open store; routes run only after the host opened it. */
export function store(): Store {
  if (!openedStore) throw new Error('Store is not open');
  return openedStore;
}

export const containers = () => store().containers;

/** Open the store once per process: the embedded server unless COSMOS_ENDPOINT is set. */
export function openStore(): Promise<Store> {
  opened ??= connect()
    .then((s) => (openedStore = s))
    .catch((error) => {
      opened = undefined;
      throw error;
    });
  return opened;
}

export async function closeStore(): Promise<void> {
  const current = await opened;
  opened = undefined;
  openedStore = undefined;
  await current?.close();
}

/**
 * The SDK is loaded when the store is opened, not when a function module is imported: it (and the Azure libraries
 * it pulls in) was most of every module's import time (docs/performance.md "Cold start").
 */
const loadCosmos = () => import('@azure/cosmos');

async function connect(): Promise<Store> {
  const cfg = config();
  if (cfg.cosmosEndpoint) {
    const { CosmosClient } = await loadCosmos();
    const options = { endpoint: cfg.cosmosEndpoint, connectionPolicy: boundedConnectionPolicy() };
    const client = cfg.cosmosKey
      ? new CosmosClient({ ...options, key: cfg.cosmosKey })
      : new CosmosClient({ ...options, aadCredentials: await managedIdentityCredential() });
    setStoreCallDeadline(cfg.storeCallDeadlineMs);
    const database = client.database(cfg.cosmosDatabase);
    // On Azure the Bicep templates create the containers; data-plane RBAC cannot create them.
    const containers = await resolveContainers(database, process.env.COSMOS_CREATE_CONTAINERS === 'true');
    return { kind: 'cosmos', containers, close: async () => client.dispose() };
  }
  // Under the Functions host the in-memory store would lose every write on the next instance: never a fallback there.
  if (insideFunctionsWorker()) throw new Error('COSMOS_ENDPOINT is not set: the embedded store is for local runs only');
  return startEmbedded();
}

/**
 * A dead or unreachable account answers within seconds instead of minutes: each HTTP request is bounded, throttling
 * retries are few and short, and endpoint discovery is off unless asked for (with it on, the SDK retried a silent
 * endpoint for about four minutes in a measurement here; docs/decisions/runtime.md). `tracked` adds a deadline per call.
 */
function boundedConnectionPolicy() {
  const cfg = config();
  return {
    requestTimeout: cfg.storeRequestTimeoutMs,
    enableEndpointDiscovery: cfg.cosmosEndpointDiscovery,
    retryOptions: { maxRetryAttemptCount: 3, fixedRetryIntervalInMilliseconds: 0, maxWaitTimeInSeconds: 5 },
  };
}

async function managedIdentityCredential() {
  // Loaded lazily: only the keyless Azure path needs it.
  const identity = await import('@azure/identity');
  return new identity.DefaultAzureCredential();
}

async function resolveContainers(database: Database, create: boolean): Promise<Record<ContainerName, Container>> {
  const result = {} as Record<ContainerName, Container>;
  for (const name of Object.keys(CONTAINERS) as ContainerName[]) {
    const { path, ttl } = CONTAINERS[name];
    // defaultTtl -1 turns per-item `ttl` on without expiring anything else (notifications, login challenges).
    const compositeIndexes = COMPOSITE_INDEXES[name];
    const definition = {
      id: name,
      partitionKey: { paths: [path] },
      ...(ttl ? { defaultTtl: -1 } : {}),
      ...(compositeIndexes ? { indexingPolicy: { compositeIndexes } } : {}),
    };
    result[name] = create
      ? (await database.containers.createIfNotExists(definition)).container
      : database.container(name);
  }
  return result;
}

async function startEmbedded(): Promise<Store> {
  setStoreCallDeadline(undefined);
  // Both loaded lazily: the embedded store is a development dependency, never required under the Functions host.
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new https.Agent({ rejectUnauthorized: false, keepAlive: true });
  const { CosmosClient } = await loadCosmos();
  const client = new CosmosClient({
    endpoint: `https://127.0.0.1:${port}`,
    key: 'embedded-store-key',
    agent,
    connectionPolicy: { enableEndpointDiscovery: false },
  });
  const { database } = await client.databases.createIfNotExists({ id: config().cosmosDatabase });
  const containers = await resolveContainers(database, true);
  return {
    kind: 'embedded',
    endpoint: `https://127.0.0.1:${port}`,
    containers,
    close: async () => {
      client.dispose();
      agent.destroy();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
