import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web client sends an Idempotency-Key only where the contract says the route honours one
 * (web/src/offline/keyed-routes.ts), and no page calls a keyed route around the outbox, which would send it
 * without its key (docs/decisions/web-client-offline.md).
 */
const ROOT = join(__dirname, '..', '..');
const openapi = JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { parameters?: { name?: string; $ref?: string }[] }>>;
  components?: { parameters?: Record<string, { name: string }> };
};

function keyedInContract(): string[] {
  const named = (p: { name?: string; $ref?: string }) =>
    p.name ?? openapi.components?.parameters?.[p.$ref?.split('/').pop() ?? '']?.name;
  const routes: string[] = [];
  for (const [path, operations] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if ((operation.parameters ?? []).some((p) => named(p)?.toLowerCase() === 'idempotency-key')) {
        routes.push(`${method.toUpperCase()} ${path}`);
      }
    }
  }
  return routes.sort();
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('web client idempotency keys', () => {
  it('sends a key on exactly the routes the contract declares it on', () => {
    const file = readFileSync(join(ROOT, 'web', 'src', 'offline', 'keyed-routes.ts'), 'utf8');
    const block = file.slice(file.indexOf('KEYED_ROUTES'), file.indexOf(']);'));
    const listed = [...block.matchAll(/'((?:POST|PUT|PATCH|DELETE) \/api\/[^']*)'/g)].map((m) => m[1]).sort();
    expect(keyedInContract().length).toBeGreaterThan(10);
    expect(listed).toEqual(keyedInContract());
  });

  it('sends every write to a keyed route through the outbox', () => {
    const keyed = new Set(keyedInContract());
    const bypassing: string[] = [];
    for (const path of sources(join(ROOT, 'web', 'src', 'pages')).concat(sources(join(ROOT, 'web', 'src', 'app')))) {
      const text = readFileSync(path, 'utf8');
      for (const call of text.matchAll(/http\.(POST|PUT|PATCH|DELETE)\(\s*'([^']+)'/g)) {
        if (keyed.has(`${call[1]} ${call[2]}`)) bypassing.push(`${path.slice(ROOT.length + 1)}: ${call[1]} ${call[2]}`);
      }
    }
    expect(bypassing).toEqual([]);
  });
});
