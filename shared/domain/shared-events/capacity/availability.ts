import { sharedEventIdOf, type EventRef } from '../../events/capacity/model';
import type { ShowtimeAvailability } from '../../events/capacity/shared-seats';
import { LIVE_PARTICIPANT_STATUSES, type SharedEventDoc, type SharedEventParticipantDoc } from '../model';
import { counterIdFor, type CapacityFenceDoc, type SharedCapacityCounterDoc } from './model';
import { availabilityDocuments } from './repo';
import { startingCapacity } from './rules';

/** The statuses whose projections sell nothing (sale.ts refuses them the same way). */
const NOT_SELLING: readonly string[] = ['draft', 'cancelling', 'cancelled'];

/**
 * A projection's figures state what can still be sold there (docs/decisions/shared-event-roster.md): per showtime
 * the pool's availability (pool mode) or the organization's quota's (quota mode), `capacity - reserved - committed`
 * of the counter it sells from (a counter not created yet: its starting capacity, as a first sale would create it),
 * and 0 where it may not sell at all (a draft, a frozen or cancelled Shared Event, a retired counter, an
 * organization that left or was removed). One partition query; undefined for an event that is no projection.
 * Generic capacity reaches it through events/capacity/availability.ts (the port, seat-port.ts).
 */
export async function sharedEventAvailability(
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
