import { containers, store } from './client';
import { readItem } from './operations';

/** A fixed id no document has: reading it costs one point read, and a 404 proves the store answers. */
const PROBE_ID = 'health-probe';

export interface StoreProbe {
  store: 'embedded' | 'cosmos';
  latencyMs: number;
}

/** One cheap read through the tracked path (so its timeout and 503 mapping hold); throws when the store fails. */
export async function probeStore(): Promise<StoreProbe> {
  const started = performance.now();
  await readItem(containers().auth, PROBE_ID, PROBE_ID);
  return { store: store().kind, latencyMs: Math.round(performance.now() - started) };
}
