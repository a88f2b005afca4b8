import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { badRequest, type ValidationDetail } from '../../errors';
import { addPlainTextKeyword, withPlainText } from './plain-text';

// Loaded on first use, not at import: ajv (and its formats) is most of a function module's import time, which a
// cold instance pays before its first answer (docs/performance.md "Cold start").
/* eslint-disable @typescript-eslint/no-require-imports */
const loadAjv = () => (require('ajv') as typeof import('ajv')).default;
const loadFormats = () => (require('ajv-formats') as typeof import('ajv-formats')).default;
/* eslint-enable @typescript-eslint/no-require-imports */

/** JSON Schema as accepted by ajv; kept loose so schemas can be plain object literals. */
export type Schema = Record<string, unknown>;

// Each Ajv instance is built on first use, not at import: building one (its meta-schema, the formats) costs tens of
// milliseconds, paid by every function module's cold start otherwise.
let bodyAjv: Ajv | undefined;
let queryAjv: Ajv | undefined;

// Bodies are validated exactly as sent: no coercion, unknown fields refused by each schema.
const newBodyAjv = () =>
  addPlainTextKeyword(
    loadFormats()(
      new (loadAjv())({
        allErrors: true,
        strict: true,
        // `anyOf: [{ required: [...] }]` ("one of these fields") names properties defined one level up.
        strictRequired: false,
        coerceTypes: false,
        useDefaults: true,
        multipleOfPrecision: 6,
      }),
    ),
  );
// Query strings are text by nature, so numbers and booleans are coerced there only.
const newQueryAjv = () =>
  addPlainTextKeyword(
    loadFormats()(
      new (loadAjv())({ allErrors: true, strict: true, strictRequired: false, coerceTypes: true, useDefaults: true }),
    ),
  );

const compiled = new WeakMap<Schema, ValidateFunction>();

function compile(ajv: Ajv, schema: Schema): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    // Every free-text string of the schema gets the plain-text rule (plain-text.ts) on the way in.
    fn = ajv.compile(withPlainText(schema));
    compiled.set(schema, fn);
  }
  return fn;
}

export function toDetails(errors: ErrorObject[] | null | undefined): ValidationDetail[] {
  return (errors ?? []).map((e) => {
    let path = e.instancePath || '/';
    if (e.keyword === 'additionalProperties') path = `${e.instancePath}/${String(e.params.additionalProperty)}`;
    if (e.keyword === 'required') path = `${e.instancePath}/${String(e.params.missingProperty)}`;
    return { path, message: e.message ?? 'is invalid' };
  });
}

export function validateBody<T>(schema: Schema, value: unknown): T {
  const fn = compile((bodyAjv ??= newBodyAjv()), schema);
  if (!fn(value)) throw badRequest('Request body is invalid', toDetails(fn.errors));
  return value as T;
}

export function validateQuery<T>(schema: Schema, value: Record<string, string>): T {
  const copy: Record<string, unknown> = { ...value };
  const fn = compile((queryAjv ??= newQueryAjv()), schema);
  if (!fn(copy)) throw badRequest('Query parameters are invalid', toDetails(fn.errors));
  return copy as T;
}
