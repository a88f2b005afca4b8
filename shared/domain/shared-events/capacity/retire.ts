import { newSharedCounter, type CounterHealth, type SharedCapacityCounterDoc } from './model';
import { ensureCounter, setCounterFields } from './repo';

/**
 * Freezing counters: what whole-event cancellation and a capacity-policy transition both do first. A retired
 * counter refuses every reserve in the same atomic patch that judges it (commits and releases of holds in flight
 * still work), so once this returns no sale can take from these counters.
 */
export interface RetiredCounter {
  counterId: string;
  /** The health to restore on a rollback (a counter this step created opens as `ok`). */
  previous: CounterHealth;
}

/**
 * Every existing counter is retired, and every wanted counter that does not exist yet is created retired (so a
 * first sale cannot open a fresh one in the window; one a racing sale just created is retired too). Returns each
 * counter's health before, for a rollback (a counter created here, or one already retired, reopens as `ok`).
 */
export async function retireCounters(
  sharedEventId: string,
  existing: readonly SharedCapacityCounterDoc[],
  wanted: readonly { counterId: string; showtimeId: string; organizationId?: string; capacity: number }[],
  now: string,
): Promise<RetiredCounter[]> {
  const retired: RetiredCounter[] = [];
  const byId = new Map(existing.map((c) => [c.id, c]));
  for (const c of existing) {
    if (c.health !== 'retired') await setCounterFields(sharedEventId, c.id, { health: 'retired', updatedAt: now });
    retired.push({ counterId: c.id, previous: c.health === 'retired' ? 'ok' : c.health });
  }
  for (const w of wanted.filter((w) => !byId.has(w.counterId))) {
    const made = await ensureCounter(newSharedCounter({ sharedEventId, ...w, health: 'retired', now }));
    if (!made.created && made.doc.health !== 'retired') {
      await setCounterFields(sharedEventId, w.counterId, { health: 'retired', updatedAt: now });
    }
    retired.push({ counterId: w.counterId, previous: made.created ? 'ok' : made.doc.health });
  }
  return retired;
}
