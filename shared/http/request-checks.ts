import type { ValidateFunction } from 'ajv';
import { DomainError, badRequest, type ValidationDetail } from '../errors';
import type { AnyRoute } from './route';
import { idString } from '../domain/vocabulary/schema-parts';

/**
 * Checks on the shape of a request that need no caller and no store: they run before authentication so a
 * hostile request never reaches a read or a write.
 */

// ajv is loaded with the first path id checked, not at import (docs/performance.md "Cold start").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadAjv = () => (require('ajv') as typeof import('ajv')).default;

// The very schema body ids use, so a path id and a body id are held to one rule. Compiled on first use (not at
// import, which every function module's cold start would pay).
let isIdString: ValidateFunction | undefined;

/**
 * Every path parameter must be an id a document could hold. Without this, `events/{id}%3Fjunk` decodes to an
 * id the store accepts as a new key: it would write orphans and be treated as a different record than `{id}`.
 */
export function assertPathParams(params: Record<string, string>): void {
  const details: ValidationDetail[] = [];
  const check = (isIdString ??= new (loadAjv())({ allErrors: true, strict: true }).compile(idString));
  for (const [name, value] of Object.entries(params)) {
    if (check(value)) continue;
    for (const error of check.errors ?? []) details.push({ path: `/${name}`, message: error.message ?? 'is invalid' });
  }
  if (details.length > 0) throw badRequest('Path parameters are invalid', details);
}

/**
 * A `.` or `..` segment in the request path (raw, or with either dot percent-encoded, any case) is refused before
 * routing: a URL parser or the Functions host resolves it away, so `DELETE organizations/{id}/members/..` would act
 * on the organization itself. Judged on the path exactly as the client sent it (the query is not a path).
 */
export function hasDotSegment(target: string): boolean {
  const queryAt = target.search(/[?#]/);
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  return path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/**
 * An empty segment (`//`) in the request path is refused as well: a request-target starting with `//` reads as
 * `//host/path` to a URL parser, so `DELETE //x/api/organizations/{id}` would route to the organization delete with
 * `x` taken for a host name; inside the path a proxy or the Functions host may collapse it and route elsewhere.
 */
export function hasEmptySegment(target: string): boolean {
  const queryAt = target.search(/[?#]/);
  return (queryAt === -1 ? target : target.slice(0, queryAt)).includes('//');
}

/** The refusal of a request path with a dot or empty segment, or undefined when its segments are plain. */
export function segmentRefusal(target: string): DomainError | undefined {
  if (hasDotSegment(target)) {
    return badRequest('The request path holds a "." or ".." segment', [
      { path: '/', message: 'must not hold "." or ".." path segments' },
    ]);
  }
  if (hasEmptySegment(target)) {
    return badRequest('The request path holds an empty segment ("//")', [
      { path: '/', message: 'must not hold empty path segments' },
    ]);
  }
  return undefined;
}

export function assertNoDotSegments(target: string | undefined): void {
  const refusal = target === undefined ? undefined : segmentRefusal(target);
  if (refusal) throw refusal;
}

/**
 * An Idempotency-Key on a route that does not honour one is refused with the keyed routes' 400 (docs/api.md,
 * "Idempotency keys"): a client that sends a key counts on a retry never doing the work twice, and a route that
 * cannot promise it says so rather than ignore the key. Before the caller is resolved, like the other shape checks.
 */
export function assertKeyAccepted(route: AnyRoute, headers: Record<string, string>): void {
  if (route.idempotent || headers['idempotency-key'] === undefined) return;
  throw badRequest('This route takes no Idempotency-Key header', [
    { path: '/headers/Idempotency-Key', message: 'is not accepted on this route (a keyed route lists the header)' },
  ]);
}

/**
 * `?organizationId` beside a path that names the organization must name the same one (its own code, so a client can
 * tell it from any other invalid input). The pipeline checks it once the scope is resolved, with the rest of the
 * query, before the body is read or anything is written.
 */
export function assertSameOrganization(route: AnyRoute, params: Record<string, string>, query: Record<string, string>) {
  const param = route.pathOrganizationParam;
  const given = query.organizationId;
  if (!param || given === undefined || params[param] === undefined || given === params[param]) return;
  throw new DomainError(
    'ORGANIZATION_MISMATCH',
    `organizationId names another organization than the path's {${param}}`,
    {
      details: [{ path: '/organizationId', message: `must equal the path's ${param}` }],
    },
  );
}

const JSON_MEDIA = /^application\/([\w.+-]+\+)?json$/;
const CSV_MEDIA = /^(text|application)\/csv$/;

/**
 * A body is read only as the type the route takes: JSON (`application/json`, `+json`) or CSV. The parameters
 * (charset) are not judged here. An empty body needs no type: "no body" means the same as `{}`.
 */
export function assertContentType(route: AnyRoute, headers: Record<string, string>, rawBody: string): void {
  if (!route.body && route.bodyType !== 'csv') return;
  if (rawBody.trim().length === 0) return;
  const mediaType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const accepted = route.bodyType === 'csv' ? CSV_MEDIA : JSON_MEDIA;
  if (accepted.test(mediaType)) return;
  const expected = route.bodyType === 'csv' ? 'text/csv' : 'application/json';
  throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `Request body must be sent as ${expected}`);
}
