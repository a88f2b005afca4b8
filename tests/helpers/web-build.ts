import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { withDistLock } from './dist-lock';

/** The repository root and the web client's build output. */
export const ROOT = join(__dirname, '..', '..');
export const WEB_DIST = join(ROOT, 'web', 'dist');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds web/dist unless a build newer than every client source exists (`npm test` builds first, so this is
 * a no-op there; it keeps `npx jest tests/browser` honest after an edit). Under the dist lock: one build at a time.
 */
export async function ensureWebBuild(): Promise<void> {
  await withDistLock(async () => {
    const index = join(WEB_DIST, 'index.html');
    const sources = Math.max(
      newestSource(join(ROOT, 'web', 'src')),
      statSync(join(ROOT, 'web', 'index.html')).mtimeMs,
      statSync(join(ROOT, 'web', 'vite.config.ts')).mtimeMs,
    );
    if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', 'web', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
        // Not jest's environment: its NODE_ENV=test would bundle React's development build.
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' },
      },
    );
  });
}
