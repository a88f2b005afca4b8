import { randomBytes } from 'node:crypto';
import { EXAMPLE_JWT_SECRET, coreToolsDevelopment } from './local-development';

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
  /** The member-readable catalog of a delegated event (docs/decisions/delegated-orders.md, "Member catalog"). */
  delegatedMemberCatalogEnabled: boolean;
  appInsightsConnectionString?: string;
  bodyLimitBytes: number;
  /** Cosmos DB: how long one HTTP request to the store may take, and the budget of one store call with retries. */
  storeRequestTimeoutMs: number;
  storeCallDeadlineMs: number;
  /** Sales documents a dashboard (or its export) reads per page; a test sets it low to see several pages. */
  dashboardPageSize: number;
  /** Ask the account for its regions (multi-region failover); off by default: a dead endpoint then fails in seconds. */
  cosmosEndpointDiscovery: boolean;
  /** Local only: where the embedded store keeps its data across restarts (unset: nothing is kept). */
  localDataFile?: string;
  /**
   * The Ed25519 private key that signs ticket codes (PKCS#8, PEM or base64 DER) and its key id; unset locally: a
   * key made for this process (docs/decisions/tickets.md, "Keys"). Required on Azure (a Key Vault reference).
   */
  ticketSigningKey?: string;
  ticketSigningKeyId: string;
  /** Earlier public keys still accepted during a rotation: `kid=base64 SPKI DER`, comma-separated. */
  ticketVerifyKeys: string[];
}

/** A comma-separated setting as a list (blank entries dropped). */
export const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : value.toLowerCase() === 'true';

const positive = (value: string | undefined, fallback: number): number =>
  Number(value) > 0 ? Number(value) : fallback;

// A random per-process secret keeps local tokens unforgeable without any setup; it is refused on Azure.
const localSecret = randomBytes(32).toString('hex');

/** HS256 wants a key of at least its hash's 32 bytes: the one rule for the secret's length. */
const tooShortForJwt = (secret: string) => Buffer.byteLength(secret) < 32;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cosmosEndpoint = env.COSMOS_ENDPOINT || undefined;
  const jwtSecret = env.JWT_SECRET || undefined;
  if (cosmosEndpoint && (!jwtSecret || tooShortForJwt(jwtSecret))) {
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
    delegatedMemberCatalogEnabled: flag(env.DELEGATED_MEMBER_CATALOG_ENABLED, local),
    appInsightsConnectionString: env.APPLICATIONINSIGHTS_CONNECTION_STRING || undefined,
    bodyLimitBytes: positive(env.BODY_LIMIT_BYTES, 1024 * 1024),
    storeRequestTimeoutMs: positive(env.STORE_REQUEST_TIMEOUT_MS, 3000),
    storeCallDeadlineMs: positive(env.STORE_CALL_DEADLINE_MS, 8000),
    dashboardPageSize: positive(env.DASHBOARD_PAGE_SIZE, 10_000),
    cosmosEndpointDiscovery: flag(env.COSMOS_ENDPOINT_DISCOVERY, false),
    localDataFile: env.LOCAL_DATA_FILE || undefined,
    ticketSigningKey: env.TICKET_SIGNING_KEY || undefined,
    ticketSigningKeyId: env.TICKET_SIGNING_KEY_ID || 'k1',
    ticketVerifyKeys: list(env.TICKET_VERIFY_KEYS),
  };
}

/**
 * What keeps the service from serving inside the Azure Functions host: each entry names a setting, never its value.
 * Under the host nothing falls back to the local defaults (the embedded store, a random JWT secret), and the outbox
 * stands in for e-mail only in a Core Tools development run (AZURE_FUNCTIONS_ENVIRONMENT=Development, not on Azure).
 */
export function hostSettingProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  if (!env.COSMOS_ENDPOINT) problems.push('COSMOS_ENDPOINT is not set');
  if (!env.JWT_SECRET) problems.push('JWT_SECRET is not set');
  else if (unresolvedKeyVaultReference(env.JWT_SECRET))
    problems.push('JWT_SECRET is an unresolved Key Vault reference (check the identity and the secret)');
  else if (tooShortForJwt(env.JWT_SECRET)) problems.push('JWT_SECRET is shorter than 32 bytes');
  else if (env.JWT_SECRET === EXAMPLE_JWT_SECRET && !coreToolsDevelopment(env))
    problems.push('JWT_SECRET is the published example value (run npm run setup:local, or set a secret of your own)');
  // Under Core Tools on a developer's machine mail goes to the local outbox (shared/email/mailer.ts); never on Azure.
  if (coreToolsDevelopment(env)) return problems;
  // A development run without a key signs with one made per process (shared/domain/tickets/keys.ts); Azure never.
  if (!env.TICKET_SIGNING_KEY) problems.push('TICKET_SIGNING_KEY is not set (ticket codes cannot be signed)');
  else if (unresolvedKeyVaultReference(env.TICKET_SIGNING_KEY))
    problems.push('TICKET_SIGNING_KEY is an unresolved Key Vault reference (check the identity and the secret)');
  if (!env.ACS_CONNECTION_STRING) problems.push('ACS_CONNECTION_STRING is not set (e-mail is not configured)');
  else if (unresolvedKeyVaultReference(env.ACS_CONNECTION_STRING))
    problems.push('ACS_CONNECTION_STRING is an unresolved Key Vault reference (check the identity and the secret)');
  if (!env.EMAIL_SENDER) problems.push('EMAIL_SENDER is not set (e-mail is not configured)');
  return problems;
}

/**
 * A Key Vault reference the platform could not resolve stays in the setting as its literal text, which is longer
 * than 32 bytes: it must never pass for a secret.
 */
const unresolvedKeyVaultReference = (value: string) => value.trimStart().startsWith('@Microsoft.KeyVault(');

let current: Config | undefined;

/** The process-wide configuration; tests may call `resetConfig()` after changing the environment. */
export function config(): Config {
  current ??= readConfig();
  return current;
}

export function resetConfig(): void {
  current = undefined;
}
