import { mergeCatalogParts } from '../merge-catalog';

/** The en catalog: every file of ./en/ (one per area of the client), bundled into this language's one chunk. */
export default mergeCatalogParts(
  import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' }),
);
