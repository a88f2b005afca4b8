import fc from 'fast-check';
import type { Schema } from '../../shared/domain/vocabulary/validation';

/**
 * fast-check arbitraries from the ajv schemas routes declare, for the keywords our schemas use: type (one or a
 * list), properties, required, additionalProperties, enum, const, minimum/maximum, multipleOf, minLength/maxLength,
 * pattern (a fixed sample per pattern, checked against it), format, items, minItems/maxItems, uniqueItems, anyOf /
 * oneOf (one branch, merged with the base), minProperties. `hints` gives real values by property name (an
 * `eventId` field gets the seeded event's id half of the time) so generated bodies reach past "not found".
 */
export type Hints = Record<string, unknown[]>;

const FORMAT_SAMPLES: Record<string, string[]> = {
  'date-time': ['2027-05-01T18:00:00.000Z', '2026-01-01T00:00:00Z'],
  date: ['2027-05-01', '2026-12-31'],
  email: ['fuzz@example.org'],
  uri: ['https://example.org/x'],
  uuid: ['6f1c2a52-1f0b-4c3e-9d7a-2a0e7b0c1d2e'],
};

/** Strings that satisfy each pattern our schemas use (found by trying candidates, so a new pattern still works). */
const PATTERN_CANDIDATES = [
  'abc',
  'ABC',
  'A-0042',
  'abc-123',
  'a1',
  '123',
  'externalA',
  'externalB',
  'EUR',
  'NO',
  '2027-05-01',
  '18:00',
  '#ff0000',
  'ab12cd',
  '+4712345678',
  'https://example.org',
  'kv://vault/secret',
  'a',
];

function patternSample(pattern: string, minLength = 0, maxLength = Infinity): string {
  const re = new RegExp(pattern, 'u');
  // the words a pattern spells out (`^(pending|approved)...$`) are candidates too
  const own = pattern.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
  const fits = [...PATTERN_CANDIDATES, '123456', ...own].filter(
    (c) => re.test(c) && c.length >= minLength && c.length <= maxLength,
  );
  if (fits.length === 0) throw new Error(`schema-arbitrary: no sample string for pattern ${pattern}; add one`);
  return fits[0];
}

const typesOf = (schema: Schema): string[] => {
  const t = schema.type;
  if (Array.isArray(t)) return t as string[];
  if (typeof t === 'string') return [t];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  if (schema.enum || schema.const !== undefined) return [];
  return ['string'];
};

export function arbitraryOf(schema: Schema, hints: Hints = {}, name = ''): fc.Arbitrary<unknown> {
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches && branches.length > 0) {
    const { anyOf: _a, oneOf: _o, ...base } = schema;
    return fc.oneof(...branches.map((b) => arbitraryOf(mergeBranch(base, b), hints, name)));
  }
  const real = hints[name];
  const own = arbitraryOfType(schema, hints);
  return real && real.length > 0 ? fc.oneof(fc.constantFrom(...real), own) : own;
}

function mergeBranch(base: Schema, branch: Schema): Schema {
  const merged: Schema = { ...base, ...branch };
  if (base.properties || branch.properties)
    merged.properties = { ...(base.properties as object), ...(branch.properties as object) };
  if (base.required || branch.required)
    merged.required = [...new Set([...((base.required as string[]) ?? []), ...((branch.required as string[]) ?? [])])];
  if (!branch.type && base.type) merged.type = base.type;
  return merged;
}

function arbitraryOfType(schema: Schema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = typesOf(schema);
  return fc.oneof(...types.map((t) => arbitraryOfOneType(schema, t, hints)));
}

