import { containers } from '../../store/client';
import { queryAll } from '../../store/operations';
import type { EventDoc } from './repo';
import type { Principal } from '../../auth/principal';
import type { CapacityCounterDoc } from '../capacity/counter';
import { aggregateCapacity, emptyCounts, showtimeCapacity } from '../capacity/rules';
import { toEventResponse } from './mapper';
import { assertMayListDeleted, eventsPage, type ListEventsQuery } from './queries';
import { revenueByEvent, type RevenueRow } from './rules';

/**
 * GET events-overview: one page of events with, per event, capacity, sold and remaining (from the counters,
 * summed per showtime so capacity is never lent) and revenue and fees (from the ledger). Three partition
 * queries per page whatever its size: events, their counters, their revenue rows.
 */
export async function eventsOverview(principal: Principal, organizationId: string, query: ListEventsQuery) {
  assertMayListDeleted(principal, query);
  const page = await eventsPage(organizationId, query);
  if (page.items.length === 0) return { items: [], continuationToken: page.continuationToken };
  const ids = page.items.map((e) => e.id);
  const inList = ids.map((_, i) => `@e${i}`).join(', ');
  const parameters = [{ name: '@org', value: organizationId }, ...ids.map((id, i) => ({ name: `@e${i}`, value: id }))];
  const [counters, rows] = await Promise.all([
    queryAll<CapacityCounterDoc>(containers().orgs, organizationId, {
      query:
        "SELECT * FROM c WHERE c.organizationId = @org AND c.docType = 'capacityCounter' " +
        `AND c.eventId IN (${inList})`,
      parameters,
    }),
    queryAll<RevenueRow>(containers().orgs, organizationId, {
      query:
        'SELECT c.docType, c.eventId, c.status, c.soldQuantity, c.soldTypeQuantities, c.tickets, c.totalQuantity, ' +
        'c.invoiceBasis, c.totalAmount, c.totalFees, c.deletedAt FROM c WHERE c.organizationId = @org ' +
        `AND c.docType IN ('order', 'registration', 'externalSale') AND c.eventId IN (${inList})`,
      parameters,
    }),
  ]);
  const revenue = revenueByEvent(rows);
  return {
    items: page.items.map((event) => ({
      ...toEventResponse(event),
      statistics: statistics(event, counters, revenue.get(event.id)),
    })),
    continuationToken: page.continuationToken,
  };
}

function statistics(event: EventDoc, counters: CapacityCounterDoc[], money?: { revenue: number; fees: number }) {
  const perShowtime = event.showtimes.map((s) => {
    const c = counters.find((x) => x.eventId === event.id && x.showtimeId === s.showtimeId);
    const counts = c
      ? { orders: c.orders, registrations: c.registrations, external: c.external, free: c.free }
      : { ...emptyCounts(), external: s.externalSold };
    return showtimeCapacity(s.showtimeId, event.venueCapacity, counts);
  });
  const total = aggregateCapacity(perShowtime);
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
