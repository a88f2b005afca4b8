import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { email } from '../../http/schema-parts';

/**
 * The one e-mail rule. JSON bodies check `email` through their schema; CSV imports call this, which compiles
 * the very same schema with the same format set, so a line is refused exactly when the JSON route would be.
 */
const ajv = new Ajv({ strict: true });
addFormats(ajv);
const matchesEmailSchema = ajv.compile(email);

export function isValidEmail(value: string): boolean {
  return matchesEmailSchema(value);
}
