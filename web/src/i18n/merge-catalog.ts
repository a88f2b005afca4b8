/**
 * A language's catalog is kept in one file per area of the client (locales/<language>/<area>.json) so that work on
 * different areas never edits the same file; each area owns its top-level keys, which tests/web/catalogs.test.ts
 * holds distinct. At run time they form one catalog (one chunk per language).
 */
export function mergeCatalogParts(parts: Record<string, Record<string, unknown>>): Record<string, unknown> {
  return Object.assign(
    {},
    ...Object.keys(parts)
      .sort()
      .map((path) => parts[path]),
  );
}
