import { conflict } from '../../../../errors';
import { isNotFound, isPreconditionFailed } from '../../../../store/outcomes';
import type { SharedCapacityCounterDoc } from '../model';
import { ensureCounter, readCounter, setCounterFields } from '../repo';
import { setCapacityGuarded } from './repo';
import { newSharedCounter } from '../model';

/**
 * Sets the capacity of several counters, all or nothing. Each existing counter moves in ONE store-evaluated patch
 * (`reserved + committed <= new capacity`), so a sale racing the edit either lands before it (and the patch sees
 * it) or is refused by the new limit. A missing counter is created with the new capacity, so a first sale cannot
 * create it meanwhile from the old value. When a patch is refused, the counters already changed by this request
 * are put back (raising a limit back is always safe) and the answer is 409 naming the counter's counts.
 */
export interface CapacityTarget {
  counterId: string;
  showtimeId: string;
  organizationId?: string;
  capacity: number;
  /** What a counter this request creates would otherwise have started with (its compensation value). */
  startingCapacity: number;
}

export async function applyCapacities(
  sharedEventId: string,
  targets: readonly CapacityTarget[],
  existing: ReadonlyMap<string, SharedCapacityCounterDoc>,
  now: string,
): Promise<void> {
  const done: { counterId: string; previous: number }[] = [];
  for (const target of targets) {
    let previous = existing.get(target.counterId)?.capacity;
    try {
      if (previous === undefined) {
        const made = await ensureCounter(newSharedCounter({ sharedEventId, ...target, now }));
        if (made.created) {
          done.push({ counterId: target.counterId, previous: target.startingCapacity });
          continue;
        }
        previous = made.doc.capacity; // a first sale created it meanwhile: guard it like any other
      }
      if (previous === target.capacity) continue;
      await setCapacityGuarded(sharedEventId, target.counterId, target.capacity, now);
      done.push({ counterId: target.counterId, previous });
    } catch (error) {
      if (!isPreconditionFailed(error) && !isNotFound(error)) throw error;
      await putBack(sharedEventId, done, now);
      const counter = await readCounter(sharedEventId, target.counterId);
      throw conflict('The new capacity is below what is already reserved or sold', 'CONFLICT', {
        showtimes: [
          {
            showtimeId: target.showtimeId,
            ...(target.organizationId !== undefined ? { organizationId: target.organizationId } : {}),
            capacity: target.capacity,
            reserved: counter?.reserved ?? 0,
            committed: counter?.committed ?? 0,
          },
        ],
      });
    }
  }
}

/** Compensation: the counters this request changed get their previous capacity back (newest first). */
async function putBack(sharedEventId: string, done: { counterId: string; previous: number }[], now: string) {
  for (const d of [...done].reverse()) {
    await setCounterFields(sharedEventId, d.counterId, { capacity: d.previous, updatedAt: now });
  }
}
