import { notFound } from '../../http/errors';
import { withEtagRetry } from '../../store/operations';
import { getEvent, saveEvent } from '../../store/repos/events';
import { toEventResponse } from './mapper';

/** PUT lock: `{ salesLocked }` sets the state; an empty body toggles it (03-decisions §5). */
export async function setSalesLock(organizationId: string, eventId: string, salesLocked?: boolean) {
  const saved = await withEtagRetry(async () => {
    const event = await getEvent(organizationId, eventId);
    if (!event || event.deletedAt) throw notFound('Event');
    return saveEvent({ ...event, salesLocked: salesLocked ?? !event.salesLocked });
  });
  return toEventResponse(saved);
}
