import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run setup:local`: writes local.settings.json (git-ignored) from local.settings.json.example with a fresh
 * 32-byte JWT secret, so the published example secret is never used, and a fresh Ed25519 ticket signing key (its codes
 * then keep verifying across restarts; docs/decisions/tickets.md, "Keys and rotation"). Refuses to overwrite an existing file unless
 * `--force`.
 */
export function writeLocalSettings(root: string, force: boolean): 'written' | 'exists' {
  const target = join(root, 'local.settings.json');
  if (existsSync(target) && !force) return 'exists';
  const settings = JSON.parse(readFileSync(join(root, 'local.settings.json.example'), 'utf8')) as {
    Values: Record<string, string>;
  };
  settings.Values.JWT_SECRET = randomBytes(32).toString('hex');
  const { privateKey } = generateKeyPairSync('ed25519');
  settings.Values.TICKET_SIGNING_KEY = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  settings.Values.TICKET_SIGNING_KEY_ID = 'local1';
  writeFileSync(target, `${JSON.stringify(settings, null, 2)}\n`, { encoding: 'utf8', mode: 0o600 });
  return 'written';
}

if (require.main === module) {
  const outcome = writeLocalSettings(join(__dirname, '..', '..'), process.argv.includes('--force'));
  if (outcome === 'exists') {
    console.error('local.settings.json exists; left untouched (npm run setup:local -- --force replaces it)');
    process.exit(1);
  }
  console.log(
    'wrote local.settings.json with a fresh JWT_SECRET and TICKET_SIGNING_KEY; next: npm run store, npm run azurite, func start',
  );
}
