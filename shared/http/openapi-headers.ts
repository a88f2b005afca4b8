import type { AnyRoute } from './route';

/** Response headers and header parameters the document names once and every operation references. */
export const HEADER_COMPONENTS = {
  CorrelationId: {
    description: 'The id of this request in the logs: the caller’s own `x-correlation-id` when it sent one',
    schema: { type: 'string', maxLength: 64 },
  },
  RetryAfter: {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 1 },
  },
  IdempotentReplayed: {
    description: '`true` when this answer is the stored first answer to the same `Idempotency-Key`',
    schema: { const: 'true' },
  },
};

export const PARAMETER_COMPONENTS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A key the client makes up for one intended create (a UUID is a good key). The same key with the same ' +
      'body within 24 hours answers the first answer again without a second write; with another body, 409 ' +
      'IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 IDEMPOTENCY_KEY_IN_PROGRESS with Retry-After; ' +
      'when the create was done but its answer was lost, 409 IDEMPOTENCY_KEY_ANSWER_LOST (do not send it again).',
    schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e]+$' },
  },
};

const ref = (name: keyof typeof HEADER_COMPONENTS) => ({ $ref: `#/components/headers/${name}` });

/** Headers of a success: the correlation id always; the replay marker on routes that take an idempotency key. */
export function successHeaders(route: AnyRoute): Record<string, unknown> {
  return {
    'x-correlation-id': ref('CorrelationId'),
    ...(route.idempotent ? { 'Idempotent-Replayed': ref('IdempotentReplayed') } : {}),
  };
}

/** Headers of an error answer at `status`: the correlation id, and Retry-After where the answer says "wait". */
export function errorHeaders(status: number, route: AnyRoute): Record<string, unknown> {
  const waits = status === 429 || (status === 409 && route.idempotent);
  return { 'x-correlation-id': ref('CorrelationId'), ...(waits ? { 'Retry-After': ref('RetryAfter') } : {}) };
}
