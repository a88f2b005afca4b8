import { resetConfig } from '../../shared/config';
import { trackRequestLine } from '../../shared/telemetry/telemetry';

/**
 * With Application Insights configured, the request line is a trace emitted inside the invocation's W3C trace
 * context, so the SDK stamps it with the operation id the Functions host gives the invocation's `requests` row. No
 * ingestion endpoint exists here: the SDK is started with a connection string to a closed local port and the trace
 * call itself is observed (what the exporter then sends is the SDK's documented mapping, not observed here).
 */
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const sdk = () => require('applicationinsights') as typeof import('applicationinsights');

beforeAll(() => {
  process.env.APPLICATIONINSIGHTS_CONNECTION_STRING =
    'InstrumentationKey=00000000-0000-0000-0000-000000000001;IngestionEndpoint=http://127.0.0.1:9/';
  process.env.APPLICATIONINSIGHTS_STATSBEAT_DISABLED = 'true';
  resetConfig();
});

afterAll(() => {
  delete process.env.APPLICATIONINSIGHTS_CONNECTION_STRING;
  resetConfig();
  sdk().dispose();
});

it('emits the request line as a trace under the operation id of the invocation traceparent', () => {
  // The first call starts the SDK; the spy goes on the client it created.
  trackRequestLine({ route: 'warm-up' });
  const seen: { message: string; operationId?: string; properties: unknown }[] = [];
  const client = sdk().defaultClient;
  const original = client.trackTrace.bind(client);
  client.trackTrace = (telemetry) => {
    seen.push({
      message: telemetry.message,
      operationId: sdk().getCorrelationContext()?.operation.id,
      properties: telemetry.properties,
    });
    original(telemetry);
  };

  trackRequestLine({ route: 'health', status: 200 }, `00-${TRACE_ID}-00f067aa0ba902b7-01`);
  trackRequestLine({ route: 'health', status: 200 });

  expect(seen[0]).toEqual({ message: 'request', operationId: TRACE_ID, properties: { route: 'health', status: 200 } });
  expect(seen[1].operationId).not.toBe(TRACE_ID);
});
