import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { withDistLock } from './dist-lock';
import { config } from '../../shared/config';
import { store } from '../../shared/store/client';

const run = promisify(execFile);

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
  return withDistLock(async () => {
    const done = await run('npm', ['run', '--silent', script], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        COSMOS_ENDPOINT: store().endpoint,
        COSMOS_KEY: 'embedded-store-key',
        COSMOS_DATABASE: config().cosmosDatabase,
        JWT_SECRET: 'heal-process-test-secret-of-at-least-32-bytes',
        // The embedded server's certificate is self-signed: the store client trusts it for a local endpoint only.
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
