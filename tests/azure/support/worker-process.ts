import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { withDistLock } from '../../helpers/dist-lock';

const run = promisify(execFile);
const REPORT_MARK = '@@stand-in-report ';

export interface Invocation {
  function: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  body?: string;
}

export interface Answer {
  function: string;
  missing?: boolean;
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

export interface WorkerReport {
  programmingModel?: { name: string; version: string };
  registrations: { name: string; bindings: Record<string, Record<string, any>> }[];
  localOnlyLoaded: string[];
  answers: Answer[];
  /** Everything the process wrote (telemetry lines, the refusal line). */
  output: string;
}

/** Settings of a fully configured deployment (placeholders: nothing here is contacted but the store). */
export const CONFIGURED: Record<string, string> = {
  COSMOS_DATABASE: 'tickets',
  JWT_SECRET: 'worker-test-secret-of-at-least-32-bytes-long',
  ACS_CONNECTION_STRING: 'endpoint=https://acs.example.net/;accesskey=d29ya2VyLXRlc3QtYWNjZXNzLWtleQ==',
  EMAIL_SENDER: 'DoNotReply@example.net',
  CORS_ORIGINS: 'https://tickets.example.org',
};

let built = false;

/** Builds dist/ once per test file, then runs the compiled app in the worker stand-in with `env` as app settings. */
export function runInWorker(env: Record<string, string>, invocations: Invocation[] = []): Promise<WorkerReport> {
  return withDistLock(async () => {
    if (!built) {
      await run('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: process.cwd(), timeout: 240_000 });
      built = true;
    }
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) => !/^(COSMOS_|JWT_|ACS_|EMAIL_|CORS_|FUNCTIONS_|LOCAL_DATA|STORE_)/.test(key),
      ),
    );
    const { stdout, stderr } = await run('node', [join('tests', 'azure', 'support', 'worker-stand-in.js')], {
      cwd: process.cwd(),
      env: { ...clean, ...env, STAND_IN_SCENARIO: JSON.stringify({ invocations }) },
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = stdout.slice(stdout.lastIndexOf(REPORT_MARK) + REPORT_MARK.length);
    return { ...(JSON.parse(line) as Omit<WorkerReport, 'output'>), output: `${stdout}\n${stderr}` };
  });
}

export const envelopeOf = (answer: Answer) => JSON.parse(answer.body) as Record<string, unknown>;
