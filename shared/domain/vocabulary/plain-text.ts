import type Ajv from 'ajv';
import type { Schema } from './validation';

/**
 * One rule for every free-text field of every request (issue 22): no C0 or C1 control character and no unpaired
 * surrogate, which would flow on into CSV, Excel, e-mails and logs. Multi-line text (descriptions, notes, reasons,
 * messages) may hold line breaks and tabs; every other text may not. Applied by validation.ts to every string schema
 * that is not an enum or a constant, so each route inherits it without naming it (bodies and queries); a refusal
 * is the usual 400 VALIDATION_ERROR naming the field.
 */
export const PLAIN_TEXT_KEYWORD = 'x-plain-text';
type TextKind = 'line' | 'block';

// eslint-disable-next-line no-control-regex -- the control characters are what this rule looks for
const LINE_REFUSED = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, with tab, line feed and carriage return allowed
const BLOCK_REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Field names whose text may span lines: descriptions, notes, reasons, messages (any casing, any prefix). */
const MULTI_LINE_FIELD = /(description|note|notes|reason|message)$/i;

export function isPlainText(value: string, kind: TextKind): boolean {
  return !(kind === 'line' ? LINE_REFUSED : BLOCK_REFUSED).test(value) && !LONE_SURROGATE.test(value);
}

export function addPlainTextKeyword(ajv: Ajv): Ajv {
  ajv.addKeyword({
    keyword: PLAIN_TEXT_KEYWORD,
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate: function plainText(kind: TextKind, data: string) {
      if (isPlainText(data, kind)) return true;
      const allowed = kind === 'block' ? ' (line breaks and tabs aside)' : '';
      (plainText as unknown as { errors: object[] }).errors = [
        {
          keyword: PLAIN_TEXT_KEYWORD,
          params: { kind },
          message: `must not contain control characters${allowed} or unpaired surrogates`,
        },
      ];
      return false;
    },
  });
  return ajv;
}

const withText = new WeakMap<Schema, Schema>();

/** The schema with the plain-text keyword on every free-text string (a copy, made once per schema object). */
export function withPlainText(schema: Schema): Schema {
  let done = withText.get(schema);
  if (!done) {
    done = mark(schema, 'line');
    withText.set(schema, done);
  }
  return done;
}

function mark(schema: Schema, kind: TextKind): Schema {
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = { ...schema };
  // Patterns and formats are held to it too: a pattern like `\S` (not blank) says nothing about control characters.
  const constrained = 'enum' in schema || 'const' in schema;
  if (isStringType(schema.type) && !constrained) out[PLAIN_TEXT_KEYWORD] = kind;
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (properties) {
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([name, s]) => [name, mark(s, MULTI_LINE_FIELD.test(name) ? 'block' : 'line')]),
    );
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else'] as const) {
    const sub = schema[key];
    if (sub && typeof sub === 'object' && !Array.isArray(sub)) out[key] = mark(sub as Schema, kind);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) out[key] = list.map((s: Schema) => mark(s, kind));
  }
  return out;
}

const isStringType = (type: unknown) => type === 'string' || (Array.isArray(type) && type.includes('string'));
