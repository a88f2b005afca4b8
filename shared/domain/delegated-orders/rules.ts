import { DomainError, conflict, forbidden, notFound } from '../../errors';
import type { CapacityCounterDoc } from '../events/capacity/model';
import { remainingOf } from '../events/capacity/rules';
import type { EventDoc, Showtime } from '../events/model';
import { orderSortKey, type OrderDoc, type OrderLine } from '../orders/model';
import { orderTotals } from '../orders/creation-rules';
import type { DelegatedContext, DelegationPermission, PersonStamp } from './model';

/**
 * The partner-side rules of docs/decisions/delegated-orders.md as pure functions: which orders a partner route may touch, the
 * permission bundle, who may act on an order, the on-behalf capacity check, the sales context and the shape of a
 * new delegated order.
 */

/**
 * An order the partner holds selling authority over under THIS delegation (docs/decisions/delegated-orders.md): live, of this
 * event, sold by this partner and created under this delegation. A transfer strips `soldByOrganizationId` and
 * `delegationId`, so an order transferred away is no longer the partner's.
 */
export const isPartnersOrder = (
  order: Pick<OrderDoc, 'eventId' | 'soldByOrganizationId' | 'delegationId' | 'deletedAt'>,
  ctx: Pick<DelegatedContext, 'eventId' | 'partnerOrganizationId' | 'delegationId'>,
): boolean =>
  !order.deletedAt &&
  order.eventId === ctx.eventId &&
  order.soldByOrganizationId === ctx.partnerOrganizationId &&
  order.delegationId === ctx.delegationId;

/** 404 for any order that is not the partner's under this delegation: the id says nothing either way. */
export function assertPartnersOrder(order: OrderDoc, ctx: DelegatedContext): void {
  if (!isPartnersOrder(order, ctx)) throw notFound('Order');
}

/**
 * The bundle is fixed (docs/decisions/delegated-orders.md): every permission is granted on an active delegation; `canApproveOwnMemberOrders`
 * may be absent (delegations older than v1.2.0) and then counts as granted. Only an explicit `false`, which no
 * route writes, withholds one.
 */
export function hasPermission(permissions: object | undefined, permission: DelegationPermission): boolean {
  return (permissions as Partial<Record<DelegationPermission, boolean>> | undefined)?.[permission] !== false;
}

export function assertPermission(permissions: object | undefined, permission: DelegationPermission): void {
  if (!hasPermission(permissions, permission)) {
    throw forbidden(`The sales delegation does not grant ${permission}`);
  }
}

/** Cancel, report-sold and report-returned: the buyer of record for their own order, or the partner's Ticket Manager+. */
export function assertBuyerOrManager(order: Pick<OrderDoc, 'buyerUserId'>, callerId: string, isManager: boolean) {
  if (!isManager && order.buyerUserId !== callerId) {
    throw forbidden('Only the buyer of this order or a ticket manager of the partner organization can do this');
  }
}

/** The partner cancels only pending orders; approved or delivered ones are cancelled on owner-side routes (docs/decisions/delegated-orders.md). */
export function assertPartnerCancellable(order: Pick<OrderDoc, 'status'>): void {
  if (order.status !== 'pending') {
    throw new DomainError(
      'INVALID_ORDER_STATE',
      `An order in state ${order.status} cannot be cancelled through the partner routes; only pending orders can`,
    );
  }
}

/**
 * report-returned date policy (docs/decisions/delegated-orders.md, docs/decisions/delegated-orders.md lifecycle rule 2): the partner's Ticket Manager+ may record a
 * return for a member at any time; a member returning their own order waits until the showtime has passed.
 */
export function assertReturnAllowedNow(
  order: Pick<OrderDoc, 'showtimeDateTime'>,
  isManager: boolean,
  now = Date.now(),
): void {
  if (isManager) return;
  if (order.showtimeDateTime === undefined || Date.parse(order.showtimeDateTime) > now) {
    throw forbidden('Members can return tickets only after the showtime has passed');
  }
}

/** The owner's event must be open for sales: inactive 409 CONFLICT, locked 409 SALES_LOCKED (as owner orders). */
export function assertEventSells(event: Pick<EventDoc, 'active' | 'salesLocked'>): void {
  if (!event.active) throw conflict('The event is not active');
  if (event.salesLocked) throw conflict('Sales are locked for this event', 'SALES_LOCKED');
}

/** Seats left on a showtime: from its counter, or (no counter yet) from the event's capacity and manual count. */
export function showtimeRemaining(
  venueCapacity: number,
  showtime: Pick<Showtime, 'externalSold'>,
  counter: Pick<CapacityCounterDoc, 'sold'> | undefined,
): number {
  return remainingOf(venueCapacity, counter ? counter.sold : (showtime.externalSold ?? 0));
}

