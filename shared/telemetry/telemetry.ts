import { config } from '../config';
import { currentRequestContext } from '../request-context';

/**
 * Telemetry events and logs. With APPLICATIONINSIGHTS_CONNECTION_STRING they go to Application Insights;
 * otherwise each is one JSON line on stdout. Listeners let tests observe exactly what was emitted.
 */
export type TelemetryProperties = Record<string, string | number | boolean | undefined>;
export interface TelemetryEvent {
  name: string;
  properties: TelemetryProperties;
}
type Listener = (event: TelemetryEvent) => void;

interface AppInsightsClient {
  trackEvent(e: { name: string; properties?: Record<string, unknown> }): void;
  trackException(e: { exception: Error; properties?: Record<string, unknown> }): void;
  trackTrace(e: { message: string; properties?: Record<string, unknown> }): void;
}

type Sdk = typeof import('applicationinsights');

const listeners = new Set<Listener>();
let client: AppInsightsClient | undefined | null = null;
let sdk: Sdk | undefined;

function appInsights(): AppInsightsClient | undefined {
  if (client !== null) return client;
  client = undefined;
  const connection = connectionString();
  if (connection) {
    // Loaded only when configured: the SDK starts OpenTelemetry machinery on import.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    sdk = require('applicationinsights') as Sdk;
    sdk.setup(connection);
    // Application Insights with local auth off takes telemetry signed by the app's identity only (infra/modules/
    // monitoring.bicep). The Functions host reads APPLICATIONINSIGHTS_AUTHENTICATION_STRING itself; this SDK does not,
    // so the credential is handed over here, before start.
    const credential = entraCredential(process.env.APPLICATIONINSIGHTS_AUTHENTICATION_STRING);
    if (credential) sdk.defaultClient.config.aadTokenCredential = credential;
    sdk.start();
    client = sdk.defaultClient as unknown as AppInsightsClient;
  }
  return client;
}

/**
 * The configuration refuses to load while a required setting is wrong (a short JWT secret), and the request lines of
 * the refused requests must still be written: then the one setting telemetry needs is read directly.
 */
function connectionString(): string | undefined {
  try {
    return config().appInsightsConnectionString;
  } catch {
    return process.env.APPLICATIONINSIGHTS_CONNECTION_STRING || undefined;
  }
}

/**
 * `Authorization=AAD` (system-assigned identity) or `Authorization=AAD;ClientId=<id>` (user-assigned), the format the
 * Functions host documents; anything else: no credential (the connection string's key alone).
 */
export function entraCredential(authenticationString: string | undefined) {
  const fields = new Map(
    (authenticationString ?? '')
      .split(';')
      .map((pair) => pair.split('='))
      .filter((kv) => kv.length === 2)
      .map(([key, value]) => [key.trim().toLowerCase(), value.trim()] as const),
  );
  if (fields.get('authorization')?.toUpperCase() !== 'AAD') return undefined;
  // Loaded only on Azure with Entra-only telemetry.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ManagedIdentityCredential } = require('@azure/identity') as typeof import('@azure/identity');
  const clientId = fields.get('clientid');
  return clientId ? new ManagedIdentityCredential({ clientId }) : new ManagedIdentityCredential();
}

const quiet = () => process.env.TELEMETRY_STDOUT === 'false';

function writeLine(kind: string, payload: Record<string, unknown>) {
  if (quiet()) return;
  process.stdout.write(`${JSON.stringify({ kind, at: new Date().toISOString(), ...payload })}\n`);
}

/** Request log lines have listeners of their own: they are not events (tests of events count those exactly). */
const requestListeners = new Set<Listener>();
export function onRequestLine(listener: Listener): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

export function onTelemetry(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function trackEvent(name: string, properties: TelemetryProperties = {}): void {
  const event = { name, properties };
  for (const listener of listeners) listener(event);
  const ai = appInsights();
  if (ai) ai.trackEvent({ name, properties });
  else writeLine('event', { name, properties });
}

/** Logs an unexpected failure with the request's correlation id; the message never reaches the client. */
export function logError(error: unknown, properties: TelemetryProperties = {}): void {
  const correlationId = currentRequestContext()?.correlationId;
  const err = error instanceof Error ? error : new Error(String(error));
  const ai = appInsights();
  if (ai) ai.trackException({ exception: err, properties: { ...properties, correlationId } });
  else writeLine('error', { correlationId, message: err.message, stack: err.stack, ...properties });
}

export function logInfo(message: string, properties: TelemetryProperties = {}): void {
  const ai = appInsights();
  if (ai) ai.trackTrace({ message, properties });
  else writeLine('info', { message, ...properties });
}

/**
 * The request log line (shared/http/request-log.ts). In Application Insights it is a trace named `request` whose
 * operation id is the trace id of the invocation's W3C traceparent, the operation id the Functions host gives the
 * invocation's own `requests` row, so the two join; locally one JSON line of kind `request`.
 */
export function trackRequestLine(properties: TelemetryProperties, traceparent?: string): void {
  for (const listener of requestListeners) listener({ name: 'request', properties });
  const ai = appInsights();
  if (!ai) return writeLine('request', properties);
  const send = () => ai.trackTrace({ message: 'request', properties });
  const traceContext = { traceparent, tracestate: undefined, attributes: undefined };
  // Only the trace context is read from the invocation context (shim/correlationContextManager startOperation).
  const invocation = { traceContext } as unknown as Parameters<Sdk['startOperation']>[0];
  const operation = traceparent && sdk ? sdk.startOperation(invocation) : null;
  if (operation && sdk) sdk.wrapWithCorrelationContext(send, operation)();
  else send();
}
