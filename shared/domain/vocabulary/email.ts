import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { email } from './schema-parts';

/**
 * The one e-mail rule. JSON bodies check `email` through their schema; CSV imports call this, which compiles
 * the very same schema with the same format set, so a line is refused exactly when the JSON route would be.
 */
let matchesEmailSchema: ((value: unknown) => boolean) | undefined;

export function isValidEmail(value: string): boolean {
  // Compiled on first use: an Ajv instance at import would be paid by every function module's cold start.
  matchesEmailSchema ??= addFormats(new Ajv({ strict: true })).compile(email);
  return matchesEmailSchema(value);
}
