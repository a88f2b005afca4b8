import type { CapacityChannel, ChannelCounts, LedgerDocType } from './model';

export type { CapacityChannel, ChannelCounts };

/**
 * The capacity model (docs/decisions/events.md), as pure arithmetic:
 * sold per showtime = reported order sales + registrations + external (manual + ledger) + free tickets;
 * remaining = max(0, capacity − sold); aggregate capacity = capacity × showtimes; aggregate remaining is the
 * sum of per-showtime remaining, so capacity is never lent between showtimes.
 */
export interface ShowtimeCapacity extends ChannelCounts {
  showtimeId: string;
  capacity: number;
  sold: number;
  remaining: number;
}

export const emptyCounts = (): ChannelCounts => ({ orders: 0, registrations: 0, external: 0, free: 0 });

export const soldOf = (counts: ChannelCounts) => counts.orders + counts.registrations + counts.external + counts.free;

export const remainingOf = (capacity: number, sold: number) => Math.max(0, capacity - sold);

export function showtimeCapacity(showtimeId: string, capacity: number, counts: ChannelCounts): ShowtimeCapacity {
  const sold = soldOf(counts);
  return { showtimeId, capacity, ...counts, sold, remaining: remainingOf(capacity, sold) };
}

export function aggregateCapacity(showtimes: ShowtimeCapacity[]) {
  const total = (pick: (s: ShowtimeCapacity) => number) => showtimes.reduce((sum, s) => sum + pick(s), 0);
  return {
    capacity: total((s) => s.capacity),
    sold: total((s) => s.sold),
    remaining: total((s) => s.remaining),
    orders: total((s) => s.orders),
    registrations: total((s) => s.registrations),
    external: total((s) => s.external),
    free: total((s) => s.free),
  };
}

/** A ledger entry as the recomputation reads it: the channel it feeds, its showtime and its quantity. */
export interface LedgerEntry {
  docType: LedgerDocType;
  showtimeId: string;
  quantity: number;
}

const CHANNEL_OF: Record<LedgerEntry['docType'], CapacityChannel> = {
  order: 'orders',
  registration: 'registrations',
  externalSale: 'external',
  freeTicket: 'free',
};

/** Channel counts per showtime from the ledger plus the manual `externalSold` of each showtime. */
export function countsFromLedger(
  showtimes: { showtimeId: string; externalSold?: number }[],
  entries: LedgerEntry[],
): Map<string, ChannelCounts> {
  const result = new Map(showtimes.map((s) => [s.showtimeId, { ...emptyCounts(), external: s.externalSold ?? 0 }]));
  for (const entry of entries) {
    const counts = result.get(entry.showtimeId);
    if (counts) counts[CHANNEL_OF[entry.docType]] += entry.quantity;
  }
  return result;
}

/** Where a ledger document holds seats: its showtime and how many. */
export interface Holding {
  showtimeId: string;
  quantity: number;
}

/**
 * The counter moves that turn `before` into `after` (either absent for a create or a delete): at most one
 * take, done before the ledger write, and the releases done after it. Moving to another showtime takes the
 * whole new quantity there and releases the whole old one, so nothing is ever lent between showtimes.
 */
export function capacityMoves(before: Holding | undefined, after: Holding | undefined) {
  const take: Holding[] = [];
  const release: Holding[] = [];
  const push = (list: Holding[], h: Holding | undefined) => {
    if (h && h.quantity > 0) list.push({ showtimeId: h.showtimeId, quantity: h.quantity });
  };
  if (before && after && before.showtimeId === after.showtimeId) {
    const delta = after.quantity - before.quantity;
    push(delta > 0 ? take : release, { showtimeId: after.showtimeId, quantity: Math.abs(delta) });
  } else {
    push(take, after);
    push(release, before);
  }
  return { take, release };
}
