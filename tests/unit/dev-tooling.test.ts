import { createPrivateKey } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLocalSettings } from '../../scripts/setup-local';

/**
 * The local Core Tools loop is configuration nobody runs in CI (no Core Tools, no VS Code here): these checks hold
 * its pieces together. Every task a launch configuration or task names exists, every npm script a task runs exists,
 * the background tasks end on a line the tools really print, and local.settings.json.example points at them.
 */
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const tasks = json('.vscode/tasks.json').tasks as Record<string, any>[];
const launch = json('.vscode/launch.json').configurations as Record<string, any>[];
const scripts = json('package.json').scripts as Record<string, string>;
const values = json('local.settings.json.example').Values as Record<string, string>;
const labels = new Set(tasks.map((t) => t.label));

describe('.vscode', () => {
  it('names only tasks that exist', () => {
    const named = [...launch.map((c) => c.preLaunchTask), ...tasks.flatMap((t) => t.dependsOn ?? [])].filter(Boolean);
    expect(named.filter((label) => !labels.has(label))).toEqual([]);
  });

  it('runs only npm scripts that exist', () => {
    const used = tasks.flatMap((t) => /^npm run (\S+)/.exec(t.command ?? '')?.[1] ?? []);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((name) => !(name in scripts))).toEqual([]);
  });

  it('attaches to the worker on the port func: host start opens, as the Azure Functions templates do', () => {
    const attach = launch.find((c) => c.request === 'attach');
    const host = tasks.find((t) => t.label === 'func: host start');
    expect(attach).toMatchObject({ type: 'node', port: 9229, preLaunchTask: 'func: host start' });
    expect(host).toMatchObject({ type: 'func', command: 'host start', problemMatcher: '$func-node-watch' });
    expect(host!.options.env.languageWorkers__node__arguments).toBe('--inspect=9229');
    // the store and Azurite are up before the host, the build watched
    expect(host!.dependsOn).toEqual(expect.arrayContaining([...labels].filter((l) => /store|Azurite|watch/.test(l))));
  });

  it('ends the background tasks on the lines the store and Azurite print', () => {
    const ends = (label: RegExp) =>
      new RegExp(tasks.find((t) => label.test(t.label))!.problemMatcher.background.endsPattern);
    expect(ends(/^store/).test('{"kind":"info","message":"store.listening","endpoint":"https://127.0.0.1:8081"}')).toBe(
      true,
    );
    expect(ends(/^Azurite/).test('Azurite Table service is successfully listening at http://127.0.0.1:10002')).toBe(
      true,
    );
    expect(readFileSync('scripts/store.ts', 'utf8')).toContain("message: 'store.listening'");
  });
});

describe('local.settings.json.example', () => {
  it('points at npm run store (the emulator address) and Azurite (development storage)', () => {
    expect(values.COSMOS_ENDPOINT).toBe('https://localhost:8081/');
    expect(readFileSync('scripts/store.ts', 'utf8')).toMatch(/STORE_PORT \?\? 8081/);
    expect(values.COSMOS_CREATE_CONTAINERS).toBe('true');
    expect(values.AzureWebJobsStorage).toBe('UseDevelopmentStorage=true');
    expect(scripts.azurite).toMatch(/^azurite .*--disableTelemetry/);
  });

  it('runs as Development with the local outbox, so it serves as copied', () => {
    expect(values.AZURE_FUNCTIONS_ENVIRONMENT).toBe('Development');
    expect(values.ACS_CONNECTION_STRING).toBe('');
    expect(Buffer.byteLength(values.JWT_SECRET)).toBeGreaterThanOrEqual(32);
  });
});

describe('npm run setup:local', () => {
  it('writes the example with a fresh 32-byte secret, and leaves an existing file alone unless forced', () => {
    const dir = mkdtempSync(join(tmpdir(), 'setup-local-'));
    try {
      copyFileSync('local.settings.json.example', join(dir, 'local.settings.json.example'));
      expect(writeLocalSettings(dir, false)).toBe('written');
      const written = JSON.parse(readFileSync(join(dir, 'local.settings.json'), 'utf8'));
      expect(written.Values.JWT_SECRET).toMatch(/^[0-9a-f]{64}$/);
      // and a fresh Ed25519 ticket signing key under its own key id
      const key = createPrivateKey({
        key: Buffer.from(written.Values.TICKET_SIGNING_KEY, 'base64'),
        format: 'der',
        type: 'pkcs8',
      });
      expect(key.asymmetricKeyType).toBe('ed25519');
      expect(written.Values.TICKET_SIGNING_KEY_ID).toBe('local1');
      const { TICKET_SIGNING_KEY: _key, TICKET_SIGNING_KEY_ID: _id, ...rest } = written.Values;
      expect({ ...rest, JWT_SECRET: values.JWT_SECRET }).toEqual(values);
      writeFileSync(join(dir, 'local.settings.json'), '{"mine":true}');
      expect(writeLocalSettings(dir, false)).toBe('exists');
      expect(readFileSync(join(dir, 'local.settings.json'), 'utf8')).toBe('{"mine":true}');
      expect(writeLocalSettings(dir, true)).toBe('written');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
