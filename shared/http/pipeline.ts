import type { Readable } from 'node:stream';
import { config } from '../config';
import { currentRequestContext, runWithRequestContext } from '../request-context';
import { enforceRateLimit } from '../domain/rate-limits/enforce';
import { resolveScope } from '../auth/resolve-scope';
import { logError } from '../telemetry/telemetry';
import { isConflict, isPreconditionFailed, isUnavailable } from '../store/outcomes';
import { DomainError, badRequest } from '../errors';
import { statusOfCode } from './error-status';
import { failureBody, successBody } from './envelope';
import { runIdempotently } from './idempotency';
import { keyOrganizationOf, keyRecordPlaceOf, newRecordIdFor } from './idempotency-place';
import { Reply } from './reply';
import {
  assertContentType,
  assertKeyAccepted,
  assertNoDotSegments,
  assertPathParams,
  assertSameOrganization,
} from './request-checks';
import { logRequest, type InvocationTrace } from './request-log';
import type { AnyRoute } from './route';
import { validateBody, validateQuery } from '../domain/vocabulary/validation';

/** A request as both hosts hand it over: the local host and the Azure Functions adapter. */
export interface IncomingRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  rawBody: string;
  ip: string;
  /** The request path as the client sent it (percent-encoding kept), judged for dot segments before anything. */
  path?: string;
  /** The Functions invocation and its W3C traceparent, for the request log (shared/http/request-log.ts). */
  trace?: InvocationTrace;
}

export interface OutgoingResponse {
  status: number;
  headers: Record<string, string>;
  /**
   * A Readable is a streamed file: its headers (x-store-ops included) are sent before the stream is drained, so
   * they count the store calls made before the first byte.
   */
  body: string | Buffer | Readable;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Runs one route: auth, scoping, guards, validation, handler, envelope; never throws. */
export function executeRoute(route: AnyRoute, request: IncomingRequest): Promise<OutgoingResponse> {
  const startedAt = performance.now();
  return runWithRequestContext(
    async () => {
      let response: OutgoingResponse;
      try {
        response = toResponse(await handle(route, request));
      } catch (error) {
        response = errorResponse(error, route);
      }
      const ctx = currentRequestContext();
      if (ctx) {
        response.headers['x-correlation-id'] = ctx.correlationId;
        response.headers['x-store-ops'] = String(ctx.storeOps);
        response.headers['x-store-ru'] = ctx.storeRu.toFixed(2);
      }
      logRequest(route, request.trace, response.status, startedAt);
      return response;
    },
    request.headers['x-correlation-id']?.slice(0, 64) || undefined,
  );
}

async function handle(route: AnyRoute, request: IncomingRequest): Promise<Reply> {
  if (Buffer.byteLength(request.rawBody, 'utf8') > config().bodyLimitBytes) {
    throw new DomainError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  }
  checkRequestShape(route, request);
  if (route.rateLimit) await enforceRateLimit(route.rateLimit, request.ip);

  // Authority first: the scope authenticates, resolves the caller's role (and the full-org guard) and loads the
  // documents it needed, before the query or body is looked at.
  const { principal, grant } = await resolveScope(route.scope, {
    authorization: request.headers.authorization,
    params: request.params,
    query: request.query,
  });
  route.gate?.();

  // Input checks after authority, as for the rest of the query: `?organizationId` beside a path naming the
  // organization must name the same one.
  assertSameOrganization(route, request.params, request.query);
  const query = route.query ? validateQuery(route.query, request.query) : request.query;
  const body = route.bodyType === 'csv' ? request.rawBody : parseJsonBody(route, request.rawBody);

  const keyOrganization = keyOrganizationOf(route, principal.organizationId, request);
  const keyedId = newRecordIdFor(route, principal.userId, keyOrganization, request.headers);
  const invoke = async () => {
    const result = await route.handler({
      ...(keyedId ? { keyedId } : {}),
      principal,
      params: request.params,
      query,
      body,
      rawBody: request.rawBody,
      headers: request.headers,
      ip: request.ip,
      organizationId: principal.organizationId ?? '',
      grant,
    });
    return result instanceof Reply ? result : new Reply(200, result);
  };
  if (!route.idempotent) return invoke();
  const place = keyRecordPlaceOf(route, grant, request.params, keyedId);
  // A retried create answers its first answer again instead of writing twice (shared/http/idempotency.ts).
  return runIdempotently(
    {
      method: route.method,
      path: route.route.replace(/\{(\w+)\}/g, (_, name: string) => request.params[name] ?? ''),
      query: request.query,
      headers: request.headers,
      rawBody: request.rawBody,
      callerId: principal.userId,
      organizationId: keyOrganization,
      ...(place === 'claim' ? {} : place),
    },
    invoke,
    route.idempotent === 'claim' || place === 'claim' ? 'claim' : 'ride',
  );
}

/** Path ids and the body's media type: refused before the caller is resolved or anything is read. */
function checkRequestShape(route: AnyRoute, request: IncomingRequest): void {
  assertNoDotSegments(request.path);
  assertKeyAccepted(route, request.headers);
  assertPathParams(request.params);
  assertContentType(route, request.headers, request.rawBody);
}

function parseJsonBody(route: AnyRoute, rawBody: string): unknown {
  if (!route.body) return undefined;
  let parsed: unknown = undefined;
  if (rawBody.trim().length > 0) {
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw badRequest('Request body is not valid JSON', [{ path: '/', message: 'is not valid JSON' }]);
    }
  }
  // A missing body validates as an empty object, so "no body" and "{}" mean the same thing.
  return validateBody(route.body, parsed === undefined ? {} : parsed);
}

function toResponse(reply: Reply): OutgoingResponse {
  const headers: Record<string, string> = { ...(reply.extras.headers ?? {}) };
  const file = reply.extras.file;
  if (file) {
    headers['content-type'] = file.contentType;
    headers['content-disposition'] = `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
    return { status: reply.status, headers, body: file.content };
  }
  headers['content-type'] = JSON_TYPE;
  if (reply.extras.bare) return { status: reply.status, headers, body: JSON.stringify(reply.data) };
  const body: Record<string, unknown> = { ...successBody(reply.data) };
  if (reply.extras.completed !== undefined) body.completed = reply.extras.completed;
  return { status: reply.status, headers, body: JSON.stringify(body) };
}

export function errorResponse(error: unknown, route?: AnyRoute): OutgoingResponse {
  let domainError: DomainError;
  if (error instanceof DomainError) {
    domainError = error;
  } else if (isConflict(error) || isPreconditionFailed(error)) {
    // A store 412 or 409 that survived the bounded retries: another request won; the client may try again.
    domainError = new DomainError('CONFLICT', 'The record was changed by another request; try again');
  } else if (isUnavailable(error)) {
    domainError = new DomainError('UNAVAILABLE', 'The service is temporarily unavailable; try again shortly');
    logError(error, { route: route?.name, status: 503 });
  } else {
    const correlationId = currentRequestContext()?.correlationId;
    domainError = new DomainError('INTERNAL', `Unexpected error (correlation id ${correlationId ?? 'n/a'})`);
    logError(error, { route: route?.name, status: 500 });
  }
  return {
    status: statusOfCode(domainError.code),
    headers: { 'content-type': JSON_TYPE, ...(domainError.headers ?? {}) },
    body: JSON.stringify(failureBody(domainError)),
  };
}
