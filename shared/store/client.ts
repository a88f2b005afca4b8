import https from 'node:https';
import type { Container, Database } from '@azure/cosmos';
import { config } from '../config';
import { insideFunctionsWorker } from '../functions-worker';
import { localStoreEndpoint } from '../local-development';
import { setStoreCallDeadline } from './operations';
import { STORE_AGENT_IDLE_MS } from './embedded-constants';

/** Containers and their partition keys (infra/modules/cosmos.bicep declares the same; tests/infra holds them equal). */
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
    const agent = localEndpointAgent(cfg.cosmosEndpoint);
    const options = {
      endpoint: cfg.cosmosEndpoint,
      connectionPolicy: boundedConnectionPolicy(),
      ...(agent ? { agent } : {}),
    };
    const client = cfg.cosmosKey
      ? new CosmosClient({ ...options, key: cfg.cosmosKey })
      : new CosmosClient({ ...options, aadCredentials: await managedIdentityCredential() });
    setStoreCallDeadline(cfg.storeCallDeadlineMs);
    // On Azure the Bicep templates create the database and containers; data-plane RBAC cannot create them. Against
    // the emulator or `npm run store` COSMOS_CREATE_CONTAINERS=true creates both (the database first: a container
    // asked of a missing database is a 404).
    const create = process.env.COSMOS_CREATE_CONTAINERS === 'true';
    const database = create
      ? (await client.databases.createIfNotExists({ id: cfg.cosmosDatabase })).database
      : client.database(cfg.cosmosDatabase);
    const containers = await resolveContainers(database, create);
    return {
      kind: 'cosmos',
      containers,
      close: async () => {
        client.dispose();
        agent?.destroy();
      },
    };
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

/**
 * The Cosmos DB emulator and `npm run store` serve HTTPS with a self-signed certificate. It is accepted for that
 * endpoint only, through this client's own agent, when the endpoint is on this machine and the process is not on
 * Azure (shared/local-development.ts); the process-wide NODE_TLS_REJECT_UNAUTHORIZED switch is never needed.
 */
function localEndpointAgent(endpoint: string): https.Agent | undefined {
  if (!localStoreEndpoint(endpoint)) return undefined;
  return localStoreAgent();
}

/**
 * The agent of a store on this machine: self-signed certificate accepted, keep-alive, and an idle socket dropped
 * after STORE_AGENT_IDLE_MS, before the server closes it (embedded-server.ts: else a write could meet a closing
 * socket, ECONNRESET, 503).
 */
export function localStoreAgent(): https.Agent {
  return new https.Agent({ rejectUnauthorized: false, keepAlive: true, timeout: STORE_AGENT_IDLE_MS });
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
  // Loaded lazily: the embedded store is a development dependency, never required under the Functions host.
  const { listenEmbeddedServer } = await import('./embedded-server');
  const embedded = await listenEmbeddedServer(0, '127.0.0.1');
  const agent = localStoreAgent();
  const { CosmosClient } = await loadCosmos();
  const client = new CosmosClient({
    endpoint: embedded.endpoint,
    key: 'embedded-store-key',
    agent,
    connectionPolicy: { enableEndpointDiscovery: false },
  });
  const { database } = await client.databases.createIfNotExists({ id: config().cosmosDatabase });
  const containers = await resolveContainers(database, true);
  return {
    kind: 'embedded',
    endpoint: embedded.endpoint,
    containers,
    close: async () => {
      client.dispose();
      agent.destroy();
      await embedded.close();
    },
  };
}
