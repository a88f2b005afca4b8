import type { EventDoc } from '../events/model';
import { countersOfEvents, eventsPage, revenueRowsOfEvents } from '../events/repo';
import type { Principal } from '../users/principal';
import type { CapacityCounterDoc } from '../events/capacity/counter';
import { sharedEventIdOf } from '../events/capacity/model';
import { aggregateCapacity, emptyCounts, showtimeCapacity } from '../events/capacity/rules';
import { toEventResponse } from '../events/mapper';
import { fromCents } from '../vocabulary/money';
import { assertMayListDeleted, type ListEventsQuery } from '../events/queries';
import { revenueByEvent, type RevenueRow } from './revenue-rules';
import { projectionAvailability, withAvailability, type ShowtimeAvailability } from '../events/capacity/availability';

/**
 * GET events-overview: one page of events with, per event, capacity, sold and remaining (from the counters,
 * summed per showtime so capacity is never lent) and revenue and fees (in cents on the same counters, moved in
 * the batch of every sale that changes them: events/capacity/money.ts). Two partition queries per page whatever
 * its size and however many orders: events, their counters. An event with a showtime whose counter keeps no money
 * yet (written before issue 28; the heal timer fills it in) has its revenue read from its ledger instead: one more
 * query for those events only (docs/performance.md, "Events overview").
 */
export async function eventsOverview(principal: Principal, organizationId: string, query: ListEventsQuery) {
  assertMayListDeleted(principal, query);
  const page = await eventsPage(organizationId, query, query.limit, query.continuationToken);
  if (page.items.length === 0) return { items: [], continuationToken: page.continuationToken };
  const ids = page.items.map((e) => e.id);
  // Shared Event projections on the page add one query each, in parallel (their Shared Event's partition).
  const [counters, shared] = await Promise.all([
    countersOfEvents<CapacityCounterDoc>(organizationId, ids),
    Promise.all(page.items.map((event) => projectionAvailability(event))),
  ]);
  const kept = keptMoneyByEvent(page.items, counters);
  const unkept = ids.filter((id) => !kept.has(id));
  const fromLedger =
    unkept.length > 0 ? revenueByEvent(await revenueRowsOfEvents<RevenueRow>(organizationId, unkept)) : new Map();
  return {
    items: page.items.map((event, i) => ({
      ...toEventResponse(event),
      statistics: statistics(event, counters, kept.get(event.id) ?? fromLedger.get(event.id), shared[i]),
    })),
    continuationToken: page.continuationToken,
  };
}

/**
 * Revenue and fees of each event whose every showtime counter keeps them (summed in cents, then to amounts); never
 * a Shared Event projection's.
 */
function keptMoneyByEvent(events: EventDoc[], counters: CapacityCounterDoc[]) {
  const result = new Map<string, { revenue: number; fees: number }>();
  for (const event of events) {
    if (sharedEventIdOf(event) !== undefined) continue; // a projection's money stays in its ledger (money.ts)
    let revenue = 0;
    let fees = 0;
    const complete = event.showtimes.every((s) => {
      const c = counters.find((x) => x.eventId === event.id && x.showtimeId === s.showtimeId);
      if (c?.moneykept !== true) return false;
      revenue += c.revenue ?? 0;
      fees += c.fees ?? 0;
      return true;
    });
    if (complete) result.set(event.id, { revenue: fromCents(revenue), fees: fromCents(fees) });
  }
  return result;
}

function statistics(
  event: EventDoc,
  counters: CapacityCounterDoc[],
  money: { revenue: number; fees: number } | undefined,
  shared: Map<string, ShowtimeAvailability> | undefined,
) {
  const local = event.showtimes.map((s) => {
    const c = counters.find((x) => x.eventId === event.id && x.showtimeId === s.showtimeId);
    const counts = c
      ? { orders: c.orders, registrations: c.registrations, external: c.external, free: c.free }
      : { ...emptyCounts(), external: s.externalSold };
    return showtimeCapacity(s.showtimeId, event.venueCapacity, counts);
  });
  const total = aggregateCapacity(withAvailability(local, shared));
  return {
    capacity: total.capacity,
    sold: total.sold,
    remaining: total.remaining,
    soldByChannel: {
      orders: total.orders,
      registrations: total.registrations,
      external: total.external,
      free: total.free,
    },
    revenue: money?.revenue ?? 0,
    fees: money?.fees ?? 0,
  };
}
