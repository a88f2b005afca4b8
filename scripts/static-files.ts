import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * The local host's second job: serve the built web client (web/dist) at `/`, same origin as /api, so no CORS is
 * needed locally. Paths outside /api that name no file get index.html (the client's router takes them: /login,
 * /auth/verify, /join/{code}). On Azure the client is a Static Web App instead; this module is local only.
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

/**
 * Files the browser must ask for again every time (the progressive web app, docs/decisions/web-client-offline.md):
 * the service worker and its registration, so a new version is found on the next load, and the manifest.
 */
const NEVER_CACHED = new Set(['sw.js', 'registerSW.js', 'manifest.webmanifest']);

// The login link carries a token in its query: no page of the client may leak its address in a Referer.
const PAGE_HEADERS = {
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
};

/** web/dist of this checkout (from scripts/ under ts-jest or dist/scripts/ when built), if it was built. */
export function webDistDirectory(): string | undefined {
  if (process.env.WEB_DIST === 'off') return undefined;
  if (process.env.WEB_DIST) return resolve(process.env.WEB_DIST);
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  const dist = join(dir, 'web', 'dist');
  return existsSync(join(dist, 'index.html')) ? dist : undefined;
}

/** True when this request is the client's to answer (GET or HEAD outside /api). */
export function isClientRequest(method: string | undefined, pathname: string): boolean {
  const path = pathname.toLowerCase();
  return (method === 'GET' || method === 'HEAD') && path !== '/api' && !path.startsWith('/api/');
}

/**
 * Text files go out compressed (brotli, else gzip) as a Static Web App sends them: the first bundle is a third of
 * its size on the wire, which is most of a phone's first load on a slow connection. Compressed once per file
 * version and kept in memory (web/dist is a few hundred kilobytes).
 */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg)/;
const compressed = new Map<string, Buffer>();

function encodingFor(req: IncomingMessage): 'br' | 'gzip' | undefined {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

function compressedFile(path: string, mtimeMs: number, encoding: 'br' | 'gzip'): Buffer {
  const id = `${encoding}:${path}:${mtimeMs}`;
  let body = compressed.get(id);
  if (!body) {
    const raw = readFileSync(path);
    body =
      encoding === 'br'
        ? brotliCompressSync(raw, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
          })
        : gzipSync(raw, { level: 9 });
    compressed.set(id, body);
  }
  return body;
}

export function serveClientFile(root: string, req: IncomingMessage, res: ServerResponse, pathname: string) {
  let file: string | undefined;
  try {
    const candidate = normalize(join(root, decodeURIComponent(pathname)));
    if (candidate.startsWith(root + sep) && statSync(candidate, { throwIfNoEntry: false })?.isFile()) file = candidate;
  } catch {
    file = undefined; // a malformed escape: fall through to the app shell
  }
  // A missing asset (a stale hashed file name) is a 404, not the HTML shell parsed as script.
  if (!file && pathname.startsWith('/assets/')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    return res.end('Not found');
  }
  const target = file ?? join(root, 'index.html');
  const type = TYPES[extname(target)] ?? 'application/octet-stream';
  const hashed = target.includes(`${sep}assets${sep}`);
  const neverCached = NEVER_CACHED.has(target.slice(root.length + 1));
  const stat = statSync(target);
  const encoding = COMPRESSIBLE.test(type) && stat.size > 1024 ? encodingFor(req) : undefined;
  const body = encoding ? compressedFile(target, stat.mtimeMs, encoding) : undefined;
  res.writeHead(200, {
    'content-type': type,
    'content-length': String(body ? body.length : stat.size),
    ...(encoding ? { 'content-encoding': encoding } : {}),
    vary: 'accept-encoding',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : neverCached ? 'no-store' : 'no-cache',
    // The service worker may control the whole origin from the root.
    ...(neverCached && target.endsWith('.js') ? { 'service-worker-allowed': '/' } : {}),
    ...(type.startsWith('text/html') ? PAGE_HEADERS : { 'x-content-type-options': 'nosniff' }),
  });
  if (req.method === 'HEAD') return res.end();
  if (body) return res.end(body);
  createReadStream(target).pipe(res);
}
