import type { Principal } from '../users/principal';
import { forbidden } from '../../errors';
import { saveOrder } from './repo';
import type { OrderDoc } from './model';
import { assertOwnerOrManager, isAtLeast, loadOrder } from './access';
import { retryOnContention } from '../vocabulary/contention';
import { toOrderResponse } from './mapper';
import { applyReturn, assertAccepts } from './rules';
import type { ReturnBody } from './schemas';

/**
 * POST /api/orders/{id}/return (lifecycle rule 2): an increment of returned tickets, never above the outstanding
 * balance. Returns never took capacity (seats are only taken for reported sales), so none is released.
 * A member returns only their own tickets and only once the showtime (or the event date) has passed;
 * Ticket Manager+ may record returns for anyone at any time. Store calls: order read, order replace.
 */
export async function recordReturn(principal: Principal, organizationId: string, orderId: string, body: ReturnBody) {
  const saved = await recordReturnAs(organizationId, orderId, body, (order) => {
    assertOwnerOrManager(order, principal);
    if (!isAtLeast(principal, 'ticketManager') && !showtimePassed(order)) {
      throw forbidden('Members can return tickets only after the showtime has passed');
    }
  });
  return toOrderResponse(saved, principal);
}

/**
 * The return itself, with the caller's authority and the date policy checked by `authorize` on every (re)read of
 * the order (owner side above; the delegated partner side applies the same policy to the partner's roles).
 */
export function recordReturnAs(
  organizationId: string,
  orderId: string,
  body: ReturnBody,
  authorize: (order: OrderDoc) => void,
): Promise<OrderDoc> {
  return retryOnContention(async () => {
    const order = await loadOrder(organizationId, orderId);
    authorize(order);
    assertAccepts(order.status, 'return');
    // The decisive write: an incremental return retried after a lost answer must not return twice.
    return saveOrder({ ...applyReturn(order, body), _etag: order._etag }, order, { carriesKey: true });
  }, 20);
}

/** The order carries its showtime's date from creation; the event date is never needed separately. */
export const showtimePassed = (order: OrderDoc, now = Date.now()) =>
  order.showtimeDateTime !== undefined && Date.parse(order.showtimeDateTime) <= now;
