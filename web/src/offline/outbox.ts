/**
 * The pending writes of this device (docs/decisions/web-client-offline.md): every create or sale-changing call
 * the person makes is written here, with its Idempotency-Key, before it is sent, and leaves only when the API has
 * answered it for good. A reload, a lost answer or a double tap therefore finds the same entry and sends the same
 * key. localStorage, not IndexedDB: a few small entries, read synchronously on start, shared by the tabs.
 */
export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

/** What the person asked for, as a request the outbox can send again after a reload. */
export interface Intent {
  method: WriteMethod;
  /** The route's template, as openapi.json names it: '/api/orders/{id}/report-sold'. */
  path: string;
  pathParams?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /**
   * What was done, in the person's words, for the pending list ("Report 2 sold on …"). Translated by the
   * page when the intent is made (t('offline.label.…')) and stored as text with the entry: it is shown later, even
   * after a reload, in the language of that moment. Acceptable: the entry is short-lived and the words are the
   * person's own action; no key is kept to translate it again.
   */
  label: string;
  /** May wait for the connection: report sold, returns, ticket requests and direct sales. Never a login. */
  queue?: boolean;
}

/**
 * `sending`: on its way now. `waiting`: a queued write that could not reach the API yet ("waiting to send").
 * `unsent`: a write that is not queued and got no answer; sending the same again reuses its key. `failed`: the API
 * refused a queued write (its plain message kept), or it waited too long to be sent safely.
 */
export type EntryState = 'sending' | 'waiting' | 'unsent' | 'failed';

export interface OutboxEntry extends Intent {
  key: string;
  userId: string;
  /** The same user, route, parameters and body: a retry of the same intent. */
  signature: string;
  createdAt: number;
  /** Times a request left the device (0: the API never saw it, so its key's age does not matter). */
  attempts: number;
  state: EntryState;
  error?: { message: string; code?: string };
}

const STORAGE_KEY = 'tickets.outbox';
const listeners = new Set<() => void>();
let version = 0;

export function readOutbox(): OutboxEntry[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : [];
  } catch {
    return [];
  }
}

function write(entries: OutboxEntry[]) {
  if (entries.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  else localStorage.removeItem(STORAGE_KEY);
  version += 1;
  for (const listener of listeners) listener();
}

export const signatureOf = (userId: string, intent: Intent) =>
  JSON.stringify([
    userId,
    intent.method,
    intent.path,
    intent.pathParams ?? {},
    intent.query ?? {},
    intent.body ?? null,
  ]);

export function findBySignature(signature: string) {
  return readOutbox().find((e) => e.signature === signature);
}

export function putEntry(entry: OutboxEntry) {
  write([...readOutbox().filter((e) => e.key !== entry.key), entry]);
}

export function updateEntry(key: string, change: Partial<OutboxEntry>) {
  const entries = readOutbox();
  const at = entries.findIndex((e) => e.key === key);
  if (at < 0) return undefined;
  entries[at] = { ...entries[at], ...change };
  write(entries);
  return entries[at];
}

export function removeEntry(key: string) {
  const entries = readOutbox();
  if (entries.some((e) => e.key === key)) write(entries.filter((e) => e.key !== key));
}

export function subscribeOutbox(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const outboxVersion = () => version;

// Another tab sent or queued something: this one's list follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) {
      version += 1;
      for (const listener of listeners) listener();
    }
  });
}
