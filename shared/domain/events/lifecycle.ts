import type { Principal } from '../users/principal';
import { notFound } from '../../errors';
import { withEtagRetry } from '../../store/outcomes';
import { getEvent, saveEvent } from './repo';
import { toEventResponse } from './mapper';
import { assertLiveEvent } from './live-event';

/**
 * Soft delete and restore (docs/decisions/orders.md "Other state"). Deleting an already deleted event is a 404 (it is
 * gone from every normal read); restoring a live event answers 200 with the event unchanged and writes
 * nothing. Counters and ledger documents are left alone, so a restored event has its sales back.
 */
export async function deleteEvent(principal: Principal, organizationId: string, eventId: string) {
  const saved = await withEtagRetry(async () => {
    const event = await getEvent(organizationId, eventId);
    assertLiveEvent(event);
    return saveEvent({ ...event, deletedAt: new Date().toISOString(), deletedBy: principal.userId });
  });
  return toEventResponse(saved);
}

export async function restoreEvent(organizationId: string, eventId: string) {
  const saved = await withEtagRetry(async () => {
    const event = await getEvent(organizationId, eventId);
    if (!event) throw notFound('Event');
    if (!event.deletedAt) return event;
    const { deletedAt: _deletedAt, deletedBy: _deletedBy, ...rest } = event;
    return saveEvent(rest);
  });
  return toEventResponse(saved);
}
