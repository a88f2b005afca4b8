// Stages the production package of the function app in a directory, for the Azure Developer CLI (azure.yaml:
// service `api`, `dist: .deploy`, run by its prepackage hook after `npm run build`). The same contents as the
// workflow's zip (infra/package.sh): host.json, package.json, package-lock.json, dist/functions, dist/shared and
// production node_modules, installed from the lock file; no sources, tests, local tools or the embedded store.
// Usage: node infra/stage.mjs .deploy
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const target = process.argv[2];
const fail = (message) => {
  process.stderr.write(`stage: ${message}\n`);
  process.exit(1);
};
if (!target) fail('usage: node infra/stage.mjs <directory>');
const out = resolve(root, target);
if (out === root || !out.startsWith(`${root}`)) fail('the directory must be inside the repository, not its root');

for (const required of ['host.json', 'package.json', 'package-lock.json', 'dist/functions', 'dist/shared']) {
  if (!existsSync(join(root, required))) fail(`${required} is missing (npm run build first)`);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'dist'), { recursive: true });
for (const file of ['host.json', 'package.json', 'package-lock.json']) cpSync(join(root, file), join(out, file));
for (const folder of ['functions', 'shared'])
  cpSync(join(root, 'dist', folder), join(out, 'dist', folder), { recursive: true });

// Production dependencies only, exactly as locked; no install scripts run for the package.
execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], {
  cwd: out,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
if (existsSync(join(out, 'node_modules', '@vercel', 'cosmosdb-server'))) fail('the embedded store was installed');
if (!existsSync(join(out, 'node_modules', '@azure', 'functions'))) fail('@azure/functions is missing');
process.stdout.write(`stage: ${target} ready\n`);
