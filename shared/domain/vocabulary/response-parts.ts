import { object } from './schema-parts';
import type { Schema } from './validation';

/** Fragments for response schemas: what the mappers send, checked by the test harness on every 2xx answer. */
export const text: Schema = { type: 'string' };
export const integer: Schema = { type: 'integer' };
export const bool: Schema = { type: 'boolean' };
export const timestamp: Schema = { type: 'string', format: 'date-time' };

/** String properties by name (response shapes list many optional texts). */
export const strings = (...groups: string[][]) => Object.fromEntries(groups.flat().map((name) => [name, text]));

/** One page of a list: `continuationToken` is absent on the last page. */
export const pageOf = (item: Schema): Schema =>
  object({ items: { type: 'array', items: item }, continuationToken: text }, ['items']);

/** CSV import outcome: counts, and each refused line with why (the line is skipped, the rest applied). */
export const importResult: Schema = object(
  {
    created: integer,
    updated: integer,
    skipped: integer,
    errors: { type: 'array', items: object({ line: integer, message: text }, ['line', 'message']) },
  },
  ['created', 'updated', 'skipped', 'errors'],
);
