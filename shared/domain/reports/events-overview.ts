import type { EventDoc } from '../events/model';
import { countersOfEvents, eventsPage, revenueRowsOfEvents } from '../events/repo';
import type { Principal } from '../users/principal';
import type { CapacityCounterDoc } from '../events/capacity/counter';
import { aggregateCapacity, emptyCounts, showtimeCapacity } from '../events/capacity/rules';
import { toEventResponse } from '../events/mapper';
import { assertMayListDeleted, type ListEventsQuery } from '../events/queries';
import { revenueByEvent, type RevenueRow } from './revenue-rules';
import { projectionAvailability, withAvailability, type ShowtimeAvailability } from '../events/capacity/availability';

/**
 * GET events-overview: one page of events with, per event, capacity, sold and remaining (from the counters,
 * summed per showtime so capacity is never lent) and revenue and fees (from the ledger). Three partition
 * queries per page whatever its size: events, their counters, their revenue rows.
 */
export async function eventsOverview(principal: Principal, organizationId: string, query: ListEventsQuery) {
  assertMayListDeleted(principal, query);
  const page = await eventsPage(organizationId, query, query.limit, query.continuationToken);
  if (page.items.length === 0) return { items: [], continuationToken: page.continuationToken };
  const ids = page.items.map((e) => e.id);
  // Shared Event projections on the page add one query each, in parallel (their Shared Event's partition).
  const [counters, rows, shared] = await Promise.all([
    countersOfEvents<CapacityCounterDoc>(organizationId, ids),
    revenueRowsOfEvents<RevenueRow>(organizationId, ids),
    Promise.all(page.items.map((event) => projectionAvailability(event))),
  ]);
  const revenue = revenueByEvent(rows);
  return {
    items: page.items.map((event, i) => ({
      ...toEventResponse(event),
      statistics: statistics(event, counters, revenue.get(event.id), shared[i]),
    })),
    continuationToken: page.continuationToken,
  };
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
