import type { Principal } from '../users/principal';
import { saveOrder, getOrder } from './repo';
import type { Stored } from '../../store/outcomes';
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
    // Completes a force-recorded order.
    if (delta === 0) return saveOrder({ ...next, _etag: order._etag }, order, { carriesKey: true });
    return takeThenSave(eventRefOf(order), order, next, delta).catch((error: unknown) =>
      judgeRefusalAgainstLatest(error, organizationId, order),
    );
  }, 20);
}

/**
 * A capacity refusal is judged against the order as it is now, not as it was read: identical reports sent in
 * parallel each hold seats for the same increase, so one of them can be refused by its twins' holds although the
 * total it asks for is about to be (or already is) recorded. When the order changed meanwhile the report is decided
 * again (a repeat of the recorded total is a no-op: 200); a twin still in flight gets a few short waits to land.
 * Only the refusal path pays these reads: the steady report keeps its three store calls (docs/operations.md).
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

/** Take the seats, then the conditional replace; a failed replace gives the seats back and keeps its own error. */
function takeThenSave(event: EventRef, order: OrderDoc & { _etag: string }, next: OrderDoc, delta: number) {
  const seats = showtimeSeats([
    { event, showtimeId: order.showtimeId, channel: 'orders', delta, respectLock: true, documentId: order.id },
  ]);
  return withCapacity(seats, () => saveOrder({ ...seats.mark(next), _etag: order._etag }, order, { carriesKey: true }));
}
