import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestHost } from '../helpers/harness';

/**
 * LOCAL_DATA_FILE through the local host itself: data written before a stop is there after the next start, a
 * start without the file is empty (so the file, not a leftover store, brought the data back), a missing or empty
 * file starts empty, and a file that is not a snapshot refuses the start and is left as it was.
 */
const files: string[] = [];
const tempFile = () => {
  const file = join(tmpdir(), `local-data-${randomUUID()}.json`);
  files.push(file);
  return file;
};
afterAll(() => files.forEach((f) => rmSync(f, { force: true })));

async function withHost<T>(localDataFile: string, work: (api: TestHost, token: string) => Promise<T>): Promise<T> {
  const api = await TestHost.start({ LOCAL_DATA_FILE: localDataFile });
  try {
    return await work(api, await api.loginSuperAdmin());
  } finally {
    await api.close();
  }
}

const organizationNames = async (api: TestHost, token: string) =>
  ((await api.get('organizations', { token, query: { limit: 100 } })).body.data.items as { name: string }[]).map(
    (o) => o.name,
  );

describe('LOCAL_DATA_FILE', () => {
  it('keeps what was written across a stop and a start of the host', async () => {
    const file = tempFile();
    const id = await withHost(file, async (api, token) => {
      expect(await organizationNames(api, token)).toEqual([]); // missing file: an empty store
      const res = await api.post('organizations', { token, body: { name: 'Kept Choir' } });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    });
    expect(existsSync(file)).toBe(true); // written at shutdown
    expect(existsSync(`${file}.tmp`)).toBe(false);

    await withHost('', async (api, token) => expect(await organizationNames(api, token)).toEqual([]));

    await withHost(file, async (api, token) => {
      expect(await organizationNames(api, token)).toEqual(['Kept Choir']);
      const org = await api.get(`organizations/${id}`, { token });
      expect(org.status).toBe(200);
      // Still writable after the reload (the store's own fields were not written back).
      expect((await api.put(`organizations/${id}`, { token, body: { name: 'Kept Choir II' } })).status).toBe(200);
    });
    await withHost(file, async (api, token) => expect(await organizationNames(api, token)).toEqual(['Kept Choir II']));
  });

  it('starts empty from an empty file', async () => {
    const file = tempFile();
    writeFileSync(file, '  \n');
    await withHost(file, async (api, token) => expect(await organizationNames(api, token)).toEqual([]));
  });

  it.each([
    ['not JSON', '{"organizations": [', /is not valid JSON/],
    ['JSON that is not a snapshot', '[1, 2, 3]', /is not a store snapshot/],
    ['a snapshot whose container is not a list', '{"organizations": {"id": "x"}}', /is not a store snapshot/],
  ])('refuses to start from %s, names the file and leaves it untouched', async (_what, content, message) => {
    const file = tempFile();
    writeFileSync(file, content);
    const start = TestHost.start({ LOCAL_DATA_FILE: file });
    await expect(start).rejects.toThrow(message);
    await expect(start).rejects.toThrow(file);
    expect(readFileSync(file, 'utf8')).toBe(content);
    // A refused start leaves nothing half-open behind it: the next start serves an empty store.
    await withHost('', async (api, token) => expect(await organizationNames(api, token)).toEqual([]));
  });
});
