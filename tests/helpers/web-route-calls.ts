import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Which web client files call each route of the committed contract: a typed call `http.METHOD('/api/…'` (the
 * path may stand on the next line), a write through the outbox `write('method', '/api/…'` (web/src/offline/write.ts,
 * every create and sale-changing call), or, for an export, the path handed to `downloadExport` (always a GET).
 * Used by tests/web/route-table.test.ts to hold docs/decisions/web-client-back-office.md ("Every route") to the code.
 */
export const ROOT = join(__dirname, '..', '..');
const WEB_SRC = join(ROOT, 'web', 'src');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface Route {
  method: string;
  path: string;
}

export function contractRoutes(): Route[] {
  const openapi = JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(openapi.paths).flatMap(([path, operations]) =>
    METHODS.filter((m) => m in operations).map((m) => ({ method: m.toUpperCase(), path })),
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `METHOD path` → the files under web/src (relative to it) that call it. */
export function webCalls(): Map<string, string[]> {
  const files = sources(WEB_SRC).map((file) => ({ file: relative(WEB_SRC, file), text: readFileSync(file, 'utf8') }));
  const calls = new Map<string, string[]>();
  for (const { method, path } of contractRoutes()) {
    const typed = new RegExp(`\\b${method}\\(\\s*'${escape(path)}'`);
    const outbox = new RegExp(`\\bwrite\\(\\s*'${method.toLowerCase()}',\\s*'${escape(path)}'`);
    const download = new RegExp(`downloadExport\\(\\s*'${escape(path)}'|^\\s*'${escape(path)}',`, 'm');
    const callers = files
      .filter(({ file, text }) => {
        if (typed.test(text) || outbox.test(text)) return true;
        // download.ts only lists the paths it accepts; the pages hand them over.
        return (
          method === 'GET' && !file.endsWith('download.ts') && text.includes('downloadExport') && download.test(text)
        );
      })
      .map(({ file }) => file);
    calls.set(`${method} ${path}`, callers);
  }
  return calls;
}
