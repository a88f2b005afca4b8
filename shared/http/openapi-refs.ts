import { componentNames } from './openapi-components';
import type { Schema } from '../domain/vocabulary/validation';

/**
 * Turns the ajv schemas of the route table into document schemas: every named object (see openapi-components.ts)
 * becomes a `$ref` to its component, and the components actually referenced are collected, each written out once
 * with its own references in turn. The ajv objects themselves are never changed.
 */
export class SchemaReferences {
  private readonly names = componentNames();
  private readonly used = new Map<string, Schema>();
  private readonly pending: [string, Schema][] = [];

  /** The schema as the document spells it: a `$ref` when it is named, otherwise a copy with its parts referenced. */
  toDocument(schema: Schema): Schema {
    const name = this.names.get(schema);
    if (name) return { $ref: this.refer(name, schema) };
    return this.copy(schema);
  }

  /** `#/components/schemas/<name>` for a schema that must be named (the error envelope). */
  refer(name: string, schema: Schema): string {
    if (!this.used.has(name)) {
      this.used.set(name, schema);
      this.pending.push([name, schema]);
    }
    return `#/components/schemas/${name}`;
  }

  /** Every referenced component, written out (sorted by name, so the document is stable). */
  components(): Record<string, Schema> {
    const written: Record<string, Schema> = {};
    while (this.pending.length > 0) {
      const [name, schema] = this.pending.shift()!;
      written[name] = this.copy(schema);
    }
    return Object.fromEntries(Object.entries(written).sort(([a], [b]) => a.localeCompare(b)));
  }

  private copy(schema: Schema): Schema {
    const out: Schema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
        out[key] = Object.fromEntries(
          Object.entries(value as Record<string, Schema>).map(([name, child]) => [name, this.toDocument(child)]),
        );
      } else if (['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'].includes(key)) {
        out[key] = isSchema(value) ? this.toDocument(value) : value;
      } else if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key)) {
        out[key] = (value as Schema[]).map((child) => this.toDocument(child));
      } else {
        out[key] = value;
      }
    }
    return out;
  }
}

const isSchema = (value: unknown): value is Schema => !!value && typeof value === 'object' && !Array.isArray(value);
