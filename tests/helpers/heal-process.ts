import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { config } from '../../shared/config';
import { store } from '../../shared/store/client';

const run = promisify(execFile);
// `npm run heal` rebuilds dist/ first: two test files doing it at once (jest runs files in parallel) would write
// over each other's build, so the runs take turns through a lock directory (mkdir is atomic).
const LOCK = join(tmpdir(), `heal-process-${Buffer.from(process.cwd()).toString('hex').slice(-32)}.lock`);

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() - started > 170_000) rmSync(LOCK, { recursive: true, force: true }); // a crashed holder
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * `npm run heal` as an operator runs it: a separate process, built from the sources, pointed with COSMOS_ENDPOINT
 * at the test host's embedded server (the same Cosmos protocol and SDK as a real account). Returns its report.
 */
export function runHealProcess(): Promise<any> {
  return runScriptProcess('heal').then((r) => r.report);
}

/**
 * `npm run <script>` (heal, check-invariants) the same way; returns its JSON report and exit code (the checker
 * exits 1 when it finds violations, which is an answer, not a failure).
 */
export function runScriptProcess(script: string): Promise<{ report: any; exitCode: number }> {
  return withLock(async () => {
    const done = await run('npm', ['run', '--silent', script], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        COSMOS_ENDPOINT: store().endpoint,
        COSMOS_KEY: 'embedded-store-key',
        COSMOS_DATABASE: config().cosmosDatabase,
        JWT_SECRET: 'heal-process-test-secret-of-at-least-32-bytes',
        // The embedded server's certificate is self-signed; a real account's is not.
        NODE_TLS_REJECT_UNAUTHORIZED: '0',
        TELEMETRY_STDOUT: 'false',
      },
      timeout: 120_000,
    }).then(
      (r) => ({ stdout: r.stdout, exitCode: 0 }),
      (error: { stdout?: string; code?: unknown }) => {
        if (typeof error.code !== 'number' || !error.stdout) throw error;
        return { stdout: error.stdout, exitCode: error.code };
      },
    );
    return { report: JSON.parse(done.stdout.slice(done.stdout.indexOf('{'))), exitCode: done.exitCode };
  });
}
