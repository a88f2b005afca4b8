import { conflict } from '../../errors';
import { effectiveSoldQuantity } from './rules';
import type { OrderDoc } from './model';
import { getBook } from '../tickets/repo';

/**
 * Settling an order whose tickets came through the door more often than it reports sold would invoice the member
 * for less than they collected: the treasurer is warned first (409 ADMITTED_BEYOND_SOLD with both figures) and
 * settles anyway by sending `confirm: true`. One read: the order's ticket book.
 */
export async function assertAdmittedWithinSold(order: OrderDoc) {
  const book = await getBook(order.organizationId, order.id, order.showtimeId);
  const admitted = book?.tickets.filter((t) => t.status === 'admitted').length ?? 0;
  const reportedSold = effectiveSoldQuantity(order);
  if (admitted > reportedSold) {
    throw conflict(
      `${admitted} of this order's tickets came through the door but ${reportedSold} are reported sold`,
      'ADMITTED_BEYOND_SOLD',
      { admitted, reportedSold },
    );
  }
}
