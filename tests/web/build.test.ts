import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild, ROOT, WEB_DIST } from '../helpers/web-build';

/** The web client's build: its first load stays small, and its API types match the committed openapi.json. */
const INITIAL_JS_LIMIT = 250 * 1024;

describe('web client build', () => {
  beforeAll(() => ensureWebBuild(), 120_000);

  it('loads under 250 KB of gzipped JavaScript on first visit (entry script and its preloads)', () => {
    const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map(
      (m) => m[1],
    );
    expect(scripts.length).toBeGreaterThan(0);
    const gzipped = scripts.reduce((sum, src) => sum + gzipSync(readFileSync(join(WEB_DIST, src))).length, 0);
    console.log(`web client initial JS: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${scripts.length} file(s)`);
    expect(gzipped).toBeLessThan(INITIAL_JS_LIMIT);
  });

  it("carries no language's catalog in the entry: each is a chunk of its own, loaded for the active language", () => {
    const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    const entry = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)]
      .map((m) => readFileSync(join(WEB_DIST, m[1]), 'utf8'))
      .join('\n');
    // One sentence of each catalog, as the bundler writes it into a chunk.
    const samples = { en: 'Send me a login code', de: 'Anmeldecode zusenden', fi: 'Lähetä minulle kirjautumiskoodi' };
    const assets = readdirSync(join(WEB_DIST, 'assets')).filter((f) => f.endsWith('.js'));
    for (const [language, sample] of Object.entries(samples)) {
      expect(entry.includes(sample)).toBe(false);
      const holders = assets.filter((f) => readFileSync(join(WEB_DIST, 'assets', f), 'utf8').includes(sample));
      expect(holders).toEqual([expect.stringMatching(new RegExp(`^${language}-`))]);
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
