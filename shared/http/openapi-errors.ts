import { ALL_ERROR_CODES, SPEC_ERROR_CODES, wireCode, type ErrorCode } from '../errors';
import { statusOfCode } from './error-status';
import { errorHeaders } from './openapi-headers';
import { isOrgRoute, type AnyRoute } from './route';
import type { Schema } from '../domain/vocabulary/validation';

/** Every code a client can see in `error`, spelled as on the wire (a variant shares its code's spelling). */
export const WIRE_CODES = [...new Set(ALL_ERROR_CODES.map(wireCode))];

/** The one error envelope; `errorCode` repeats `error` for the codes the spec names (docs/api.md). */
export const errorResponseSchema: Schema = {
  type: 'object',
  required: ['success', 'error', 'message'],
  additionalProperties: false,
  properties: {
    success: { const: false },
    error: { enum: WIRE_CODES },
    errorCode: { enum: [...SPEC_ERROR_CODES] },
    message: { type: 'string' },
    data: { type: 'object' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

const READS = new Set(['GET']);

/**
 * The codes a route can answer with: those its declaration implies (input, auth, path ids, rate limit,
 * full-organization guard, store contention and outage) and those it declares its services throw.
 */
export function errorCodesOf(route: AnyRoute): ErrorCode[] {
  const codes = new Set<ErrorCode>(['VALIDATION_ERROR', 'UNAVAILABLE', 'INTERNAL']);
  if (route.body || route.bodyType === 'csv') codes.add('PAYLOAD_TOO_LARGE');
  // A JSON route given another media type, and a CSV import given JSON, answer 415.
  if (route.body || route.bodyType === 'csv') codes.add('UNSUPPORTED_MEDIA_TYPE');
  if (route.auth !== 'public') codes.add('UNAUTHORIZED').add('FORBIDDEN');
  // Organization routes answer 404 for an organization that is gone; path ids name records that may not exist.
  if (isOrgRoute(route) || route.route.includes('{')) codes.add('NOT_FOUND');
  if (route.rateLimit) codes.add('RATE_LIMITED');
  if (route.fullOrg) codes.add('ORG_MODE_RESTRICTED');
  if (route.pathOrganizationParam) codes.add('ORGANIZATION_MISMATCH');
  // A write that keeps losing an optimistic-concurrency race answers 409 CONFLICT; the client may retry.
  if (!READS.has(route.method)) codes.add('CONFLICT');
  if (route.idempotent) codes.add('IDEMPOTENCY_KEY_REUSED').add('IDEMPOTENCY_KEY_IN_PROGRESS');
  // Only a key record that rode along with its write can outlive a lost answer (shared/http/idempotency-ride.ts).
  if (route.idempotent === true) codes.add('IDEMPOTENCY_KEY_ANSWER_LOST');
  for (const code of route.errors ?? []) codes.add(code);
  return [...codes];
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing or invalid authentication',
  403: 'Role, ownership or organization-mode refusal',
  404: 'Not found (or not visible to the caller)',
  409: 'Conflict with the current state',
  413: 'Request body too large',
  415: 'A JSON body route given another content type',
  429: 'Rate limited (Retry-After header)',
  500: 'Unexpected error (correlation id in the message)',
  503: 'Temporarily unavailable; try again',
};

/**
 * One OpenAPI response per error status, each narrowing `error` to the codes this route gives there. A status
 * with a single code is a named response (`#/components/responses/NotFound`), written once into `shared`.
 */
export function errorResponses(route: AnyRoute, shared: Record<string, unknown>): Record<string, unknown> {
  const byStatus = new Map<number, Set<string>>();
  for (const code of errorCodesOf(route)) {
    const status = statusOfCode(code);
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(wireCode(code));
  }
  const result: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = [...codes].sort();
    const response = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${list.join(', ')}`,
      headers: errorHeaders(status, route),
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: '#/components/schemas/ErrorResponse' }, { properties: { error: { enum: list } } }],
          },
        },
      },
    };
    if (list.length > 1) {
      result[String(status)] = response;
      continue;
    }
    const name = responseName(list[0]);
    shared[name] ??= response;
    result[String(status)] = { $ref: `#/components/responses/${name}` };
  }
  return result;
}

/** `NOT_FOUND` → `NotFound`. */
const responseName = (code: string) =>
  code
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
