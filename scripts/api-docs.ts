import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { OutgoingResponse } from '../shared/http/pipeline';

/**
 * GET /api/docs on the local host only: an interactive reference (Swagger UI) of the committed openapi.json, its
 * scripts and styles served from node_modules (swagger-ui-dist, a devDependency: nothing comes from a CDN and
 * nothing of it is deployed). See docs/api.md.
 */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Ticket Sales Service API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/swagger-ui-standalone-preset.js"></script>
    <script>
      window.ui = SwaggerUIBundle({
        url: '/api/docs/openapi.json',
        dom_id: '#swagger-ui',
        deepLinking: true,
        presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
        layout: 'StandaloneLayout',
      });
    </script>
  </body>
</html>
`;

/** The answer for a path under /api/docs, or undefined for any other path (the route table answers those). */
export function answerApiDocs(pathname: string): OutgoingResponse | undefined {
  const match = /^\/api\/docs(?:\/(.*))?$/i.exec(pathname.replace(/\/+$/, ''));
  if (!match) return undefined;
  const file = match[1] ?? '';
  if (file === '' || file === 'index.html') return ok('text/html; charset=utf-8', PAGE);
  if (file === 'openapi.json') {
    const committed = join(repositoryRoot(), 'openapi.json');
    if (!existsSync(committed)) return missing('openapi.json is not there: run npm run openapi');
    return ok('application/json; charset=utf-8', readFileSync(committed));
  }
  const type = ASSETS[file];
  if (!type) return missing('No such file');
  let directory: string;
  try {
    directory = dirname(require.resolve('swagger-ui-dist/package.json'));
  } catch {
    return missing('swagger-ui-dist is not installed (a devDependency): run npm install');
  }
  return ok(type, readFileSync(join(directory, file)));
}

const ok = (type: string, body: string | Buffer): OutgoingResponse => ({
  status: 200,
  headers: { 'content-type': type, 'cache-control': 'no-cache' },
  body,
});

const missing = (message: string): OutgoingResponse => ({
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: message,
});

/** The folder holding package.json, from the sources (tests) or from dist/ (npm start). */
function repositoryRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  return process.cwd();
}
