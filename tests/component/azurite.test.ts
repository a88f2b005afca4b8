import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm run azurite` stands in for Azure Storage under `func start` (AzureWebJobsStorage=UseDevelopmentStorage=true).
 * No Functions host runs here, so this proves the part that can be: the script's command starts Azurite from npm on
 * this Node version, and Azurite accepts the development account that setting means (devstoreaccount1, its published
 * key, Shared Key signing) for the blob operations the host's timer uses: a container for the host's locks, a lock
 * blob, and a lease on it (the timer's singleton lock). Ports and folder are the test's own; the flags are the script's.
 */
jest.setTimeout(120_000);

const ACCOUNT = 'devstoreaccount1';
// The development storage account's key, published by Microsoft for Azurite and the storage emulator.
const KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

let azurite: ChildProcess;
let location: string;
let blobPort: number;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Shared Key authorization of the Blob service (the scheme UseDevelopmentStorage=true uses). */
async function blob(
  method: string,
  path: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const all: Record<string, string> = {
    'x-ms-date': new Date().toUTCString(),
    'x-ms-version': '2021-08-06',
    ...headers,
  };
  const canonicalHeaders = Object.keys(all)
    .filter((k) => k.startsWith('x-ms-'))
    .sort()
    .map((k) => `${k}:${all[k]}\n`)
    .join('');
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((k) => `\n${k}:${query[k]}`)
    .join('');
  const stringToSign =
    [method, '', '', '', '', '', '', '', '', '', '', ''].join('\n') +
    `\n${canonicalHeaders}/${ACCOUNT}/${ACCOUNT}${path}${canonicalQuery}`;
  const signature = createHmac('sha256', Buffer.from(KEY, 'base64')).update(stringToSign, 'utf8').digest('base64');
  const url = new URL(`http://127.0.0.1:${blobPort}/${ACCOUNT}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return fetch(url, { method, headers: { ...all, authorization: `SharedKey ${ACCOUNT}:${signature}` } });
}

beforeAll(async () => {
  location = mkdtempSync(join(tmpdir(), 'azurite-'));
  blobPort = await freePort();
  const [queuePort, tablePort] = [await freePort(), await freePort()];
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
    .azurite;
  const args = script
    .split(/\s+/)
    .slice(1)
    .map((arg, i, all) => (all[i - 1] === '--location' ? location : arg));
  azurite = spawn(
    join('node_modules', '.bin', 'azurite'),
    [...args, '--blobPort', String(blobPort), '--queuePort', String(queuePort), '--tablePort', String(tablePort)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let text = '';
    const ready = () => {
      if (/Table service is successfully listening/.test(text)) resolve();
    };
    azurite.stdout!.on('data', (c: Buffer) => ((text += c.toString()), ready()));
    azurite.stderr!.on('data', (c: Buffer) => (text += c.toString()));
    azurite.once('exit', (code) => reject(new Error(`azurite exited with ${code}: ${text}`)));
  });
});

afterAll(async () => {
  if (azurite && azurite.exitCode === null) {
    const exited = new Promise((resolve) => azurite.once('exit', resolve));
    azurite.kill('SIGTERM');
    await exited;
  }
  rmSync(location, { recursive: true, force: true });
});

it('accepts the development account for the host lock container, a lock blob and its lease', async () => {
  expect((await blob('PUT', '/azure-webjobs-hosts', { restype: 'container' })).status).toBe(201);
  const put = await blob(
    'PUT',
    '/azure-webjobs-hosts/locks/local/heal-timer.Listener',
    {},
    {
      'x-ms-blob-type': 'BlockBlob',
    },
  );
  expect(put.status).toBe(201);
  const lease = await blob(
    'PUT',
    '/azure-webjobs-hosts/locks/local/heal-timer.Listener',
    { comp: 'lease' },
    {
      'x-ms-lease-action': 'acquire',
      'x-ms-lease-duration': '15',
    },
  );
  expect(lease.status).toBe(201);
  expect(lease.headers.get('x-ms-lease-id')).toBeTruthy();
  // A second holder is refused while the lease stands: the single-instance lock the timer relies on.
  const second = await blob(
    'PUT',
    '/azure-webjobs-hosts/locks/local/heal-timer.Listener',
    { comp: 'lease' },
    {
      'x-ms-lease-action': 'acquire',
      'x-ms-lease-duration': '15',
    },
  );
  expect(second.status).toBe(409);
});

it('refuses a request signed with another key', async () => {
  const response = await fetch(`http://127.0.0.1:${blobPort}/${ACCOUNT}?comp=list`, {
    headers: { 'x-ms-version': '2021-08-06', authorization: `SharedKey ${ACCOUNT}:bm90LWEtc2lnbmF0dXJl` },
  });
  expect(response.status).toBe(403);
});
