import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import type { EventDoc } from '../events/model';
import { getEvent } from '../events/repo';
import { saveOrder, type OrderDoc } from './repo';
import { releaseCapacity, takeCapacity, type EventRef } from '../capacity/counter';
import { assertOwnerOrAdmin, loadOrder } from './access';
import { retryOnContention } from '../common/contention';
import { toOrderResponse } from './mapper';
import { applySoldReport, assertAccepts } from './rules';
import type { ReportSoldBody } from './schemas';

/**
 * POST /api/orders/{id}/report-sold (lifecycle rule 1). Seats for the increase are taken from the showtime's
 * counter first (conditional patch: 409 CAPACITY_EXCEEDED), then the order is replaced under its ETag. When the
 * replace loses to another writer the seats go back and the whole request is re-evaluated against the new
 * order, so two parallel reports on one order can never both apply their increase.
 * The sales lock is checked by the same conditional patch (the counters mirror the event's lock), so no event
 * read is needed. Store calls: order read, counter patch, order replace.
 */
export async function reportSold(principal: Principal, organizationId: string, orderId: string, body: ReportSoldBody) {
  const saved = await retryOnContention(async () => {
    const order = await loadOrder(organizationId, orderId);
    assertOwnerOrAdmin(order, principal);
    assertAccepts(order.status, 'reportSold');
    const { delta, next } = applySoldReport(order, body);
    if (next === order) return order; // the same total again: nothing to write
    if (delta === 0) return saveOrder({ ...next, _etag: order._etag }); // completes a force-recorded order
    return takeThenSave({ id: order.eventId, organizationId }, order, next, delta);
  }, 20);
  return toOrderResponse(saved, principal);
}

export async function eventOf(order: OrderDoc): Promise<EventDoc> {
  const event = await getEvent(order.organizationId, order.eventId);
  if (!event) throw notFound('Event');
  return event;
}

/** Take the seats, then the conditional replace; a failed replace gives the seats back before it propagates. */
async function takeThenSave(event: EventRef, order: OrderDoc & { _etag: string }, next: OrderDoc, delta: number) {
  await takeCapacity({ event, showtimeId: order.showtimeId, channel: 'orders', delta, respectLock: true });
  try {
    return await saveOrder({ ...next, _etag: order._etag });
  } catch (error) {
    await releaseCapacity(event, order.showtimeId, 'orders', delta);
    throw error;
  }
}
