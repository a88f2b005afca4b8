import { badRequest } from '../../errors';
import type { BatchWrite } from '../tickets/repo';
import { isStatusIn, REPORTED_STATUSES, type OrderDoc } from '../orders/model';
import { bookWrite } from '../tickets/issue';
import { orderHolding } from '../orders/tickets';
import { getBook } from '../tickets/repo';
import { chooseTickets } from '../tickets/rules';

/**
 * The ticket writes of a transfer (docs/decisions/tickets.md, "Transfers"): a full transfer hands the whole book
 * to the recipient; a partial one moves the named serials (default: the highest-numbered issued tickets of each
 * moving type) out of the source's book into the new order's book, keeping their serials and codes. An order not
 * yet delivered has no tickets: nothing to move. Reads: the source's book, once.
 */
export async function transferTicketWrites(
  before: OrderDoc,
  source: OrderDoc,
  destination: OrderDoc | undefined,
  serials: string[] | undefined,
): Promise<BatchWrite[]> {
  if (!isStatusIn(REPORTED_STATUSES, before.status)) {
    if (serials !== undefined) throw notDelivered();
    return [];
  }
  const book = await getBook(before.organizationId, before.id, before.showtimeId);
  if (!book) {
    if (serials !== undefined) throw notDelivered();
    return [];
  }
  const at = new Date().toISOString();
  if (!destination) return [bookWrite(book, book.tickets, at, orderHolding(source))];
  const perType = new Map(destination.tickets.map((l) => [l.ticketTypeId, l.quantity]));
  const moving = chooseTickets(book.tickets, perType, serials, '/serials');
  const numbers = new Set(moving.map((t) => t.number));
  const staying = book.tickets.filter((t) => !numbers.has(t.number));
  const moved = moving.map((t) => ({ ...t, changedAt: at })).sort((a, b) => a.number - b.number);
  return [
    bookWrite(book, staying, at, orderHolding(source)),
    bookWrite(undefined, moved, at, orderHolding(destination)),
  ];
}

const notDelivered = () =>
  badRequest('This order has no numbered tickets to name', [{ path: '/serials', message: 'no numbered tickets' }]);
