import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { mergeCatalogParts } from './src/i18n/merge-catalog';

/**
 * Each language's catalog as one JSON file (`assets/<language>-<hash>.json`), which the client fetches and parses,
 * rather than a script chunk: a script of 55 KB is compiled before it runs, and on this machine that compilation was
 * a task of 12-48 ms right after the first paint, where JSON.parse of the same words takes well under one
 * (docs/decisions/web-client.md, "The first screen"). The parts (src/i18n/locales/<language>/*.json, one per area of the
 * client) are merged as before (`mergeCatalogParts`). `virtual:catalog-urls` names each language's file: the built
 * asset's address, or in the dev server an address this plugin answers with the parts merged afresh.
 */
const VIRTUAL = 'virtual:catalog-urls';
const RESOLVED = `\0${VIRTUAL}`;
const DEV_PREFIX = '/@catalogs/';

export function catalogAssets(localesDir: string): Plugin {
  let build = false;
  // One folder per language: en, de and fi, as i18n/language.ts's LANGUAGES (tests/web/catalogs.test.ts holds the
  // folders to that list).
  const languages = readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const partsOf = (language: string) =>
    readdirSync(join(localesDir, language))
      .filter((file) => file.endsWith('.json'))
      .map((file) => join(localesDir, language, file));
  const catalogOf = (language: string) =>
    JSON.stringify(
      mergeCatalogParts(
        Object.fromEntries(partsOf(language).map((path) => [path, JSON.parse(readFileSync(path, 'utf8'))])),
      ),
    );
  return {
    name: 'catalog-assets',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const entries = languages.map((language) => {
        if (!build) return `${JSON.stringify(language)}: ${JSON.stringify(`${DEV_PREFIX}${language}.json`)}`;
        for (const part of partsOf(language)) this.addWatchFile(part);
        const ref = this.emitFile({ type: 'asset', name: `${language}.json`, source: catalogOf(language) });
        return `${JSON.stringify(language)}: import.meta.ROLLUP_FILE_URL_${ref}`;
      });
      return `export default { ${entries.join(', ')} };`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const language = request.url?.startsWith(DEV_PREFIX)
          ? request.url.slice(DEV_PREFIX.length).replace(/\.json$/, '')
          : undefined;
        if (!language || !languages.includes(language)) return next();
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.end(catalogOf(language));
      });
    },
  };
}
