import { DomainError, isSpecCode, wireCode } from '../errors';

export interface SuccessBody<T = unknown> {
  success: true;
  data: T;
  completed?: boolean;
}

export interface FailureBody {
  success: false;
  error: string;
  message: string;
  errorCode?: string;
  data?: Record<string, unknown>;
  details?: unknown;
}

export function successBody<T>(data: T): SuccessBody<T> {
  return { success: true, data };
}

/** Error envelope; validation `details` sit at the top level, any other error data under `data`. */
export function failureBody(error: DomainError): FailureBody {
  const code = wireCode(error.code);
  const body: FailureBody = { success: false, error: code, message: error.message };
  if (isSpecCode(error.code)) body.errorCode = code;
  if (error.data) {
    const { details, ...rest } = error.data;
    if (details !== undefined) body.details = details;
    if (Object.keys(rest).length > 0) body.data = rest;
  }
  return body;
}
