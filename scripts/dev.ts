import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run dev`: the TypeScript compiler in watch mode and the local host under `node --watch`, so a saved file is
 * rebuilt and the host restarted (its SIGTERM handler runs, so LOCAL_DATA_FILE is written before the restart). No
 * extra dependency: both watchers ship with TypeScript and Node.
 */
const root = join(__dirname, '..', '..');
const hostEntry = join(root, 'dist', 'scripts', 'local-host.js');
const children: ChildProcess[] = [];

function start(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
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
start(process.execPath, ['--watch', hostEntry]);

process.once('SIGINT', () => stop());
process.once('SIGTERM', () => stop());
