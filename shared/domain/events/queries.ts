import type { Principal } from '../users/principal';
import { roleAtLeast } from '../memberships/roles';
import { projectionAvailability, withAvailability } from './capacity/availability';
import { forbidden } from '../../errors';
import { activeLiveEvents, eventsPage } from './repo';
import { capacityByShowtime } from './capacity/counter';
import { aggregateCapacity } from './capacity/rules';
import { toEventResponse } from './mapper';
import { pickActiveEvent } from './rules';
import { requireLiveEvent } from './live-event';
import type { EventDoc } from './model';

export interface ListEventsQuery {
  limit: number;
  continuationToken?: string;
  includeDeleted?: boolean;
  active?: boolean;
}

/** Soft-deleted events are listed only for an admin who asks (so they can be restored). */
export function assertMayListDeleted(principal: Principal, query: ListEventsQuery) {
  if (query.includeDeleted && !principal.isSuperAdmin && !roleAtLeast(principal.role, 'admin')) {
    throw forbidden('Only an admin can list deleted events');
  }
}

export async function listEvents(principal: Principal, organizationId: string, query: ListEventsQuery) {
  assertMayListDeleted(principal, query);
  const page = await eventsPage(organizationId, query, query.limit, query.continuationToken);
  return { items: page.items.map(toEventResponse), continuationToken: page.continuationToken };
}

export async function readEvent(organizationId: string, eventId: string) {
  return toEventResponse(await requireLiveEvent(organizationId, eventId));
}

/**
 * GET events-active: one query over the active events, the choice is the pure `pickActiveEvent`. With
 * `withCapacity` the answer also carries the event's capacity summary (what GET events/{id}/capacity-summary
 * answers, from the event already read: one counter query more), so a member's home needs one call, not two in a
 * row (docs/decisions/web-client.md, "The first screen").
 */
export async function activeEvent(organizationId: string, options: { withCapacity?: boolean } = {}, now = new Date()) {
  const events = await activeLiveEvents(organizationId);
  const chosen = pickActiveEvent(events, now);
  if (!chosen) return null;
  const event = toEventResponse(chosen);
  return options.withCapacity ? { ...event, capacity: await capacityOf(chosen) } : event;
}

/**
 * GET events/{eventId}/capacity-summary, answered from the counters: per showtime every channel, with the
 * external channel split into the manual count and the ledger, and the aggregate (capacity never lent).
 */
export async function capacitySummary(organizationId: string, eventId: string) {
  return capacityOf(await requireLiveEvent(organizationId, eventId));
}

async function capacityOf(event: EventDoc) {
  // A Shared Event projection states what can still be sold there (the pool's or quota's availability).
  const [local, shared] = await Promise.all([capacityByShowtime(event), projectionAvailability(event)]);
  const showtimes = withAvailability(local, shared);
  return {
    eventId: event.id,
    venueCapacity: event.venueCapacity,
    showtimes: showtimes.map((s) => {
      const showtime = event.showtimes.find((x) => x.showtimeId === s.showtimeId)!;
      return {
        showtimeId: s.showtimeId,
        dateTime: showtime.dateTime,
        ...(showtime.label !== undefined ? { label: showtime.label } : {}),
        capacity: s.capacity,
        sold: s.sold,
        remaining: s.remaining,
        orders: s.orders,
        registrations: s.registrations,
        external: s.external,
        externalManual: showtime.externalSold,
        externalLedger: s.external - showtime.externalSold,
        free: s.free,
      };
    }),
    aggregate: aggregateCapacity(showtimes),
  };
}
