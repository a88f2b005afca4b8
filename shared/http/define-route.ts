import { randomUUID } from 'node:crypto';
import { app, type HttpRequest, type HttpResponseInit } from '@azure/functions';
// Bootstrap, not a store call: the Functions worker opens the store once before the first request (eslint allows
// only `openStore` here).
import { openStore } from '../store/client';
import { errorResponse, executeRoute, type IncomingRequest } from './pipeline';
import { recordRoute, type RouteDeclaration } from './route';

/** True inside the Azure Functions worker; the local host and tests only use the route table. */
const insideFunctionsHost = () => Boolean(process.env.FUNCTIONS_WORKER_RUNTIME);

/**
 * The single place a route is declared: it records the route for the local host, the OpenAPI generator
 * and the tests, and registers the same route as an Azure Function when running under the Functions host.
 */
export function defineRoute<B = unknown, Q = Record<string, unknown>>(declaration: RouteDeclaration<B, Q>): void {
  const route = recordRoute(declaration);
  if (!insideFunctionsHost()) return;
  enableStreamsOnce();
  app.http(route.name, {
    methods: [route.method],
    route: route.route,
    authLevel: 'anonymous',
    handler: async (request: HttpRequest): Promise<HttpResponseInit> => {
      try {
        await openStore();
        const response = await executeRoute(route, await fromAzureRequest(request));
        // The store-call budget headers are a local-host and test instrument: internal figures are not sent to
        // clients on Azure.
        const { 'x-store-ops': _ops, 'x-store-ru': _ru, ...headers } = response.headers;
        return { status: response.status, headers, body: response.body };
      } catch (error) {
        // Outside the pipeline (the store did not open, the body could not be read): still one id to quote.
        const response = errorResponse(error, route);
        const correlationId = request.headers.get('x-correlation-id')?.slice(0, 64) || randomUUID();
        return {
          status: response.status,
          headers: { ...response.headers, 'x-correlation-id': correlationId },
          body: response.body,
        };
      }
    },
  });
}

let streamsEnabled = false;
/** Exports answer with a Readable body; the worker streams it only with HTTP streams switched on (v4 model). */
function enableStreamsOnce() {
  if (streamsEnabled) return;
  app.setup({ enableHttpStream: true });
  streamsEnabled = true;
}

async function fromAzureRequest(request: HttpRequest): Promise<IncomingRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => (headers[key.toLowerCase()] = value));
  const query: Record<string, string> = {};
  request.query.forEach((value, key) => (query[key] = value));
  const forwarded = lastForwarded(headers['x-forwarded-for']);
  return {
    params: { ...request.params },
    query,
    headers,
    rawBody: await request.text(),
    ip: clientAddress(forwarded),
  };
}

/**
 * The right-most X-Forwarded-For entry: the one the platform's front end appended. Entries to its left come
 * from the client and would let anyone pick their own address (and so dodge per-IP rate limits).
 */
export function lastForwarded(header: string | undefined): string {
  const entries = (header ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return entries[entries.length - 1] ?? '';
}

/** Azure appends the client port to x-forwarded-for ("1.2.3.4:5678", "[::1]:5678"); limits are per address. */
export function clientAddress(forwarded: string): string {
  const v4 = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(forwarded);
  if (v4) return v4[1];
  const v6 = /^\[([^\]]+)\](:\d+)?$/.exec(forwarded);
  if (v6) return v6[1];
  return forwarded || 'unknown';
}
