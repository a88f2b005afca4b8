import { badRequest } from '../../errors';
import type { BatchWrite } from '../tickets/repo';
import { isStatusIn, REPORTED_STATUSES, type OrderDoc } from './model';
import { bookWrite, ticketWrites } from '../tickets/issue';
import { getBook } from '../tickets/repo';
import { chooseTickets, markReturned, reconcileTickets } from '../tickets/rules';

/** What the caller names beside the order's own change: the serials a return gives back. */
export interface OrderTicketIntent {
  returnSerials?: string[];
}

const holdsTickets = (order: OrderDoc | undefined) =>
  order !== undefined && !order.deletedAt && isStatusIn(REPORTED_STATUSES, order.status);

export const orderHolding = (order: OrderDoc, wanted = order.tickets) => ({
  organizationId: order.organizationId,
  eventId: order.eventId,
  showtimeId: order.showtimeId,
  source: { kind: 'order' as const, id: order.id },
  holderId: order.requestedBy,
  holderName: order.requestedByName,
  wanted: wanted.map((l) => ({ ticketTypeId: l.ticketTypeId, ticketTypeName: l.ticketTypeName, quantity: l.quantity })),
});

/**
 * The ticket writes that travel with an order's write (docs/decisions/tickets.md): delivery issues one ticket per
 * ordered ticket (a fresh book, the serial counter), a return marks the named (or highest-numbered issued)
 * tickets of the returned types `returned`, and a cancellation or deletion of an order that held tickets voids
 * them. Anything else leaves the tickets alone (no write, no read).
 */
export async function orderTicketWrites(
  before: OrderDoc | undefined,
  after: OrderDoc,
  intent: OrderTicketIntent = {},
): Promise<BatchWrite[]> {
  const had = holdsTickets(before);
  const has = holdsTickets(after);
  if (!had && has) return ticketWrites(orderHolding(after), { fresh: true });
  if (had && !has) return ticketWrites(orderHolding(after, []));
  if (!has || !before) return [];
  const perType = returnedNow(before, after);
  if (perType.size === 0) {
    if (intent.returnSerials !== undefined) throw noSerialsHere();
    return [];
  }
  const book = await getBook(after.organizationId, after.id, after.showtimeId);
  if (!book) {
    // An order delivered before tickets were numbered: its return is counted as always, with no tickets to name.
    if (intent.returnSerials !== undefined) throw noSerialsHere();
    return [];
  }
  const at = new Date().toISOString();
  const chosen = chooseTickets(book.tickets, perType, intent.returnSerials, '/serials');
  return [bookWrite(book, markReturned(book.tickets, chosen, at), at, orderHolding(after))];
}

const noSerialsHere = () =>
  badRequest('This order has no numbered tickets to name', [{ path: '/serials', message: 'no numbered tickets' }]);

/** Per type, how many tickets this write returns (the difference of the per-type returned counts). */
function returnedNow(before: OrderDoc, after: OrderDoc): Map<string, number> {
  const count = (o: OrderDoc) =>
    new Map((o.returnedTypeQuantities ?? []).map((t) => [t.ticketTypeId, t.returnQuantity]));
  const was = count(before);
  const diff = new Map<string, number>();
  for (const [type, n] of count(after)) if (n > (was.get(type) ?? 0)) diff.set(type, n - (was.get(type) ?? 0));
  return diff;
}

/** Voids every ticket an order's book holds (kept for callers that void without an order change). */
export const voidAll = (tickets: Parameters<typeof reconcileTickets>[0], at: string) =>
  reconcileTickets(tickets, [], 0, at).tickets;
