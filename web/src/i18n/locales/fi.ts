import { mergeCatalogParts } from '../merge-catalog';

/** The fi catalog: every file of ./fi/ (one per area of the client), bundled into this language's one chunk. */
export default mergeCatalogParts(
  import.meta.glob<Record<string, unknown>>('./fi/*.json', { eager: true, import: 'default' }),
);
