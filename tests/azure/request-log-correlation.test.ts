import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { withDistLock } from '../helpers/dist-lock';
import { buildDist } from './support/worker-process';

/**
 * With Application Insights configured, the request line is a trace emitted inside the invocation's W3C trace
 * context, so the SDK stamps it with the operation id the Functions host gives the invocation's `requests` row. No
 * ingestion endpoint exists here: the compiled telemetry module runs in a process of its own (the SDK installs
 * process-wide OpenTelemetry providers) with a connection string to a closed local port, and the trace call itself is
 * observed. What the exporter then sends is the SDK's documented mapping of the active span, not observed here.
 */
jest.setTimeout(300_000);

const run = promisify(execFile);
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

const CHILD = `
const telemetry = require('./dist/shared/telemetry/telemetry.js');
telemetry.trackRequestLine({ route: 'warm-up' }); // starts the SDK
const sdk = require('applicationinsights');
const seen = [];
const original = sdk.defaultClient.trackTrace.bind(sdk.defaultClient);
sdk.defaultClient.trackTrace = (t) => {
  seen.push({ message: t.message, operationId: sdk.getCorrelationContext()?.operation.id, properties: t.properties });
  original(t);
};
telemetry.trackRequestLine({ route: 'health', status: 200 }, '00-${TRACE_ID}-00f067aa0ba902b7-01');
telemetry.trackRequestLine({ route: 'health', status: 200 });
process.stdout.write('@@seen ' + JSON.stringify(seen) + '\\n');
process.exit(0);
`;

let seen: { message: string; operationId?: string; properties: unknown }[];

beforeAll(async () => {
  const { stdout } = await withDistLock(async () => {
    await buildDist();
    return run('node', ['-e', CHILD], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        APPLICATIONINSIGHTS_CONNECTION_STRING:
          'InstrumentationKey=00000000-0000-0000-0000-000000000001;IngestionEndpoint=http://127.0.0.1:9/',
        APPLICATIONINSIGHTS_STATSBEAT_DISABLED: 'true',
      },
      timeout: 120_000,
    });
  });
  seen = JSON.parse(stdout.slice(stdout.indexOf('@@seen ') + 7));
});

it('emits the request line as a trace under the operation id of the invocation traceparent', () => {
  expect(seen[0]).toEqual({ message: 'request', operationId: TRACE_ID, properties: { route: 'health', status: 200 } });
  expect(seen[1].operationId).not.toBe(TRACE_ID);
});
