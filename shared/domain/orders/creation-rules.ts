import { badRequest, conflict } from '../../errors';
import { lineTotals } from '../vocabulary/money';
import type { EventDoc, Showtime } from '../events/model';
import type { OrderLine } from './model';
import { assertLiveEvent } from '../events/live-event';

/** Pure checks of an order request against its event (docs/decisions/orders.md). */
export interface RequestedTickets {
  ticketTypeId: string;
  quantity: number;
}

/** Marks an event whose orders go through the delegated-sales routes (document 02); see docs/decisions/orders.md. */
type RoutableEvent = EventDoc & { orderRouting?: string };

export function assertEventTakesOrders(event: EventDoc | undefined): asserts event is EventDoc {
  assertLiveEvent(event);
  const routing = (event as RoutableEvent).orderRouting;
  // A Shared Event projection takes orders and direct sales like any event of its organization: their seats come
  // from the Shared Event's counters (events/capacity/with-capacity.ts), taken when tickets are reported sold.
  if (routing !== undefined && routing !== 'direct') {
    throw conflict('Orders for this event are placed through the delegated-sales endpoints', 'WRONG_ENDPOINT');
  }
  if (!event.active) throw conflict('The event is not active');
  // A projection whose organization left or was removed takes no new orders (its seats would come from the
  // Shared Event, which report-sold refuses anyway: docs/decisions/shared-event-roster.md).
  const participantStatus = (event.sharedEventLink as { participantStatus?: string } | undefined)?.participantStatus;
  if (participantStatus !== undefined && participantStatus !== 'active' && participantStatus !== 'accepted') {
    throw conflict('Your organization no longer takes part in this Shared Event', 'PARTICIPANT_NOT_ACTIVE', {
      participantStatus,
    });
  }
  if (event.salesLocked) throw conflict('Sales are locked for this event', 'SALES_LOCKED');
}

/** The given showtime, or the only one; required when the event has several. */
export function resolveShowtime(event: EventDoc, showtimeId: string | undefined): Showtime {
  if (showtimeId === undefined) {
    if (event.showtimes.length === 1) return event.showtimes[0];
    throw badRequest('showtimeId is required for an event with several showtimes', [
      { path: '/showtimeId', message: 'is required' },
    ]);
  }
  const showtime = event.showtimes.find((s) => s.showtimeId === showtimeId);
  if (!showtime) throw badRequest('Unknown showtime for this event', [{ path: '/showtimeId', message: 'is unknown' }]);
  return showtime;
}

/** Order lines with the ticket type's price and fee copied at this moment; unknown or repeated types: 400. */
export function buildOrderLines(event: EventDoc, tickets: RequestedTickets[]): OrderLine[] {
  const seen = new Set<string>();
  return tickets.map((requested, index) => {
    const type = event.ticketTypes.find((t) => t.id === requested.ticketTypeId);
    const path = `/tickets/${index}/ticketTypeId`;
    if (!type) throw badRequest('Unknown ticket type for this event', [{ path, message: 'is unknown' }]);
    if (seen.has(type.id)) throw badRequest('A ticket type appears twice', [{ path, message: 'is repeated' }]);
    seen.add(type.id);
    return {
      ticketTypeId: type.id,
      ticketTypeName: type.name,
      quantity: requested.quantity,
      unitPrice: type.price,
      fee: type.fee,
    };
  });
}

/** totalAmount = Σ quantity × unit price, totalFees = Σ quantity × fee, both in exact cents. */
export function orderTotals(lines: OrderLine[]) {
  const totals = lineTotals(lines);
  return { totalQuantity: totals.quantity, totalAmount: totals.amount, totalFees: totals.fees };
}
