import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withDistLock } from '../helpers/dist-lock';
import {
  buildDist,
  envelopeOf,
  startInteractiveWorker,
  type Answer,
  type InteractiveWorker,
} from './support/worker-process';

/**
 * `func start` from a fresh clone, as far as this machine can run it (no Core Tools here): `npm run store` as a
 * process of its own, the compiled app loaded the way the Node.js worker loads it (package.json `main`, the
 * `@azure/functions` registrations; tests/azure/support/worker-stand-in.js), with the Values of
 * local.settings.json.example as its whole environment, invoked through real `@azure/functions` HttpRequest objects.
 * Only the store's port differs from the example: the test takes a free one, as 8081 may be in use on this machine.
 * NODE_TLS_REJECT_UNAUTHORIZED is removed from the worker's environment: the store's self-signed certificate must be
 * trusted by the store client's own agent (shared/store/client.ts), not by the process-wide switch.
 */
jest.setTimeout(400_000);

const example = JSON.parse(readFileSync('local.settings.json.example', 'utf8')) as { Values: Record<string, string> };
const ADMIN = example.Values.SUPER_ADMIN_EMAILS.split(',')[0];
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

let store: ChildProcess;
let worker: InteractiveWorker;
let outbox: string;
const answers: Record<string, Answer> = {};
let timerError: unknown;

function startStoreProcess(): Promise<{ child: ChildProcess; endpoint: string }> {
  const child = spawn('node', [join('dist', 'scripts', 'store.js')], {
    env: { ...process.env, STORE_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const line = text.split('\n').find((l) => l.includes('store.listening'));
      if (line) resolve({ child, endpoint: (JSON.parse(line) as { endpoint: string }).endpoint });
    });
    child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`npm run store exited with ${code}: ${text}`)));
  });
}

const lastLoginCode = () => {
  const lines = readFileSync(outbox, 'utf8').trim().split('\n');
  const mail = JSON.parse(lines[lines.length - 1]) as { to: string; text: string };
  return { to: mail.to, code: /\b\d{6}\b/.exec(mail.text)![0] };
};

beforeAll(async () => {
  outbox = join(mkdtempSync(join(tmpdir(), 'core-tools-')), 'outbox.jsonl');
  await withDistLock(async () => {
    await buildDist();
    const started = await startStoreProcess();
    store = started.child;
    const port = new URL(started.endpoint).port;
    expect(example.Values.COSMOS_ENDPOINT).toBe('https://localhost:8081/');
    worker = await startInteractiveWorker({
      ...example.Values,
      COSMOS_ENDPOINT: `https://localhost:${port}/`,
      OUTBOX_FILE: outbox,
    });
    const json = { 'content-type': 'application/json' };
    const step = (name: string, invocation: Parameters<InteractiveWorker['invoke']>[0]) =>
      worker.invoke(invocation).then((answer) => (answers[name] = answer));

    await step('health', {
      function: 'health',
      method: 'GET',
      path: 'health',
      invocationId: 'invocation-health',
      traceParent: `00-${TRACE_ID}-00f067aa0ba902b7-01`,
    });
    await step('magicLink', {
      function: 'auth-magic-link',
      method: 'POST',
      path: 'auth/magic-link',
      headers: json,
      body: JSON.stringify({ email: ADMIN }),
    });
    const login = lastLoginCode();
    await step('verifyCode', {
      function: 'auth-verify-code',
      method: 'POST',
      path: 'auth/verify-code',
      headers: json,
      body: JSON.stringify({ email: ADMIN, code: login.code }),
    });
    const token = (envelopeOf(answers.verifyCode).data as { token: string }).token;
    const bearer = { ...json, authorization: `Bearer ${token}` };
    await step('createOrganization', {
      function: 'organizations-create',
      method: 'POST',
      path: 'organizations',
      headers: bearer,
      body: JSON.stringify({ name: 'Core Tools Choir' }),
    });
    const id = (envelopeOf(answers.createOrganization).data as { id: string }).id;
    await step('getOrganization', {
      function: 'organizations-get',
      method: 'GET',
      path: `organizations/${id}`,
      headers: bearer,
      params: { id },
    });
    await worker.invoke({ timer: 'heal-timer' }).catch((error: unknown) => (timerError = error));
  });
});

