import type { Principal } from '../users/principal';
import { commitOrderSale, saveOrder } from './repo';
import type { OrderDoc } from './model';
import type { CapacityRequest } from '../events/capacity/counter';
import { eventRefOf, sharedEventIdOf } from '../events/capacity/model';
import { assertOwnerOrAdmin, loadOrder } from './access';
import { sellOnProjection } from './projection-sale';
import { retryOnContention } from '../vocabulary/contention';
import { toOrderResponse } from './mapper';
import { applySoldReport, assertAccepts } from './rules';
import type { ReportSoldBody } from './schemas';

/**
 * POST /api/orders/{id}/report-sold (lifecycle rule 1). On an ordinary event the order's ETag replace, the
 * showtime counter's conditional patch (`sold + n <= capacity AND locked = false`: 409 CAPACITY_EXCEEDED or
 * SALES_LOCKED) and the order's money move in ONE transactional batch (orders/repo.ts `commitOrderSale`): all or
 * nothing, no seats held apart from the sale. A lost ETag is a twin or a concurrent change: the order is read again
 * and the report decided again (a repeat of the recorded total is a 200 no-op), however late the twin arrives. The
 * sales lock is checked by the same conditional patch (the counters mirror the event's lock), so no event read is
 * needed. Store calls: order read, one batch (with authentication's user read, 3 a request). On a Shared Event
 * projection the sale spans two partitions (projection-sale.ts): twins are told apart there by the hold's identity
 * and the order's ETag, never by timed re-reads.
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
    // Completes a force-recorded order.
    if (delta === 0) return saveOrder({ ...next, _etag: order._etag }, order, { carriesKey: true });
    const stamped = { ...next, updatedAt: new Date().toISOString() };
    const seats = soldSeats(order, delta);
    // The decisive write carries the request's Idempotency-Key record (store/write-token.ts), whichever path it takes.
    const sharedEventId = sharedEventIdOf(seats.event);
    if (sharedEventId === undefined) return commitOrderSale(order, stamped, seats, { carriesKey: true });
    return sellOnProjection(order, next, { ...seats, sharedEventId });
  }, 20);
}

const soldSeats = (order: OrderDoc, delta: number): CapacityRequest => ({
  event: eventRefOf(order),
  showtimeId: order.showtimeId,
  channel: 'orders',
  delta,
  respectLock: true,
  documentId: order.id,
});