function arbitraryOfOneType(schema: Schema, type: string, hints: Hints): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = (schema.minimum as number | undefined) ?? -1000;
      const max = (schema.maximum as number | undefined) ?? Math.max(min, 0) + 1000;
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, min + 1_000_000)) });
    }
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? -1000;
      const max = (schema.maximum as number | undefined) ?? Math.max(min, 0) + 1000;
      const step = (schema.multipleOf as number | undefined) ?? 0.01;
      const lo = Math.ceil(min / step);
      const hi = Math.floor(Math.min(max, min + 10_000) / step);
      return fc.integer({ min: lo, max: hi }).map((n) => Math.round(n * step * 100) / 100);
    }
    case 'string': {
      const minLength = (schema.minLength as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxLength as number | undefined) ?? 64, 64);
      if (typeof schema.format === 'string' && FORMAT_SAMPLES[schema.format])
        return fc.constantFrom(...FORMAT_SAMPLES[schema.format]);
      if (typeof schema.pattern === 'string') {
        const sample = patternSample(schema.pattern, minLength, (schema.maxLength as number | undefined) ?? Infinity);
        return fc.constant(sample);
      }
      return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'array': {
      const items = (schema.items as Schema | undefined) ?? {};
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? 3, 3));
      const item = arbitraryOf(items, hints);
      return schema.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength, maxLength });
    }
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) record[key] = arbitraryOf(sub, hints, key);
      const optional = Object.keys(props).filter((k) => !required.has(k));
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in props) }).map((value) => {
        // minProperties: keep at least that many keys (optional ones were dropped at random)
        const min = (schema.minProperties as number | undefined) ?? 0;
        const v = value as Record<string, unknown>;
        for (const key of optional)
          if (Object.keys(v).length < min && !(key in v)) v[key] = fc.sample(record[key], 1)[0];
        return v;
      });
    }
    default:
      return fc.constant(null);
  }
}

/** One schema-valid value, deterministic for a seed (the base that hostile variants mutate). */
export function sampleOf(schema: Schema, hints: Hints = {}, seed = 1): unknown {
  return fc.sample(arbitraryOf(schema, hints), { seed, numRuns: 1 })[0];
}

// --- Hostile values -------------------------------------------------------------------------------------------

const KB100 = 'x'.repeat(100 * 1024);
export const HOSTILE_STRINGS: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['lone high surrogate', 'a\uD800b'],
  ['lone low surrogate', '\uDC00'],
  ['bidi override', 'abc\u202Egnp.exe'],
  ['100 KB string', KB100],
  ['empty', ''],
];
export const HOSTILE_NUMBERS: [string, number][] = [
  ['-1', -1],
  ['0.5', 0.5],
  ['1e308', 1e308],
  ['-0', -0],
  ['2^53+1', 2 ** 53 + 1],
];
export const WRONG_TYPES: [string, unknown][] = [
  ['null', null],
  ['string', 'text'],
  ['number', 7],
  ['boolean', true],
  ['array', []],
  ['object', {}],
];

