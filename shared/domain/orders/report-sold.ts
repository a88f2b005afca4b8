import type { Principal } from '../users/principal';
import { commitOrderSale, saveOrder, getOrder } from './repo';
import type { Stored } from '../../store/outcomes';
import type { OrderDoc } from './model';
import type { CapacityRequest } from '../events/capacity/counter';
import { eventRefOf, sharedEventIdOf } from '../events/capacity/model';
import { showtimeSeats, withCapacity } from '../events/capacity/with-capacity';
import { assertOwnerOrAdmin, loadOrder } from './access';
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
 * needed. Store calls: order read, one batch (with authentication's user read, 3 a request).
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
    if (sharedEventIdOf(seats.event) === undefined) return commitOrderSale(order, stamped, seats, { carriesKey: true });
    return takeThenSave(seats, order, next).catch((error: unknown) =>
      judgeRefusalAgainstLatest(error, organizationId, order),
    );
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

/**
 * A Shared Event projection's sale spans two partitions (docs/scaling.md): the Shared Event's counter is the gate,
 * so identical reports in parallel each reserve there before one of them replaces the order, and one can be refused
 * by its twins' holds although its total is about to be recorded. The refusal is judged against the order as it is
 * now (a twin that landed makes it a 200 no-op); a twin still in flight gets a few short waits to land. Only this
 * refusal path on a projection pays these reads; an ordinary event's sale is one batch and never waits.
 */
async function judgeRefusalAgainstLatest(
  error: unknown,
  organizationId: string,
  read: Stored<OrderDoc>,
): Promise<never> {
  if ((error as { code?: string }).code !== 'CAPACITY_EXCEEDED') throw error;
  for (const waitMs of [0, 15, 40, 80]) {
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    const latest = await getOrder(organizationId, read.id);
    if (latest && latest._etag !== read._etag) throw Object.assign(new Error('order changed meanwhile'), { code: 412 });
  }
  throw error;
}

/** Reserve on the Shared Event, then the conditional replace; a failed replace gives the seats back. */
function takeThenSave(request: CapacityRequest, order: OrderDoc & { _etag: string }, next: OrderDoc) {
  const seats = showtimeSeats([request]);
  return withCapacity(seats, () => saveOrder({ ...seats.mark(next), _etag: order._etag }, order, { carriesKey: true }));
}
