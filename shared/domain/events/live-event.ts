import { notFound } from '../../errors';
import type { Stored } from '../../store/outcomes';
import { getEvent } from './repo';
import { type EventDoc } from './model';

/**
 * The one test of "this event is there for the organization": a soft-deleted event is as gone as an unknown one
 * (404 Event, the id says nothing either way), on every event-scoped route of every area.
 */
export function assertLiveEvent<E extends EventDoc>(event: E | undefined): asserts event is E {
  if (!event || event.deletedAt) throw notFound('Event');
}

/** One point read of the event, 404 unless it is live. */
export async function requireLiveEvent(organizationId: string, eventId: string): Promise<Stored<EventDoc>> {
  const event = await getEvent(organizationId, eventId);
  assertLiveEvent(event);
  return event;
}
