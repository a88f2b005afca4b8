/**
 * Domain errors, apart from HTTP. Services throw a `DomainError` with a stable code; the HTTP edge
 * (`shared/http/error-status.ts`) owns the one table from code to status. `error` on the wire is the code;
 * where the code is one the spec names, `errorCode` repeats it (docs/api.md).
 */

/** The generic codes of docs/api.md (plus the transport-level ones the pipeline answers). */
export const GENERIC_ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

/** Codes the spec names (docs/api.md and the sections of 01 and 02), and the decisions' own named codes. */
export const SPEC_ERROR_CODES = [
  'INVALID_LOGIN',
  'ORG_MODE_RESTRICTED',
  'ORG_MODE_DOWNGRADE_BLOCKED',
  'ORG_MODE_TRANSITION_RACED',
  'ORG_MODE_DEPENDENCY_CHECK_FAILED',
  'ARCHIVE_OVERRIDE_FORBIDDEN',
  'INVOICE_REQUIRED',
  'INVALID_INVOICE_BASIS',
  'CAPACITY_EXCEEDED',
  'ALLOCATION_EXCEEDED',
  'COMMITMENT_CLOSED',
  'SALES_LOCKED',
  'REGISTRATION_LOCKED',
  'INVALID_ORDER_STATE',
  'TICKET_TYPE_IN_USE',
  'SHOWTIME_IN_USE',
  'TRANSFER_EXCEEDS_OUTSTANDING',
  'TRANSFER_BLOCKED_NO_OUTSTANDING',
  'TRANSFER_REQUEST_ID_REUSED',
  'DELEGATED_MEMBER_ORDERING_UNAVAILABLE',
  'DELEGATED_MEMBER_CATALOG_UNAVAILABLE',
  'ALREADY_MEMBER',
  'USER_DELETED',
  'WRONG_ENDPOINT',
  'ORGANIZATION_MISMATCH',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  'IDEMPOTENCY_KEY_ANSWER_LOST',
  'PARTICIPANT_NOT_ACTIVE',
  'CURRENCY_LOCKED',
] as const;

/**
 * Internal variants: a code the wire spells like another one but answers with a different status. The
 * lifecycle operations (report-sold, return, force-record-sold, approve-reconciliation) answer a wrong state
 * with 400, the management moves with 409 (docs/api.md lifecycle rule 5); both say `INVALID_ORDER_STATE`.
 */
export const ERROR_CODE_VARIANTS = { INVALID_LIFECYCLE_STATE: 'INVALID_ORDER_STATE' } as const;

export type GenericErrorCode = (typeof GENERIC_ERROR_CODES)[number];
export type SpecErrorCode = (typeof SPEC_ERROR_CODES)[number];
export type ErrorCode = GenericErrorCode | SpecErrorCode | keyof typeof ERROR_CODE_VARIANTS;

export const ALL_ERROR_CODES: readonly ErrorCode[] = [
  ...GENERIC_ERROR_CODES,
  ...SPEC_ERROR_CODES,
  ...(Object.keys(ERROR_CODE_VARIANTS) as (keyof typeof ERROR_CODE_VARIANTS)[]),
];

const GENERIC = new Set<string>(GENERIC_ERROR_CODES);

/** The code as the client sees it in `error` (a variant is spelled as the code it stands for). */
export function wireCode(code: ErrorCode): GenericErrorCode | SpecErrorCode {
  return code in ERROR_CODE_VARIANTS ? ERROR_CODE_VARIANTS[code as keyof typeof ERROR_CODE_VARIANTS] : (code as never);
}

/** True when the wire code is one the spec names: then `errorCode` repeats it. */
export const isSpecCode = (code: ErrorCode): boolean => !GENERIC.has(wireCode(code));

export interface ValidationDetail {
  path: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: Record<string, unknown>,
    /** Response headers that belong to the error (`Retry-After` of a rate limit). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string, details?: ValidationDetail[]) =>
  new DomainError('VALIDATION_ERROR', message, details ? { details } : undefined);
export const unauthorized = (message = 'Authentication required') => new DomainError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission for this action', code: ErrorCode = 'FORBIDDEN') =>
  new DomainError(code, message);
export const notFound = (what = 'Resource') => new DomainError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT', data?: Record<string, unknown>) =>
  new DomainError(code, message, data);
export const unavailable = (message = 'A dependency is temporarily unavailable', code: ErrorCode = 'UNAVAILABLE') =>
  new DomainError(code, message);
