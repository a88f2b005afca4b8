import { createHash } from 'node:crypto';
import type { Schema } from '../domain/vocabulary/validation';

/**
 * One example per request body and per success answer, made from the schema itself and the field names the API
 * uses (an `eventName` reads as an event's name, a `…At` as a time, money as a decimal amount), so every example
 * fits its schema by construction; a test validates each one with ajv (tests/api/openapi-contract.test.ts).
 */
const TIME = '2026-11-25T18:30:00.000Z';
const DATE = '2027-05-01';

/** Texts a reader recognizes, by field name (exact, then by suffix). */
const TEXT: [RegExp, string][] = [
  [/^(eventName|name)$/, 'Spring Concert'],
  [/(organization|owner|partner)\w*Name$/i, 'St. Cecilia Choir'],
  [/ticketTypeName$/, 'Adult'],
  [/Name$/, 'Mia Member'],
  [/^(location|venue)$/, 'Town Hall'],
  [/^label$/, 'Evening'],
  [/^(note|adminNote|externalNote)$/, 'Paid in cash at the rehearsal'],
  [/[rR]eason$/, 'Booked twice by mistake'],
  [/^description$/, 'Our spring programme: Haydn and Fauré'],
  [/^title$/, 'Your order was approved'],
  [/^message$/, 'Mia Member approved your order of 2 tickets'],
  [/^(token|sessionToken)$/, 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl'],
  [/^code$/, '482913'],
  [/^currency$/, 'EUR'],
  [/^timeZone$/, 'Europe/Berlin'],
  [/^iban$/, 'DE89370400440532013000'],
  [/^bic$/, 'DEUTDEFF'],
  [/^accountHolder$/, 'St. Cecilia Choir'],
  [/^address$/, 'Kirchplatz 1, 10115 Berlin'],
  [/^(source|channel)$/, 'boxoffice'],
  [/^version$/, '0.1.0'],
  [/^continuationToken$/, 'W3sidG9rZW4iOiIrUklEOn4xMjMifV0='],
];

/** Amounts and counts, by field name. */
const NUMBER: [RegExp, number][] = [
  [/(price|Price|unitPrice)$/, 25],
  [/([fF]ee|[fF]ees)$/, 1.5],
  [/([aA]mount|[tT]otal|[rR]evenue|grandTotal)$/, 51.5],
  [/([cC]apacity)$/, 120],
  [/(sortOrder)$/, 1],
  [/([qQ]uantity|[qQ]uantities|[sS]old|[cC]ount|[rR]emaining|[rR]eserved)$/, 2],
];

export function exampleOf(schema: Schema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined && !isObjectSchema(schema)) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches && !schema.type) return exampleOf(branches[0], name);
  const type = typeOf(schema);
  if (type === 'object') return objectExample(schema);
  if (type === 'array') return arrayExample(schema, name);
  if (type === 'string') return stringExample(schema, name);
  if (type === 'integer' || type === 'number') return numberExample(schema, name, type);
  if (type === 'boolean') return !/^(deleted|archived|salesLocked|read)$/.test(name);
  if (type === 'null') return null;
  return {};
}

const isObjectSchema = (schema: Schema) => typeOf(schema) === 'object';

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return (schema.type as string[]).find((type) => type !== 'null');
  if (typeof schema.type === 'string') return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function objectExample(schema: Schema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) out[name] = exampleOf(property, name);
  // A map (keys are ids): one entry.
  const values = schema.additionalProperties;
  if (Object.keys(out).length === 0 && values && typeof values === 'object') {
    out[idFor('showtimeId')] = exampleOf(values as Schema, 'capacity');
  }
  return out;
}

/**
 * A request body's example: every field, or only the required ones where the schema limits which fields go
 * together (one of several, at least one, not both).
 */
export function bodyExample(schema: Schema): unknown {
  const full = exampleOf(schema);
  const constrained = ['anyOf', 'oneOf', 'not', 'maxProperties', 'dependentRequired'].some((key) => key in schema);
  return constrained ? requiredOnly(schema, full) : full;
}

/** The same object with only the fields its schema requires (for bodies that allow one field of several). */
function requiredOnly(schema: Schema, example: unknown): unknown {
  if (!example || typeof example !== 'object' || Array.isArray(example)) return example;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  // "One of these fields": the first choice's fields go in too.
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  for (const name of (choices?.[0]?.required as string[] | undefined) ?? []) required.add(name);
  const kept = Object.entries(example).filter(([name]) => required.has(name));
  if (kept.length === 0 && Number(schema.minProperties ?? 0) > 0) kept.push(Object.entries(example)[0]);
  return Object.fromEntries(kept);
}

function arrayExample(schema: Schema, name: string): unknown[] {
  const items = schema.items as Schema | undefined;
  if (!items || schema.maxItems === 0) return [];
  return [exampleOf(items, name.replace(/s$/, ''))];
}

function stringExample(schema: Schema, name: string): string {
  // A schema that names its own example (a patterned value: a ticket serial, a scan nonce) is taken at its word.
  if (Array.isArray(schema.examples) && typeof schema.examples[0] === 'string') return schema.examples[0];
  const format = (schema.format ?? (schema.anyOf as Schema[] | undefined)?.[0]?.format) as string | undefined;
  if (format === 'date-time') return TIME;
  if (format === 'date') return DATE;
  if (format === 'email') return /buyer/i.test(name) ? 'bea.buyer@example.org' : 'mia.member@example.org';
  if (format === 'uri') return 'https://tickets.example.org/join/3f2b8c1e';
  if (format === 'uuid' || /(^id|Id)$/.test(name)) return idFor(name);
  const text = TEXT.find(([pattern]) => pattern.test(name))?.[1] ?? 'Text';
  const max = Number(schema.maxLength ?? Infinity);
  const min = Number(schema.minLength ?? 0);
  const fitted = text.slice(0, max);
  return fitted.length >= min ? fitted : fitted.padEnd(min, 'x');
}

/** A stable id for the field, shaped like the UUIDs most records carry. */
function idFor(name: string): string {
  const hex = createHash('sha256')
    .update(name || 'id')
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function numberExample(schema: Schema, name: string, type: string): number {
  let value = NUMBER.find(([pattern]) => pattern.test(name))?.[1] ?? 1;
  if (type === 'integer') value = Math.round(value);
  const min = schema.minimum as number | undefined;
  const max = schema.maximum as number | undefined;
  if (min !== undefined && value < min) value = min;
  if (max !== undefined && value > max) value = max;
  return value;
}
