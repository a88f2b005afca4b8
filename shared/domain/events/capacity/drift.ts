import type { EventDoc } from '../model';
import { isConflict, isPreconditionFailed, type Stored } from '../../../store/outcomes';
import { newCounter, pickCounts } from './counter';
import type { CapacityCounterDoc } from './model';
import { createCounter, readCounters, replaceCounter } from './repo';
import { ledgerCounts } from './ledger';
import { emptyCounts, soldOf, type CapacityChannel, type ChannelCounts } from './rules';

export interface CounterDrift {
  showtimeId: string;
  counter: ChannelCounts & { sold: number };
  ledger: ChannelCounts & { sold: number };
  repaired: boolean;
}

/**
 * Recomputes every counter of an event from the ledger and reports drift. With `repair`, a drifted counter
 * that has been quiet for `quietMs` (so no take-then-write is in flight) is set to the ledger values with
 * an ETag condition; a counter that moved meanwhile is left for the next run.
 */
export async function checkCounters(
  event: EventDoc,
  options: { repair?: boolean; quietMs?: number; counters?: Stored<CapacityCounterDoc>[] } = {},
) {
  const [counters, ledger] = await Promise.all([
    options.counters ?? readCounters(event.organizationId, event.id),
    ledgerCounts(event),
  ]);
  const drift: CounterDrift[] = [];
  for (const showtime of event.showtimes) {
    const counter = counters.find((c) => c.showtimeId === showtime.showtimeId);
    const expected = ledger.get(showtime.showtimeId) ?? emptyCounts();
    const actual = counter ? pickCounts(counter) : emptyCounts();
    const same = counter && (Object.keys(expected) as CapacityChannel[]).every((k) => expected[k] === actual[k]);
    if (same && counter.sold === soldOf(actual)) continue;
    let repaired = false;
    const quiet = !counter || Date.now() - Date.parse(counter.updatedAt) >= (options.quietMs ?? 60_000);
    if (options.repair && quiet) repaired = await repairCounter(event, showtime.showtimeId, counter, expected);
    drift.push({
      showtimeId: showtime.showtimeId,
      counter: { ...actual, sold: counter?.sold ?? 0 },
      ledger: { ...expected, sold: soldOf(expected) },
      repaired,
    });
  }
  return drift;
}

async function repairCounter(
  event: EventDoc,
  showtimeId: string,
  counter: Stored<CapacityCounterDoc> | undefined,
  counts: ChannelCounts,
): Promise<boolean> {
  const next = newCounter(event, showtimeId, counts);
  try {
    if (!counter) await createCounter(next);
    else await replaceCounter(next, counter._etag);
    return true;
  } catch (error) {
    if (isPreconditionFailed(error) || isConflict(error)) return false;
    throw error;
  }
}
