import { withEtagRetry } from '../../store/outcomes';
import { getEvent, saveEvent } from './repo';
import { mirrorLock } from './capacity/counter';
import { toEventResponse } from './mapper';
import { assertLiveEvent } from './live-event';

/**
 * PUT lock: `{ salesLocked }` sets the state; an empty body toggles it (docs/decisions/events.md). The capacity counters
 * mirror the lock so report-sold needs no event read. The order of the two writes makes a failure between them
 * err towards "locked": locking writes the counters first, unlocking the event first; the heal timer
 * (syncCounters) realigns any counter left behind.
 */
export async function setSalesLock(organizationId: string, eventId: string, salesLocked?: boolean) {
  const saved = await withEtagRetry(async () => {
    const event = await getEvent(organizationId, eventId);
    assertLiveEvent(event);
    const locked = salesLocked ?? !event.salesLocked;
    if (locked) await mirrorLock(event, true);
    const result = await saveEvent({ ...event, salesLocked: locked });
    if (!locked) await mirrorLock(result, false);
    return result;
  });
  return toEventResponse(saved);
}
