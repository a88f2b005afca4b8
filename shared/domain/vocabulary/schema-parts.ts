import type { Schema } from './validation';

/** Reusable schema fragments so every route bounds its strings and numbers the same way. */
/** An opaque id: never `.` or `..` alone, which a path resolves away (see request-checks.ts hasDotSegment). */
export const idString: Schema = {
  type: 'string',
  description:
    'An opaque id: 1 to 128 letters, digits, `.`, `_`, `:` or `-` (UUIDs for most records), never `.` or `..` alone',
  minLength: 1,
  maxLength: 128,
  pattern: '^(?!\\.{1,2}$)[A-Za-z0-9._:-]+$',
};
export const uuidString: Schema = { type: 'string', format: 'uuid' };
export const email: Schema = { type: 'string', format: 'email', maxLength: 254 };
export const shortText = (max = 255, min = 0): Schema => ({ type: 'string', minLength: min, maxLength: max });
export const positiveInt: Schema = { type: 'integer', minimum: 1, maximum: 1_000_000 };
export const nonNegativeInt: Schema = { type: 'integer', minimum: 0, maximum: 1_000_000 };
export const money: Schema = { type: 'number', minimum: 0, maximum: 1_000_000, multipleOf: 0.01 };
export const isoDateTime: Schema = { type: 'string', format: 'date-time', maxLength: 40 };
export const isoDateOrDateTime: Schema = {
  type: 'string',
  maxLength: 40,
  anyOf: [
    { type: 'string', format: 'date-time' },
    { type: 'string', format: 'date' },
  ],
};

export function object(properties: Record<string, Schema>, required: string[] = [], extra: Schema = {}): Schema {
  return { type: 'object', properties, required, additionalProperties: false, ...extra };
}

export const emptyBody: Schema = object({});

export const pageQuery: Record<string, Schema> = {
  limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  continuationToken: { type: 'string', minLength: 1, maxLength: 4096 },
};
