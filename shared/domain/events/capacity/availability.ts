import { sharedEventIdOf, type EventRef } from './model';
import { sharedSeats, type ShowtimeAvailability } from './shared-seats';

export type { ShowtimeAvailability };

/**
 * What a Shared Event projection can still sell per showtime (docs/decisions/shared-event-roster.md), asked of the
 * Shared Event engine through the interface capacity owns (shared-seats.ts); undefined, and no store call, for an
 * event that is no projection.
 */
export function projectionAvailability(
  event: EventRef & { showtimes: readonly { showtimeId: string }[] },
): Promise<Map<string, ShowtimeAvailability> | undefined> {
  if (sharedEventIdOf(event) === undefined) return Promise.resolve(undefined);
  return sharedSeats().availability(event);
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
