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

const listeners = new Set<Listener>();
let client: AppInsightsClient | undefined | null = null;

function appInsights(): AppInsightsClient | undefined {
  if (client !== null) return client;
  client = undefined;
  const connection = config().appInsightsConnectionString;
  if (connection) {
    // Loaded only when configured: the SDK starts OpenTelemetry machinery on import.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const sdk = require('applicationinsights') as typeof import('applicationinsights');
    sdk.setup(connection).start();
    client = sdk.defaultClient as unknown as AppInsightsClient;
  }
  return client;
}

const quiet = () => process.env.TELEMETRY_STDOUT === 'false';

function writeLine(kind: string, payload: Record<string, unknown>) {
  if (quiet()) return;
  process.stdout.write(`${JSON.stringify({ kind, at: new Date().toISOString(), ...payload })}\n`);
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
