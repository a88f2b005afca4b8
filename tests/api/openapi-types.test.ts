import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The committed openapi.json is what the web client's types are generated from (openapi-typescript): they must
 * compile under strict TypeScript and name the resources (docs/api.md "The contract").
 */
const root = join(__dirname, '..', '..');

it('generates TypeScript types with openapi-typescript that compile and use the named resources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-types-'));
  const cli = join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
  execFileSync(process.execPath, [cli, join(root, 'openapi.json'), '-o', join(dir, 'api.d.ts')], { stdio: 'pipe' });
  writeFileSync(
    join(dir, 'use.ts'),
    [
      "import type { components, paths } from './api';",
      "type Order = components['schemas']['TicketOrder'];",
      "export const status: Order['status'] = 'pending';",
      "type CreateOrder = paths['/api/orders']['post']['requestBody']['content']['application/json'];",
      "export const body: CreateOrder = { eventId: 'e1', tickets: [{ ticketTypeId: 't1', quantity: 2 }] };",
      "type Delegation = components['schemas']['Event']['salesDelegations'][number];",
      "export const partner: Delegation['partnerOrganizationName'] = 'St. Cecilia Choir';",
      "type Created = paths['/api/registrations']['post']['responses'][201]['content']['application/json'];",
      'export const seller = (answer: Created) => answer.data.seller.name;',
      '',
    ].join('\n'),
  );
  const tsc = require.resolve('typescript/bin/tsc');
  const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'commonjs', join(dir, 'use.ts')];
  expect(() => execFileSync(process.execPath, [tsc, ...args], { stdio: 'pipe' })).not.toThrow();
}, 180_000);
