import type { EventDoc } from '../model';
import { isConflict, isPreconditionFailed, type Stored } from '../../../store/outcomes';
import { newCounter, pickCounts } from './counter';
import type { CapacityCounterDoc } from './model';
import { createCounter, readCounters, replaceCounter } from './repo';
import { ledgerFigures, type MoneyOf } from './ledger';
import { emptyCounts, soldOf, type CapacityChannel, type ChannelCounts } from './rules';

export interface CounterDrift {
  showtimeId: string;
  counter: ChannelCounts & { sold: number };
  ledger: ChannelCounts & { sold: number };
  /** Only when they differ: revenue and fees in cents as the counter keeps them (if it keeps any) and the ledger's. */
  money?: { counter?: Money; ledger: Money };
  repaired: boolean;
}

type Money = { revenue: number; fees: number };

const keptMoney = (c: CapacityCounterDoc | undefined): Money | undefined =>
  c?.moneykept === true ? { revenue: c.revenue ?? 0, fees: c.fees ?? 0 } : undefined;

/**
 * Recomputes every counter of an event from the ledger and reports drift. With `repair`, a drifted counter
 * that has been quiet for `quietMs` (so no take-then-write is in flight) is set to the ledger values with
 * an ETag condition; a counter that moved meanwhile is left for the next run. With `moneyOf` (the heal timer's
 * pass) the revenue and fees are recomputed too: a counter that keeps none yet, or keeps other figures, is
 * drifted and its repair sets them (`moneykept`), which is how counters from before issue 28 get theirs.
 */
export async function checkCounters(
  event: EventDoc,
  options: { repair?: boolean; quietMs?: number; counters?: Stored<CapacityCounterDoc>[]; moneyOf?: MoneyOf } = {},
) {
  const [counters, figures] = await Promise.all([
    options.counters ?? readCounters(event.organizationId, event.id),
    ledgerFigures(event, options.moneyOf),
  ]);
  const ledger = figures.counts;
  const drift: CounterDrift[] = [];
  for (const showtime of event.showtimes) {
    const counter = counters.find((c) => c.showtimeId === showtime.showtimeId);
    const expected = ledger.get(showtime.showtimeId) ?? emptyCounts();
    const actual = counter ? pickCounts(counter) : emptyCounts();
    const same = counter && (Object.keys(expected) as CapacityChannel[]).every((k) => expected[k] === actual[k]);
    const money = figures.money?.get(showtime.showtimeId);
    const kept = keptMoney(counter);
    const sameMoney = !money || (kept !== undefined && kept.revenue === money.revenue && kept.fees === money.fees);
    const sameCounts = same && counter.sold === soldOf(actual);
    if (sameCounts && sameMoney) continue;
    if (sameCounts && kept === undefined) {
      // A counter from before it kept money: filled in, not drift. Safe without the quiet wait, unlike a count
      // repair: a sale's money moves in the batch of its document, so any sale since the counter was read
      // changed its ETag and the replace fails (412) until the next pass.
      if (options.repair) await repairCounter(event, showtime.showtimeId, counter, expected, money);
      continue;
    }
    let repaired = false;
    const quiet = !counter || Date.now() - Date.parse(counter.updatedAt) >= (options.quietMs ?? 60_000);
    if (options.repair && quiet) repaired = await repairCounter(event, showtime.showtimeId, counter, expected, money);
    drift.push({
      showtimeId: showtime.showtimeId,
      counter: { ...actual, sold: counter?.sold ?? 0 },
      ledger: { ...expected, sold: soldOf(expected) },
      ...(money && !sameMoney ? { money: { ...(kept ? { counter: kept } : {}), ledger: money } } : {}),
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
  money: Money | undefined,
): Promise<boolean> {
  try {
    // A missing counter is created with its counts only: a money-only write (a settlement) that landed after the
    // ledger read found no counter to move, so money from that read could be stale. The next pass fills the money
    // in under the new counter's ETag; until then the overview reads this showtime's money from the ledger.
    if (!counter) await createCounter(newCounter(event, showtimeId, counts, undefined));
    // Without a money recompute a repair keeps what the counter keeps (a replace must not drop it).
    else await replaceCounter(newCounter(event, showtimeId, counts, money ?? keptMoney(counter)), counter._etag);
    return true;
  } catch (error) {
    if (isPreconditionFailed(error) || isConflict(error)) return false;
    throw error;
  }
}
