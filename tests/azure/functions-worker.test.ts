import net, { type AddressInfo } from 'node:net';
import type { Server } from 'node:https';
import { createHttpsServer } from '@vercel/cosmosdb-server';
import { loadFunctions } from '../../shared/http/load-functions';
import { EXAMPLE_JWT_SECRET } from '../../shared/local-development';
import { CONFIGURED, envelopeOf, runInWorker, type WorkerReport } from './support/worker-process';

/**
 * The Azure path, proven without a Functions host: the compiled app loaded the way the Node.js worker loads it (its
 * core module replaced by a recording stand-in), invoked through real `@azure/functions` request objects.
 */
jest.setTimeout(400_000);

const ORIGIN = CONFIGURED.CORS_ORIGINS;
let embedded: Server;
let endpoint: string;
let healthy: WorkerReport;

beforeAll(async () => {
  // A live store speaking the Cosmos protocol: the worker reaches it by COSMOS_ENDPOINT as it would an account.
  embedded = createHttpsServer({ keepAlive: true });
  await new Promise<void>((resolve) => embedded.listen(0, '127.0.0.1', resolve));
  endpoint = `https://127.0.0.1:${(embedded.address() as AddressInfo).port}`;
  healthy = await runInWorker(
    {
      ...CONFIGURED,
      COSMOS_ENDPOINT: endpoint,
      COSMOS_KEY: 'embedded-store-key',
      // Creates the database and containers; the self-signed certificate is trusted by the store client's own agent
      // for this local endpoint (shared/store/client.ts), never by NODE_TLS_REJECT_UNAUTHORIZED.
      COSMOS_CREATE_CONTAINERS: 'true',
    },
    [
      { function: 'health', method: 'GET', path: 'health', headers: { origin: ORIGIN, 'x-correlation-id': 'probe-1' } },
      { function: 'auth-me', method: 'GET', path: 'auth/me', headers: { origin: ORIGIN } },
      { function: 'zz-unknown-route', method: 'GET', path: 'no/such/route', params: { path: 'no/such/route' } },
      {
        function: 'zz-unknown-route',
        method: 'OPTIONS',
        path: 'orders/1/report-sold',
        headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
      },
      { function: 'zz-unknown-route', method: 'OPTIONS', path: 'health', headers: { origin: 'https://evil.example' } },
    ],
  );
});

afterAll(async () => {
  embedded.closeAllConnections?.();
  await new Promise<void>((resolve) => embedded.close(() => resolve()));
});

const httpTrigger = (registration: WorkerReport['registrations'][number]) =>
  Object.values(registration.bindings).find((b) => b.type === 'httpTrigger');

