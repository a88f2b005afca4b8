import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild, ROOT, WEB_DIST } from '../helpers/web-build';

/**
 * The web client's build: its first load stays small, and its API types match the committed openapi.json.
 * Issue 33 allows 250 KB of gzipped JavaScript on the first load; the build is held to 82 KB, the measured 75 KB
 * (the entry and the application chunk, 55 KB with Preact's React compat layer, the client's own router, i18next and
 * TanStack Query, plus the largest catalog, 18 KB) with about 9 % margin, so a page that slips into the first bundle,
 * react-dom back in place of Preact (+60 KB) or react-router back (+30 KB) fails here (docs/decisions/web-client.md,
 * "The first screen").
 */
const ISSUE_LIMIT = 250 * 1024;
const INITIAL_JS_LIMIT = 82 * 1024;
const entryScripts = (html: string) =>
  [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
const gzipped = (file: string) => gzipSync(readFileSync(join(WEB_DIST, file))).length;
type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
const manifest = (): Manifest => JSON.parse(readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8'));
/** The application chunk (boot.tsx and what it imports), which the entry imports once the first frame is painted. */
const applicationChunk = () => {
  const chunks = manifest();
  const boot = Object.keys(chunks).filter((name) => /^_boot-.*\.js$/.test(name));
  expect(boot).toHaveLength(1);
  return chunks[boot[0]!]!.file;
};

/** The libraries the application uses (the renderer, i18next, TanStack Query, …), a chunk of their own. */
const librariesChunk = () => {
  const chunks = manifest();
  const libraries = Object.keys(chunks).filter((name) => /^_libraries-.*\.js$/.test(name));
  expect(libraries).toHaveLength(1);
  return chunks[libraries[0]!]!.file;
};

describe('web client build', () => {
  beforeAll(() => ensureWebBuild(), 120_000);

  it('loads under 82 KB of gzipped JavaScript on first visit (entry, the application chunk and one catalog)', () => {
    const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    const scripts = [...entryScripts(html), applicationChunk(), librariesChunk()];
    const entry = scripts.reduce((sum, src) => sum + gzipped(src), 0);
    // The active language's catalog (a JSON file, catalog-assets.ts) comes on the first load too: the largest counts.
    const catalogs = readdirSync(join(WEB_DIST, 'assets')).filter((f) => /^(en|de|fi)-.*\.json$/.test(f));
    expect(catalogs).toHaveLength(3);
    const catalog = Math.max(...catalogs.map((f) => gzipped(join('assets', f))));
    const total = entry + catalog;
    console.log(
      `web client first load: ${(total / 1024).toFixed(1)} KB gzipped (${scripts.length} script file(s) ` +
        `${(entry / 1024).toFixed(1)} KB, catalog ${(catalog / 1024).toFixed(1)} KB)`,
    );
    expect(total).toBeLessThan(INITIAL_JS_LIMIT);
    expect(INITIAL_JS_LIMIT).toBeLessThan(ISSUE_LIMIT);
  });

  it('paints before the application is fetched: the page names only a small entry, which imports the application', () => {
    const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    const scripts = entryScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    // The entry and its own chunk: a few KB, and the application chunk is not among what the page names.
    expect(scripts.reduce((sum, src) => sum + gzipped(src), 0)).toBeLessThan(4 * 1024);
    expect(scripts).not.toContain(applicationChunk());
    // The application is two chunks (vite.config.ts, applicationChunk): its own code, which imports only the entry's
    // chunk and the libraries' chunk, which the entry evaluates first.
    const application = manifest()['_' + applicationChunk().replace(/^assets\//, '')]!;
    expect((application.imports ?? []).sort()).toEqual([
      expect.stringMatching(/^_index-/),
      expect.stringMatching(/^_libraries-/),
    ]);
  });

  it('asks for the application with the page, at low priority: a prefetch of its chunks, no modulepreload', () => {
    const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    const prefetched = [...html.matchAll(/<link rel="prefetch" href="\/([^"]+)"/g)].map((m) => m[1]!);
    // No stylesheet of its own (nor the member's orders page): its styles come with the page's (ui/styles.css), so
    // importing it never waits for one more file.
    const chunks = manifest();
    const boot = chunks['_' + applicationChunk().replace(/^assets\//, '')]! as { css?: string[] };
    expect(boot.css ?? []).toEqual([]);
    expect((chunks['src/pages/member/OrdersPage.tsx'] as { css?: string[] }).css ?? []).toEqual([]);
    expect(prefetched.sort()).toEqual([applicationChunk(), librariesChunk()].sort());
    // A modulepreload is fetched at high priority and would hold up the first paint on a slow link.
    expect(entryScripts(html)).not.toContain(applicationChunk());
    expect(entryScripts(html)).not.toContain(librariesChunk());
  });

  it("carries no language's catalog in any script: each is a JSON file of its own, fetched for the active language", () => {
    const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    const entry = entryScripts(html)
      .map((src) => readFileSync(join(WEB_DIST, src), 'utf8'))
      .join('\n');
    // One sentence of each catalog, as the bundler writes it into a chunk.
    const samples = { en: 'Send me a login code', de: 'Anmeldecode zusenden', fi: 'Lähetä minulle kirjautumiskoodi' };
    const assets = readdirSync(join(WEB_DIST, 'assets')).filter((f) => /\.(js|json)$/.test(f));
    for (const [language, sample] of Object.entries(samples)) {
      expect(entry.includes(sample)).toBe(false);
      const holders = assets.filter((f) => readFileSync(join(WEB_DIST, 'assets', f), 'utf8').includes(sample));
      expect(holders).toEqual([expect.stringMatching(new RegExp(`^${language}-.*\\.json$`))]);
      // A whole catalog, as the client reads it (JSON, every area's keys), and the service worker keeps it offline.
      const catalog = JSON.parse(readFileSync(join(WEB_DIST, 'assets', holders[0]!), 'utf8'));
      expect(Object.keys(catalog)).toEqual(expect.arrayContaining(['common', 'nav']));
      expect(readFileSync(join(WEB_DIST, 'sw.js'), 'utf8')).toContain(`assets/${holders[0]}`);
    }
  });

  it('web/src/api/schema.d.ts is what `npm run web:types` makes of openapi.json', () => {
    const out = join(tmpdir(), `schema-${process.pid}.d.ts`);
    try {
      // The same arguments as the `web:types` script, with the output sent elsewhere.
      const script: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts['web:types'];
      const args = script.split(/\s+/).slice(1);
      args.splice(args.indexOf('-o'), 2, '-o', out);
      const cli = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      execFileSync(process.execPath, [cli, ...args], { cwd: ROOT, stdio: 'pipe' });
      const committed = readFileSync(join(ROOT, 'web', 'src', 'api', 'schema.d.ts'), 'utf8');
      expect(readFileSync(out, 'utf8') === committed).toBe(true); // run `npm run web:types` when this fails
    } finally {
      rmSync(out, { force: true });
    }
  });
});