/**
 * The on-behalf path's capacity check (docs/decisions/delegated-orders.md): a request for more tickets than the showtime has left is
 * 409 CAPACITY_EXCEEDED with the same data as report-sold. Seats are still taken only by report-sold.
 */
export function onBehalfCapacityRefusal(remaining: number, requested: number) {
  return requested > remaining ? { availableCapacity: remaining, requestedDelta: requested } : undefined;
}

export interface NewDelegatedOrder {
  id: string;
  ctx: DelegatedContext;
  event: Pick<EventDoc, 'id' | 'name'>;
  showtime: Pick<Showtime, 'showtimeId' | 'dateTime' | 'label'>;
  tickets: OrderLine[];
  seller: PersonStamp;
  buyer: PersonStamp;
  note?: string;
  now: string;
}

/**
 * A pending delegated order in the owner's partition: order-time prices, attribution stamped (the partner's name
 * as of now), the buyer as the requesting person, and no seats held (capacity is taken by report-sold).
 */
export function delegatedOrder(input: NewDelegatedOrder): OrderDoc {
  const { ctx, showtime, buyer, seller } = input;
  const order: OrderDoc = {
    id: input.id,
    docType: 'order',
    organizationId: ctx.ownerOrganizationId,
    eventId: input.event.id,
    eventName: input.event.name,
    showtimeId: showtime.showtimeId,
    showtimeDateTime: showtime.dateTime,
    ...(showtime.label !== undefined ? { showtimeLabel: showtime.label } : {}),
    requestedBy: buyer.id,
    requestedByName: buyer.name,
    requestedByEmail: buyer.email,
    tickets: input.tickets,
    ...orderTotals(input.tickets),
    status: 'pending',
    capacityQuantity: 0,
    ...(input.note !== undefined ? { note: input.note } : {}),
    soldByOrganizationId: ctx.partnerOrganizationId,
    soldByOrganizationName: ctx.partnerOrganizationName,
    soldByUserId: seller.id,
    soldByUserName: seller.name,
    delegationId: ctx.delegationId,
    buyerUserId: buyer.id,
    buyerUserName: buyer.name,
    buyerUserEmail: buyer.email,
    createdAt: input.now,
    updatedAt: input.now,
  };
  order.sortKey = orderSortKey(order);
  return order;
}

/** The on-behalf order: delivered at once with sold 0 and returned 0, approved and delivered by the caller. */
export function deliveredOnBehalf(order: OrderDoc, actor: { id: string; name: string; at: string }): OrderDoc {
  return {
    ...order,
    status: 'delivered',
    soldQuantity: 0,
    returnedQuantity: 0,
    approvedBy: actor.id,
    approvedByName: actor.name,
    approvedAt: actor.at,
    deliveredBy: actor.id,
    deliveredByName: actor.name,
    deliveredAt: actor.at,
  };
}

/**
 * GET sales-context (docs/decisions/delegated-orders.md): what a seller needs to order, and per showtime `{ showtimeId, venueCapacity,
 * remaining }` as an advisory hint. Only event, showtime and ticket-type ids leave the owner's event.
 */
export function salesContextOf(
  event: EventDoc,
  counters: Pick<CapacityCounterDoc, 'showtimeId' | 'sold'>[],
  extra: { delegationId: string; ownerOrganizationName?: string },
) {
  const byShowtime = new Map(counters.map((c) => [c.showtimeId, c]));
  return {
    ...delegatedEventHeader(event, extra.ownerOrganizationName),
    delegationId: extra.delegationId,
    ticketTypes: ticketTypesOnOffer(event),
    showtimes: event.showtimes.map((s) => ({
      ...showtimeHeader(s),
      venueCapacity: event.venueCapacity,
      remaining: showtimeRemaining(event.venueCapacity, s, byShowtime.get(s.showtimeId)),
    })),
  };
}

/** The event as a partner sees it, in the sales context and the member catalog alike. */
export function delegatedEventHeader(event: EventDoc, ownerOrganizationName: string | undefined) {
  return {
    eventId: event.id,
    eventName: event.name,
    date: event.date,
    ...(event.location !== undefined ? { location: event.location } : {}),
    ...(ownerOrganizationName !== undefined ? { ownerOrganizationName } : {}),
    active: event.active,
    salesLocked: event.salesLocked === true,
  };
}

export const showtimeHeader = (s: EventDoc['showtimes'][number]) => ({
  showtimeId: s.showtimeId,
  dateTime: s.dateTime,
  ...(s.label !== undefined ? { label: s.label } : {}),
});

/** The owner's ticket types as a partner sees them (sales context and member catalog): by sortOrder, prices only. */
export const ticketTypesOnOffer = (event: Pick<EventDoc, 'ticketTypes'>) =>
  [...event.ticketTypes]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((t) => ({ id: t.id, name: t.name, price: t.price, fee: t.fee }));
