import { randomUUID } from 'node:crypto';
import {
  app,
  type HttpMethod as AzureHttpMethod,
  type HttpRequest,
  type HttpResponseInit,
  type InvocationContext,
} from '@azure/functions';
import { DomainError } from '../errors';
import { corsHeaders } from './cors';
import { clientAddress, lastForwarded } from './forwarded';
import { hostRefusal } from './host-readiness';
import { assertNoDotSegments, segmentRefusal } from './request-checks';
import { errorResponse, executeRoute, type IncomingRequest, type OutgoingResponse } from './pipeline';
import { logRequest, type InvocationTrace } from './request-log';
import type { AnyRoute } from './route';

/**
 * The Azure Functions side of a route: the same pipeline as the local host, with the same CORS answers (the platform
 * CORS setting stays empty) and the same envelope when the configuration is incomplete or the store is down.
 */
export function registerRouteFunction(route: AnyRoute, openStore: OpenStore): void {
  enableStreamsOnce();
  app.http(route.name, {
    methods: [route.method],
    route: route.route,
    authLevel: 'anonymous',
    handler: (request, context) => serveRoute(route, request, openStore, context),
  });
}

/** Opens the store once per instance (handed over by define-route.ts, the one HTTP module allowed to take it). */
export type OpenStore = () => Promise<unknown>;

export async function serveRoute(
  route: AnyRoute,
  request: HttpRequest,
  openStore: OpenStore,
  context?: InvocationContext,
): Promise<HttpResponseInit> {
  const startedAt = performance.now();
  const correlationId = correlationIdOf(request);
  const cors = corsHeaders(request.headers.get('origin') ?? undefined);
  // Answers given before the pipeline runs still get their request log line (the pipeline writes the others).
  const outside = (error: unknown) => {
    const response = errorResponse(error, route);
    logRequest(route, invocationTrace(request, context), response.status, startedAt, correlationId);
    return toAzure(response, cors, correlationId);
  };
  const refusal = hostRefusal();
  if (refusal) return outside(refusal);
  try {
    assertNoForwardedDotSegments(request);
    await openStore();
    const response = await executeRoute(route, await fromAzureRequest(request, correlationId, context));
    // The store-call budget headers are a local-host and test instrument: internal figures are not sent to clients.
    const { 'x-store-ops': _ops, 'x-store-ru': _ru, ...headers } = response.headers;
    return toAzure({ ...response, headers }, cors, correlationId);
  } catch (error) {
    // Outside the pipeline (the store did not open, the body could not be read): still the envelope and one id.
    return outside(error);
  }
}

/**
 * The host's trace context is the invocation's own span (its operation id is that of the host's `requests` row); a
 * caller's traceparent header is only the parent of it.
 */
function invocationTrace(request: HttpRequest, context?: InvocationContext): InvocationTrace {
  return {
    invocationId: context?.invocationId,
    traceparent: context?.traceContext?.traceParent ?? request.headers.get('traceparent') ?? undefined,
  };
}

/**
 * The Functions host orders HTTP routes by function name, not by how specific a template is (azure-functions-host
 * #9876, azure-functions-nodejs-library #300): the catch-all's name sorts after every route's, so it only answers
 * what no route takes (a test holds this). It also answers every CORS preflight, as no route registers OPTIONS.
 */
export const UNKNOWN_ROUTE_FUNCTION = 'zz-unknown-route';
const ALL_METHODS: AzureHttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export function registerUnknownRouteFunction(): void {
  enableStreamsOnce();
  app.http(UNKNOWN_ROUTE_FUNCTION, {
    methods: ALL_METHODS,
    route: '{*path}',
    authLevel: 'anonymous',
    handler: answerUnknownRoute,
  });
}

export async function answerUnknownRoute(request: HttpRequest): Promise<HttpResponseInit> {
  const correlationId = correlationIdOf(request);
  const cors = corsHeaders(request.headers.get('origin') ?? undefined);
  if (request.method === 'OPTIONS') return { status: 204, headers: { ...cors, 'x-correlation-id': correlationId } };
  // A target with a dot or empty segment the host did not resolve lands here: the same 400 the routes give it.
  const refusal = [rawPathOf(request.url), `/${request.params.path ?? ''}`, ...forwardedTargetsOf(request)]
    .map(segmentRefusal)
    .find((found) => found !== undefined);
  if (refusal) return toAzure(errorResponse(refusal), cors, correlationId);
  return toAzure(errorResponse(new DomainError('NOT_FOUND', 'No such route')), cors, correlationId);
}

function toAzure(response: OutgoingResponse, cors: Record<string, string>, correlationId: string): HttpResponseInit {
  return {
    status: response.status,
    headers: {
      ...response.headers,
      ...cors,
      'x-correlation-id': response.headers['x-correlation-id'] ?? correlationId,
    },
    body: response.body,
  };
}

/** The caller's correlation id (bounded), or a fresh one: every answer carries one. */
function correlationIdOf(request: HttpRequest): string {
  return request.headers.get('x-correlation-id')?.slice(0, 64) || randomUUID();
}

let streamsEnabled = false;
/** Exports answer with a Readable body; the worker streams it only with HTTP streams switched on (v4 model). */
function enableStreamsOnce() {
  if (streamsEnabled) return;
  app.setup({ enableHttpStream: true });
  streamsEnabled = true;
}

async function fromAzureRequest(
  request: HttpRequest,
  correlationId: string,
  context?: InvocationContext,
): Promise<IncomingRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => (headers[key.toLowerCase()] = value));
  headers['x-correlation-id'] = correlationId;
  const query: Record<string, string> = {};
  request.query.forEach((value, key) => (query[key] = value));
  return {
    params: { ...request.params },
    query,
    headers,
    rawBody: await request.text(),
    ip: clientAddress(lastForwarded(headers['x-forwarded-for'])),
    path: rawPathOf(request.url),
    trace: invocationTrace(request, context),
  };
}

/**
 * The request-target as the client sent it, before the platform resolved it: Kestrel (the Functions host) normalizes
 * `..` and `%2e%2e` away before routing, so the worker's URL cannot show them; the App Service front end forwards the
 * original in `X-WAWS-Unencoded-URL`, and a rewriting proxy (IIS ARR, some gateways) in `X-Original-URL`. Judged on
 * each that is present (docs/decisions/platform.md, "Dot segments"). A client that sends these headers itself can
 * only get its own request refused.
 */
const FORWARDED_TARGET_HEADERS = ['x-waws-unencoded-url', 'x-original-url'];

function forwardedTargetsOf(request: HttpRequest): string[] {
  return FORWARDED_TARGET_HEADERS.map((name) => request.headers.get(name))
    .filter((value): value is string => !!value)
    .map(rawPathOf);
}

/** The worker's URL and each forwarded original, judged before the store is opened or anything else runs. */
function assertNoForwardedDotSegments(request: HttpRequest): void {
  for (const target of [rawPathOf(request.url), ...forwardedTargetsOf(request)]) assertNoDotSegments(target);
}

/** The path of the URL the worker hands over, as a string (not parsed: a URL parser would resolve `..` away). */
function rawPathOf(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/';
}
