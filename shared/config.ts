import { randomBytes } from 'node:crypto';

/**
 * Configuration read once from the environment. Every setting the service knows is here, so the README
 * table and the code cannot drift apart silently.
 */
export interface Config {
  cosmosEndpoint?: string;
  cosmosKey?: string;
  cosmosDatabase: string;
  jwtSecret: string;
  appBaseUrl: string;
  superAdminEmails: Set<string>;
  acsConnectionString?: string;
  emailSender?: string;
  outboxFile: string;
  corsOrigins: string[];
  e2eTestMode: boolean;
  sharedEventsEnabled: boolean;
  sharedEventsOrgAllowlist: string[];
  delegatedMemberOrderingEnabled: boolean;
  appInsightsConnectionString?: string;
  bodyLimitBytes: number;
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : value.toLowerCase() === 'true';

// A random per-process secret keeps local tokens unforgeable without any setup; it is refused on Azure.
const localSecret = randomBytes(32).toString('hex');

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cosmosEndpoint = env.COSMOS_ENDPOINT || undefined;
  const jwtSecret = env.JWT_SECRET || undefined;
  if (cosmosEndpoint && (!jwtSecret || Buffer.byteLength(jwtSecret) < 32)) {
    throw new Error('JWT_SECRET of at least 32 bytes is required when COSMOS_ENDPOINT is set');
  }
  const local = !cosmosEndpoint;
  return {
    cosmosEndpoint,
    cosmosKey: env.COSMOS_KEY || undefined,
    cosmosDatabase: env.COSMOS_DATABASE || 'tickets',
    jwtSecret: jwtSecret ?? localSecret,
    appBaseUrl: (env.APP_BASE_URL || 'http://localhost:5173').replace(/\/+$/, ''),
    superAdminEmails: new Set(list(env.SUPER_ADMIN_EMAILS).map((e) => e.toLowerCase())),
    acsConnectionString: env.ACS_CONNECTION_STRING || undefined,
    emailSender: env.EMAIL_SENDER || undefined,
    outboxFile: env.OUTBOX_FILE || '.local/outbox.jsonl',
    corsOrigins: list(env.CORS_ORIGINS),
    e2eTestMode: flag(env.E2E_TEST_MODE, false),
    sharedEventsEnabled: flag(env.SHARED_EVENTS_ENABLED, local),
    sharedEventsOrgAllowlist: list(env.SHARED_EVENTS_ORG_ALLOWLIST),
    delegatedMemberOrderingEnabled: flag(env.DELEGATED_MEMBER_ORDERING_ENABLED, local),
    appInsightsConnectionString: env.APPLICATIONINSIGHTS_CONNECTION_STRING || undefined,
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES) > 0 ? Number(env.BODY_LIMIT_BYTES) : 1024 * 1024,
  };
}

let current: Config | undefined;

/** The process-wide configuration; tests may call `resetConfig()` after changing the environment. */
export function config(): Config {
  current ??= readConfig();
  return current;
}

export function resetConfig(): void {
  current = undefined;
}
