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
  // A test-only Ed25519 key (PKCS#8, base64 DER): on Azure the host refuses to start without one.
  TICKET_SIGNING_KEY: 'MC4CAQAwBQYDK2VwBCIEINZIsR6BfsBwTWPIWvyY5UpDVwMMlSMFCzySH/03mJuL',
  ACS_CONNECTION_STRING: 'endpoint=https://acs.example.net/;accesskey=d29ya2VyLXRlc3QtYWNjZXNzLWtleQ==',
  EMAIL_SENDER: 'DoNotReply@example.net',
  CORS_ORIGINS: 'https://tickets.example.org',
};

let built = false;

/** Builds dist/ once per test file, then runs the compiled app in the worker stand-in with `env` as app settings. */
export function runInWorker(env: Record<string, string>, invocations: Invocation[] = []): Promise<WorkerReport> {
  return withDistLock(async () => {
    await buildDist();
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) =>
          !/^(COSMOS_|JWT_|ACS_|EMAIL_|CORS_|FUNCTIONS_|LOCAL_DATA|STORE_|NODE_TLS_|AZURE_FUNCTIONS_|WEBSITE_)/.test(
            key,
          ),
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

/** A step of the interactive stand-in: an HTTP invocation, or `{ timer }` to run a timer's handler once. */
export type Step = (Invocation & { invocationId?: string; traceParent?: string }) | { timer: string };

export interface InteractiveWorker {
  summary: Omit<WorkerReport, 'answers' | 'output'>;
  invoke(step: Step): Promise<Answer>;
  /** Everything the worker wrote so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Builds dist/ (once per file), then loads the compiled app in the stand-in and answers steps one at a time. */
export async function buildDist(): Promise<void> {
  if (built) return;
  await run('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: process.cwd(), timeout: 240_000 });
  built = true;
}

/** Starts the interactive stand-in with `env` as the whole app-setting environment (call inside withDistLock). */
export async function startInteractiveWorker(env: Record<string, string>): Promise<InteractiveWorker> {
  const { fork } = await import('node:child_process');
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        !/^(COSMOS_|JWT_|ACS_|EMAIL_|CORS_|FUNCTIONS_|LOCAL_DATA|STORE_|NODE_TLS_|TELEMETRY_|OUTBOX_|AZURE_FUNCTIONS_|WEBSITE_)/.test(
          key,
        ),
    ),
  );
  const child = fork(join('tests', 'azure', 'support', 'worker-stand-in.js'), [], {
    cwd: process.cwd(),
    env: { ...clean, ...env, STAND_IN_SCENARIO: 'ipc' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  child.on('message', (message: { id: number; result?: any; error?: string }) => {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.result);
  });
  child.once('exit', (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`stand-in exited with ${code}: ${output}`));
    pending.clear();
  });
  const summary = await new Promise<InteractiveWorker['summary']>((resolve, reject) =>
    pending.set(0, { resolve, reject }),
  );
  let nextId = 1;
  return {
    summary,
    output: () => output,
    invoke: (step) =>
      new Promise<Answer>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        child.send({ id, step });
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}
