import type { Schema } from '../domain/vocabulary/validation';

/**
 * Wire conventions every response follows (docs/api.md, "Times" and "E-mail addresses"), written into the
 * response schemas once, at registration, so the published contract and the schema the tests hold every answer
 * to are the same objects: a field named `…At` (and a showtime's `dateTime`) is an ISO 8601 date-time, an event's
 * `date` is a date or a date-time, a field named `email` or `…Email` is an e-mail address.
 */
const DATE_TIME_NAMES = /^(?:\w+At|dateTime|showtimeDateTime|effectiveFrom|commitmentDeadline)$/;
const DATE_NAMES = /^(?:date|eventDate)$/;
const EMAIL_NAMES = /^(?:email|\w+Email)$/;

const conventional = new WeakSet<Schema>();

/** Adds the formats the field names imply to `schema` and everything below it; safe to call again. */
export function applyWireConventions(schema: Schema | undefined): void {
  if (!schema || typeof schema !== 'object' || conventional.has(schema)) return;
  conventional.add(schema);
  const properties = schema.properties as Record<string, Schema> | undefined;
  for (const [name, property] of Object.entries(properties ?? {})) {
    const refined = withFormat(name, property);
    if (refined !== property) properties![name] = refined;
    applyWireConventions(refined);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else']) {
    const child = schema[key];
    if (child && typeof child === 'object' && !Array.isArray(child)) applyWireConventions(child as Schema);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    for (const child of (schema[key] as Schema[] | undefined) ?? []) applyWireConventions(child);
  }
}

const isString = (schema: Schema) =>
  schema.type === 'string' || (Array.isArray(schema.type) && (schema.type as string[]).includes('string'));

/** A copy with the format the name implies, or the same object when it has one or is not a plain string. */
function withFormat(name: string, schema: Schema): Schema {
  if (!isString(schema) || schema.format || schema.anyOf || schema.enum || schema.const !== undefined) return schema;
  if (DATE_TIME_NAMES.test(name)) return { ...schema, format: 'date-time' };
  if (EMAIL_NAMES.test(name)) return { ...schema, format: 'email' };
  if (DATE_NAMES.test(name))
    return {
      ...schema,
      anyOf: [
        { type: 'string', format: 'date-time' },
        { type: 'string', format: 'date' },
      ],
    };
  return schema;
}