describe('registration, as the worker loads the compiled app', () => {
  it('registers every route of the route table with its method and template, anonymous', () => {
    const routes = loadFunctions();
    expect(healthy.programmingModel?.name).toBe('@azure/functions');
    for (const route of routes) {
      const registration = healthy.registrations.find((r) => r.name === route.name);
      expect({ name: route.name, trigger: registration && httpTrigger(registration) }).toEqual({
        name: route.name,
        trigger: expect.objectContaining({ methods: [route.method], route: route.route, authLevel: 'anonymous' }),
      });
    }
    const http = healthy.registrations.filter((r) => httpTrigger(r));
    expect(http.map((r) => r.name).sort()).toEqual([...routes.map((r) => r.name), 'zz-unknown-route'].sort());
  });

  it('registers the heal timer every 5 minutes', () => {
    const timer = healthy.registrations.find((r) => r.name === 'heal-timer');
    expect(Object.values(timer?.bindings ?? {})).toContainEqual(
      expect.objectContaining({ type: 'timerTrigger', schedule: '0 */5 * * * *' }),
    );
  });

  it('registers the catch-all for every method under {*path}, named to sort after every route', () => {
    const trigger = httpTrigger(healthy.registrations.find((r) => r.name === 'zz-unknown-route')!);
    expect(trigger).toMatchObject({ route: '{*path}', authLevel: 'anonymous' });
    expect(trigger!.methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
    // The host tries HTTP functions in the order of their names (azure-functions-host #9876).
    for (const name of loadFunctions().map((r) => r.name)) {
      expect(name < 'zz-unknown-route' && name.toLowerCase() < 'zz-unknown-route').toBe(true);
    }
  });

  it('loads nothing local-only: no embedded store, no local host', () => {
    expect(healthy.localOnlyLoaded).toEqual([]);
  });
});

describe('invocation through @azure/functions request objects', () => {
  const [health, me, unknown, preflight, foreign] = [0, 1, 2, 3, 4].map((i) => () => healthy.answers[i]);

  it('answers health from one store read, with the envelope, the caller correlation id and CORS', () => {
    expect(health().status).toBe(200);
    expect(envelopeOf(health())).toEqual({
      success: true,
      data: { status: 'ok', store: 'cosmos', version: expect.any(String), storeLatencyMs: expect.any(Number) },
    });
    expect(health().headers).toMatchObject({
      'x-correlation-id': 'probe-1',
      'access-control-allow-origin': ORIGIN,
      'access-control-expose-headers': expect.stringMatching(/x-correlation-id.*retry-after/),
    });
    // The store-call budget is a local instrument: not sent from Azure.
    expect(health().headers['x-store-ops']).toBeUndefined();
  });

  it('answers a route without its token 401 in the envelope with a fresh correlation id', () => {
    expect(me().status).toBe(401);
    expect(envelopeOf(me())).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
    expect(me().headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown route with the envelope 404, and a preflight with the app CORS headers', () => {
    expect(unknown().status).toBe(404);
    expect(envelopeOf(unknown())).toEqual({ success: false, error: 'NOT_FOUND', message: 'No such route' });
    expect(preflight().status).toBe(204);
    expect(preflight().headers).toMatchObject({
      'access-control-allow-origin': ORIGIN,
      'access-control-allow-methods': expect.stringContaining('POST'),
      'access-control-allow-headers': expect.stringContaining('authorization'),
    });
    expect(foreign().status).toBe(204);
    expect(foreign().headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('a dead store', () => {
  it('gives health 503 UNAVAILABLE within seconds when the store accepts connections and never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const report = await runInWorker(
        { ...CONFIGURED, COSMOS_ENDPOINT: `https://127.0.0.1:${port}`, COSMOS_KEY: 'k' },
        [{ function: 'health', method: 'GET', path: 'health' }],
      );
      const [answer] = report.answers;
      expect(answer.status).toBe(503);
      expect(envelopeOf(answer)).toEqual({ success: false, error: 'UNAVAILABLE', message: expect.any(String) });
      expect(answer.headers['x-correlation-id']).toBeTruthy();
      expect(answer.ms).toBeLessThan(10_000);
    } finally {
      silent.close();
    }
  });
});

describe('a local endpoint on Azure', () => {
  it('is not trusted: the self-signed certificate of a localhost store is refused when WEBSITE_INSTANCE_ID is set', async () => {
    const report = await runInWorker(
      {
        ...CONFIGURED,
        COSMOS_ENDPOINT: endpoint,
        COSMOS_KEY: 'embedded-store-key',
        COSMOS_CREATE_CONTAINERS: 'true',
        WEBSITE_INSTANCE_ID: 'instance-1',
      },
      [{ function: 'health', method: 'GET', path: 'health' }],
    );
    // The store never opens: the failure is logged (an INTERNAL 500, as any unexpected store error) and nothing is read.
    expect(report.answers[0].status).toBe(500);
    expect(report.output).toMatch(/certificate/i); // the embedded server's certificate is self-signed (and expired)
  });
});

describe('fail fast under the host', () => {
  const cases: [string, Record<string, string | undefined>, RegExp][] = [
    ['no COSMOS_ENDPOINT', { COSMOS_ENDPOINT: undefined }, /COSMOS_ENDPOINT is not set/],
    ['no JWT_SECRET', { JWT_SECRET: undefined }, /JWT_SECRET is not set/],
    ['a short JWT_SECRET', { JWT_SECRET: 'short-but-secret-value' }, /JWT_SECRET is shorter than 32 bytes/],
    ['no ACS connection', { ACS_CONNECTION_STRING: undefined }, /ACS_CONNECTION_STRING is not set/],
    ['no e-mail sender', { EMAIL_SENDER: undefined }, /EMAIL_SENDER is not set/],
    [
      'AZURE_FUNCTIONS_ENVIRONMENT=Development on Azure and no ACS (the outbox is never used on Azure)',
      {
        AZURE_FUNCTIONS_ENVIRONMENT: 'Development',
        WEBSITE_INSTANCE_ID: 'instance-1',
        ACS_CONNECTION_STRING: undefined,
      },
      /ACS_CONNECTION_STRING is not set/,
    ],
    ['the published example JWT secret outside Development', { JWT_SECRET: EXAMPLE_JWT_SECRET }, /published example/],
  ];

  it.each(cases)('with %s every request answers 503 and one log line names the setting', async (_, change, named) => {
    const env = Object.fromEntries(
      Object.entries({ ...CONFIGURED, COSMOS_ENDPOINT: 'https://127.0.0.1:9', ...change }).filter(([, v]) => v),
    ) as Record<string, string>;
    const report = await runInWorker(env, [
      { function: 'health', method: 'GET', path: 'health' },
      { function: 'auth-magic-link', method: 'POST', path: 'auth/magic-link', body: '{"email":"a@example.org"}' },
    ]);
    for (const answer of report.answers) {
      expect(answer.status).toBe(503);
      expect(envelopeOf(answer)).toEqual({ success: false, error: 'UNAVAILABLE', message: expect.any(String) });
    }
    const refusals = report.output.split('\n').filter((line) => line.includes('config.refused'));
    expect(refusals).toHaveLength(1);
    // A refused request still writes its request log line.
    const logged = report.output
      .split('\n')
      .filter((line) => line.startsWith('{"kind":"request"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.map((l) => [l.route, l.status])).toEqual([
      ['health', 503],
      ['auth-magic-link', 503],
    ]);
    expect(refusals[0]).toMatch(named);
    for (const secret of [env.JWT_SECRET, env.ACS_CONNECTION_STRING].filter(Boolean)) {
      expect(report.output).not.toContain(secret);
    }
  });
});
