import type { Principal } from '../users/principal';
import { saveOrder } from './repo';
import type { OrderDoc } from './model';
import { eventRefOf, type EventRef } from '../events/capacity/model';
import { showtimeSeats, withCapacity } from '../events/capacity/with-capacity';
import { assertOwnerOrAdmin, loadOrder } from './access';
import { retryOnContention } from '../vocabulary/contention';
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
  const saved = await reportSoldAs(organizationId, orderId, body, (order) => assertOwnerOrAdmin(order, principal));
  return toOrderResponse(saved, principal);
}

/**
 * The report itself, with the caller's authority checked by `authorize` on every (re)read of the order: the
 * owner side asks for the order's owner or an admin, the delegated partner side for the partner's own order
 * and its Ticket Manager+ or buyer. Same capacity gate, same store calls.
 */
export async function reportSoldAs(
  organizationId: string,
  orderId: string,
  body: ReportSoldBody,
  authorize: (order: OrderDoc) => void,
): Promise<OrderDoc> {
  return retryOnContention(async () => {
    const order = await loadOrder(organizationId, orderId);
    authorize(order);
    assertAccepts(order.status, 'reportSold');
    const { delta, next } = applySoldReport(order, body);
    if (next === order) return order; // the same total again: nothing to write
    if (delta === 0) return saveOrder({ ...next, _etag: order._etag }); // completes a force-recorded order
    return takeThenSave(eventRefOf(order), order, next, delta);
  }, 20);
}

/** Take the seats, then the conditional replace; a failed replace gives the seats back and keeps its own error. */
function takeThenSave(event: EventRef, order: OrderDoc & { _etag: string }, next: OrderDoc, delta: number) {
  const seats = showtimeSeats([
    { event, showtimeId: order.showtimeId, channel: 'orders', delta, respectLock: true, documentId: order.id },
  ]);
  return withCapacity(seats, () => saveOrder({ ...seats.mark(next), _etag: order._etag }));
}
