import { sharedEventIdOf, type EventRef } from '../capacity/model';
import { LIVE_PARTICIPANT_STATUSES, type SharedEventDoc, type SharedEventParticipantDoc } from '../shared-events/model';
import { counterIdFor, type CapacityFenceDoc, type SharedCapacityCounterDoc } from './model';
import { availabilityDocuments } from './repo';
import { startingCapacity } from './rules';

/** The statuses whose projections sell nothing (sale.ts refuses them the same way). */
const NOT_SELLING: readonly string[] = ['draft', 'cancelling', 'cancelled'];

/** What a projection can still sell per showtime: the capacity it sells from and what is left of it. */
export interface ShowtimeAvailability {
  capacity: number;
  remaining: number;
}

/**
 * A projection's figures state what can still be sold there (docs/decisions/shared-event-roster.md): per showtime
 * the pool's availability (pool mode) or the organization's quota's (quota mode), `capacity - reserved - committed`
 * of the counter it sells from (a counter not created yet: its starting capacity, as a first sale would create it),
 * and 0 where it may not sell at all (a draft, a frozen or cancelled Shared Event, a retired counter, an
 * organization that left or was removed). One partition query; undefined for an event that is no projection.
 */
export async function projectionAvailability(
  event: EventRef & { showtimes: readonly { showtimeId: string }[] },
): Promise<Map<string, ShowtimeAvailability> | undefined> {
  const sharedEventId = sharedEventIdOf(event);
  if (sharedEventId === undefined) return undefined;
  const docs = await availabilityDocuments(sharedEventId, event.organizationId);
  const head = docs.find((d) => d.docType === 'sharedEvent') as SharedEventDoc | undefined;
  const fence = docs.find((d) => d.docType === 'capacityFence') as CapacityFenceDoc | undefined;
  const participant = docs.find((d) => d.docType === 'sharedEventParticipant') as SharedEventParticipantDoc | undefined;
  const counters = new Map(
    (docs.filter((d) => d.docType === 'sharedCapacityCounter') as unknown as SharedCapacityCounterDoc[]).map((c) => [
      c.id,
      c,
    ]),
  );
  const selling =
    head !== undefined &&
    !NOT_SELLING.includes(head.status) &&
    (fence === undefined || fence.state === 'open') &&
    participant !== undefined &&
    LIVE_PARTICIPANT_STATUSES.includes(participant.status);
  const policy = fence?.capacityPolicy ?? head?.capacityPolicy ?? 'pool';
  const result = new Map<string, ShowtimeAvailability>();
  for (const { showtimeId } of event.showtimes) {
    const counterId = counterIdFor(policy, event.organizationId, showtimeId);
    const counter = counters.get(counterId);
    const capacity =
      counter?.capacity ??
      startingCapacity(
        { showtimeId, ...(policy === 'quota' ? { organizationId: event.organizationId } : {}) },
        head?.sharedCapacity?.perShowtime,
        participant?.quotaByShowtime,
      );
    const left = counter ? capacity - counter.reserved - counter.committed : capacity;
    const open = selling && counter?.health !== 'retired';
    result.set(showtimeId, { capacity, remaining: open ? Math.max(0, left) : 0 });
  }
  return result;
}

/** Per-showtime figures with a projection's capacity and remaining put in (sold stays the organization's own). */
export function withAvailability<T extends { showtimeId: string; capacity: number; remaining: number }>(
  showtimes: T[],
  availability: Map<string, ShowtimeAvailability> | undefined,
): T[] {
  if (!availability) return showtimes;
  return showtimes.map((s) => {
    const a = availability.get(s.showtimeId);
    return a ? { ...s, capacity: a.capacity, remaining: a.remaining } : s;
  });
}
