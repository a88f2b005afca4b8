import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run dev`: the TypeScript compiler in watch mode and the local host under `node --watch`, so a saved file is
 * rebuilt and the host restarted (its SIGTERM handler runs, so LOCAL_DATA_FILE is written before the restart); and
 * the web client's Vite dev server on http://localhost:5173 with hot reload, proxying /api to the host (same origin
 * for the browser, so no CORS; login links use APP_BASE_URL, whose default is that address).
 */
const root = join(__dirname, '..', '..');
const hostEntry = join(root, 'dist', 'scripts', 'local-host.js');
const children: ChildProcess[] = [];

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (code !== null && code !== 0) stop(code);
  });
  return child;
}

function stop(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}

const tsc = require.resolve('typescript/bin/tsc');
start(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput']);
// `npm run dev` built once before this script ran, so the entry exists; node --watch follows every file it loads.
if (!existsSync(hostEntry)) throw new Error(`${hostEntry} is missing: run npm run build first`);
// Login links open the dev server's verify page (the host would otherwise point them at its own built client).
start(process.execPath, ['--watch', hostEntry], { APP_BASE_URL: process.env.APP_BASE_URL ?? 'http://localhost:5173' });
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
start(process.execPath, [vite, 'web'], {
  API_TARGET: `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 7071}`,
});

process.once('SIGINT', () => stop());
process.once('SIGTERM', () => stop());
