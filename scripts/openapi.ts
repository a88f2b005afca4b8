import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadFunctions } from '../shared/http/load-functions';
import { buildOpenApiDocument } from '../shared/http/openapi';
import { writeApiGuideErrors } from './api-guide';

/**
 * `npm run openapi`: writes the contract the routes publish to openapi.json at the repository root (committed, so
 * every contract change shows in review; a test fails when the served document differs) and regenerates the
 * errors table of docs/api.md from the error catalogue (scripts/api-guide.ts).
 */
async function main() {
  const root = process.cwd();
  loadFunctions();
  writeFileSync(join(root, 'openapi.json'), `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
  await writeApiGuideErrors(join(root, 'docs', 'api.md'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
