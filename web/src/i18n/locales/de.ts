import { mergeCatalogParts } from '../merge-catalog';

/** The de catalog: every file of ./de/ (one per area of the client), bundled into this language's one chunk. */
export default mergeCatalogParts(
  import.meta.glob<Record<string, unknown>>('./de/*.json', { eager: true, import: 'default' }),
);
