import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CONTAINERS, containers, store, type ContainerName } from './client';
import { queryAll, upsertItem } from './operations';

/**
 * LOCAL_DATA_FILE: the embedded store's documents kept across restarts of the local host (one JSON file, written
 * whole to a temporary name and renamed, so a crash mid-write never leaves half a file). Local only: the embedded
 * store holds everything in memory, a real account keeps its own data.
 */
type Snapshot = Partial<Record<ContainerName, Record<string, unknown>[]>>;

// Fields the store assigns; written back they would be refused or ignored.
const SYSTEM_FIELDS = ['_rid', '_self', '_etag', '_attachments', '_ts'];

/**
 * A missing or empty file starts an empty store (the first run). A file that is not a snapshot refuses the start:
 * starting empty would overwrite it with nothing at the first save, 30 seconds later, and the data would be lost.
 */
export async function loadLocalData(file: string): Promise<number> {
  assertEmbedded();
  if (!existsSync(file)) return 0;
  const text = await readFile(file, 'utf8');
  if (!text.trim()) return 0;
  const snapshot = parseSnapshot(file, text);
  let count = 0;
  for (const name of Object.keys(CONTAINERS) as ContainerName[]) {
    for (const doc of snapshot[name] ?? []) {
      await upsertItem(containers()[name], withoutSystemFields(doc) as { id: string });
      count += 1;
    }
  }
  return count;
}

export async function saveLocalData(file: string): Promise<number> {
  assertEmbedded();
  const snapshot: Snapshot = {};
  let count = 0;
  for (const name of Object.keys(CONTAINERS) as ContainerName[]) {
    const docs = await queryAll<Record<string, unknown>>(containers()[name], undefined, { query: 'SELECT * FROM c' });
    snapshot[name] = docs.map(withoutSystemFields);
    count += docs.length;
  }
  await mkdir(dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, JSON.stringify(snapshot), 'utf8');
  await rename(`${file}.tmp`, file);
  return count;
}

function parseSnapshot(file: string, text: string): Snapshot {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`LOCAL_DATA_FILE ${file} is not valid JSON (${(error as Error).message}): ${LEFT_UNTOUCHED}`);
  }
  const isSnapshot =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((docs) => Array.isArray(docs));
  if (!isSnapshot) throw new Error(`LOCAL_DATA_FILE ${file} is not a store snapshot: ${LEFT_UNTOUCHED}`);
  return parsed as Snapshot;
}

const LEFT_UNTOUCHED = 'it was left untouched; repair it, move it away or point LOCAL_DATA_FILE elsewhere';

function withoutSystemFields(doc: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...doc };
  for (const field of SYSTEM_FIELDS) delete copy[field];
  return copy;
}

function assertEmbedded() {
  if (store().kind !== 'embedded') throw new Error('LOCAL_DATA_FILE is for the embedded store only');
}