afterAll(async () => {
  await worker?.stop();
  if (store && store.exitCode === null) {
    const exited = new Promise((resolve) => store.once('exit', resolve));
    store.kill('SIGTERM');
    await exited;
  }
  rmSync(join(outbox, '..'), { recursive: true, force: true });
});

describe('func start with local.settings.json.example as copied (worker stand-in, npm run store)', () => {
  it('answers health 200 from the store process, not 503', () => {
    expect(answers.health.status).toBe(200);
    expect(envelopeOf(answers.health)).toMatchObject({ success: true, data: { status: 'ok', store: 'cosmos' } });
  });

  it('logs in through the local outbox: magic-link 200 with one mail, verify-code 200 with a token', () => {
    expect(answers.magicLink.status).toBe(200);
    expect(lastLoginCode().to).toBe(ADMIN);
    expect(answers.verifyCode.status).toBe(200);
    expect(envelopeOf(answers.verifyCode).data).toMatchObject({ token: expect.any(String) });
  });

  it('serves organization routes to the super admin of SUPER_ADMIN_EMAILS', () => {
    expect(answers.createOrganization.status).toBe(201);
    expect(answers.getOrganization.status).toBe(200);
    expect(envelopeOf(answers.getOrganization).data).toMatchObject({ name: 'Core Tools Choir' });
  });

  it('says once that mail goes to the outbox, and never refuses for configuration', () => {
    const output = worker.output();
    expect(output.split('\n').filter((line) => line.includes('email.local-outbox'))).toHaveLength(1);
    expect(output).not.toContain('config.refused');
    for (const answer of Object.values(answers)) expect(answer.status).not.toBe(503);
  });

  it('registers the heal timer every 5 minutes, and its pass runs against the store process', () => {
    const timer = worker.summary.registrations.find((r) => r.name === 'heal-timer');
    expect(Object.values(timer?.bindings ?? {})).toContainEqual(
      expect.objectContaining({ type: 'timerTrigger', schedule: '0 */5 * * * *' }),
    );
    expect(timerError).toBeUndefined();
    expect(worker.output()).toContain('heal.completed');
  });

  it('loads nothing local-only under the host (the store is a process of its own)', () => {
    expect(worker.summary.localOnlyLoaded).toEqual([]);
  });
});

describe('the request log under the host', () => {
  const lines = () =>
    worker
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{"kind":"request"'))
      .map((line) => JSON.parse(line) as Record<string, any>);

  it('writes one line per request with route, status, duration, store calls, charge, ids', () => {
    expect(lines().map((l) => [l.route, l.status])).toEqual([
      ['health', 200],
      ['auth-magic-link', 200],
      ['auth-verify-code', 200],
      ['organizations-create', 201],
      ['organizations-get', 200],
    ]);
    for (const line of lines()) {
      expect(line).toMatchObject({
        durationMs: expect.any(Number),
        storeOps: expect.any(Number),
        storeRu: expect.any(Number),
        correlationId: expect.any(String),
        invocationId: expect.any(String),
      });
    }
    const [health, , , created, read] = lines();
    expect(health).toMatchObject({ invocationId: 'invocation-health', operationId: TRACE_ID, storeOps: 1 });
    expect(created.userId).toEqual(expect.any(String));
    expect(read.userId).toBe(created.userId);
    expect(read.template).toBe('organizations/{id}');
  });

  it('never carries the token, the login code, the e-mail address or the JWT secret', () => {
    const token = (envelopeOf(answers.verifyCode).data as { token: string }).token;
    const text = JSON.stringify(lines());
    for (const secret of [token, lastLoginCode().code, ADMIN, example.Values.JWT_SECRET]) {
      expect(text).not.toContain(secret);
    }
  });
});
