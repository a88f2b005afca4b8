import { email } from './schema-parts';

// Loaded on first use, not at import: ajv (and its formats) is most of a function module's import time, which a
// cold instance pays before its first answer (docs/performance.md "Cold start").
/* eslint-disable @typescript-eslint/no-require-imports */
const loadAjv = () => (require('ajv') as typeof import('ajv')).default;
const loadFormats = () => (require('ajv-formats') as typeof import('ajv-formats')).default;
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * The one e-mail rule. JSON bodies check `email` through their schema; CSV imports call this, which compiles
 * the very same schema with the same format set, so a line is refused exactly when the JSON route would be.
 */
let matchesEmailSchema: ((value: unknown) => boolean) | undefined;

export function isValidEmail(value: string): boolean {
  // Compiled on first use: an Ajv instance at import would be paid by every function module's cold start.
  matchesEmailSchema ??= loadFormats()(new (loadAjv())({ strict: true })).compile(email);
  return matchesEmailSchema(value);
}