export function deepNesting(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export interface BodyCase {
  name: string;
  /** The hostile class (the name without the field), so a run can make sure every class was sent. */
  kind: string;
  /** Raw JSON text (so `__proto__` and nesting survive serialization). */
  raw: string;
  contentType?: string;
}

/**
 * Hostile bodies derived from a schema and one valid sample: every property missing / null / of a wrong type /
 * holding each hostile string or number, unknown fields, `__proto__` and `constructor` keys, a 100k-item array in
 * every array field, nesting depth 5,000, a 100 KB unknown field, malformed JSON, a BOM, other content types.
 */
export function hostileBodies(schema: Schema, sample: Record<string, unknown>): BodyCase[] {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const json = (v: unknown) => JSON.stringify(v);
  const cases: BodyCase[] = [];
  const withValue = (key: string, value: unknown) => ({ ...sample, [key]: value });
  for (const [key, sub] of Object.entries(props)) {
    if (required.has(key)) {
      const { [key]: _dropped, ...rest } = sample;
      cases.push({ name: `${key} missing`, kind: 'missing', raw: json(rest) });
    }
    const types = typesOf(sub);
    for (const [what, value] of WRONG_TYPES) {
      const t = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
      const allowed =
        types.includes(t) ||
        (t === 'number' && types.includes('integer')) ||
        (sub.enum !== undefined && t !== 'object');
      if (!allowed) cases.push({ name: `${key} as ${what}`, kind: `as ${what}`, raw: json(withValue(key, value)) });
    }
    if (types.includes('string'))
      for (const [what, s] of HOSTILE_STRINGS)
        cases.push({ name: `${key} ${what}`, kind: what, raw: json(withValue(key, s)) });
    if (types.includes('number') || types.includes('integer'))
      for (const [what, n] of HOSTILE_NUMBERS)
        cases.push({
          name: `${key} ${what}`,
          kind: what,
          // JSON.stringify writes -0 as 0: the literal is put in by hand
          raw: json(withValue(key, Object.is(n, -0) ? '__NEG0__' : n)).replace('"__NEG0__"', '-0'),
        });
    if (types.includes('array')) {
      const item = (sample[key] as unknown[] | undefined)?.[0] ?? 1;
      cases.push({
        name: `${key} 100k items`,
        kind: '100k items',
        raw: json(
          withValue(
            key,
            Array.from({ length: 100_000 }, () => item),
          ),
        ),
      });
    }
  }
  const base = json(sample);
  const inject = (fragment: string) => (base === '{}' ? `{${fragment}}` : `{${fragment},${base.slice(1)}`);
  cases.push(
    { name: 'unknown field', kind: 'unknown field', raw: json({ ...sample, unknownField: 'u' }) },
    { name: '__proto__ key', kind: '__proto__ key', raw: inject('"__proto__":{"isSuperAdmin":true,"role":"admin"}') },
    {
      name: 'constructor key',
      kind: 'constructor key',
      raw: inject('"constructor":{"prototype":{"isSuperAdmin":true}}'),
    },
    { name: 'depth 5000', kind: 'depth 5000', raw: inject(`"nested":${deepNesting(5000)}`) },
    { name: '100 KB unknown field', kind: '100 KB unknown field', raw: json({ ...sample, padding: KB100 }) },
    { name: 'null body', kind: 'null body', raw: 'null' },
    { name: 'array body', kind: 'array body', raw: '[]' },
    { name: 'string body', kind: 'string body', raw: '"text"' },
    { name: 'malformed JSON', kind: 'malformed JSON', raw: '{"a":' },
    { name: 'BOM', kind: 'BOM', raw: `\uFEFF${base}` },
    { name: 'text/plain', kind: 'text/plain', raw: base, contentType: 'text/plain' },
    { name: 'form', kind: 'form', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { name: 'xml', kind: 'xml', raw: '<a>1</a>', contentType: 'application/xml' },
  );
  return cases;
}

/** Malformed paging values for a query schema that declares them. */
export function hostileQueries(schema: Schema | undefined): [string, Record<string, string>][] {
  const props = (schema?.properties ?? {}) as Record<string, Schema>;
  const out: [string, Record<string, string>][] = [];
  if (props.limit)
    for (const v of ['-1', '0', '0.5', 'abc', '1e308', String(2 ** 53 + 1), '', '10;DROP'])
      out.push([`limit=${v}`, { limit: v }]);
  if (props.continuationToken)
    for (const v of ['@@@', 'x'.repeat(5000), Buffer.from('{"x":1}').toString('base64'), '%00', 'null', '\uD800'])
      out.push([`continuationToken=${v.slice(0, 12)}`, { continuationToken: v }]);
  out.push(['unknown query field', { unknownParam: 'x' }]);
  return out;
}

/** Path ids a document id cannot hold or that try to leave their segment (sent raw, already encoded). */
export const HOSTILE_PATH_IDS: [string, string][] = [
  ['%2F', 'a%2Fb'],
  ['%3F', 'a%3Fb'],
  ['%23', 'a%23b'],
  ['..', '..'],
  ['%2E%2E', '%2E%2E'],
  ['2 KB', 'x'.repeat(2048)],
  ['%00', 'a%00b'],
];
