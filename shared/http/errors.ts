/**
 * Typed errors. A handler throws one; the route wrapper turns it into the envelope with its status.
 * `error` is the spec's code where it names one (then `errorCode` repeats it), else a generic code.
 */
export type GenericErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'INTERNAL';

const GENERIC_CODES = new Set<string>([
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
]);

export interface ValidationDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** True when the code is one of the spec's named codes (then it is repeated as `errorCode`). */
  get isSpecCode(): boolean {
    return !GENERIC_CODES.has(this.code);
  }
}

export const badRequest = (message: string, details?: ValidationDetail[], code = 'VALIDATION_ERROR') =>
  new AppError(400, code, message, details ? { details } : undefined);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission for this action', code = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string, code = 'CONFLICT', data?: Record<string, unknown>) =>
  new AppError(409, code, message, data);
export const unavailable = (message = 'A dependency is temporarily unavailable', code = 'UNAVAILABLE') =>
  new AppError(503, code, message);
