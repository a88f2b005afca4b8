import { randomUUID } from 'node:crypto';
import type { PartnerGrant } from '../delegations/partner-access';
import type { Principal } from '../users/principal';
import { badRequest, conflict } from '../../errors';
import { counterId } from '../events/capacity/model';
import { readCounter } from '../events/capacity/repo';
import { actorOf } from '../users/actor';
import { getMembership } from '../memberships/repo';
import { buildOrderLines, resolveShowtime } from '../orders/creation-rules';
import { createOrderDoc } from '../orders/repo';
import { getUser } from '../users/repo';
import { contextOf, stampOf } from './context';
import { toPartnerOrderResponse } from './mapper';
import type { PersonStamp } from './model';
import {
  assertEventSells,
  assertPermission,
  delegatedOrder,
  deliveredOnBehalf,
  onBehalfCapacityRefusal,
  showtimeRemaining,
} from './rules';
import type { OnBehalfOrderBody, SelfOrderBody } from './schemas';

/**
 * What both creation paths check against the owner's event that the scope read, before anything else is read:
 * the permission, the event open for sales, its showtime (required when there are several) and its ticket types
 * with today's prices. `build` then stamps the order with its seller and buyer.
 */
function draft(grant: PartnerGrant, body: SelfOrderBody) {
  assertPermission(grant.delegation.permissions, 'canCreateSales');
  const event = grant.event;
  assertEventSells(event);
  const showtime = resolveShowtime(event, body.showtimeId);
  const tickets = buildOrderLines(event, body.tickets);
  const build = (seller: PersonStamp, buyer: PersonStamp) =>
    delegatedOrder({
      id: randomUUID(),
      ctx: contextOf(grant),
      event,
      showtime,
      tickets,
      seller,
      buyer,
      ...(body.note !== undefined ? { note: body.note } : {}),
      now: new Date().toISOString(),
    });
  return { event, showtime, build };
}

/**
 * POST .../orders/self (docs/decisions/delegated-orders.md): a pending order of the calling partner member, for themselves, in the
 * owner's partition. No seats are held (as for owner orders, report-sold takes them). The feature switch is the
 * route's gate. Store calls: the scope's four reads and one create.
 */
export async function createSelfServiceOrder(principal: Principal, grant: PartnerGrant, body: SelfOrderBody) {
  const caller = stampOf(principal);
  const order = draft(grant, body).build(caller, caller);
  return toPartnerOrderResponse(await createOrderDoc(order));
}

/**
 * POST .../orders, the deprecated on-behalf path (docs/decisions/delegated-orders.md): a partner Ticket Manager+ records an order for an
 * approved member of the partner, created delivered with sold 0 and returned 0. A request for more tickets than
 * the showtime has left on the owner's live counter is 409 CAPACITY_EXCEEDED and creates nothing; seats are
 * still taken only by report-sold. Store calls: the scope's four reads, then membership, user and counter in
 * parallel, and one create.
 */
export async function createOnBehalfOrder(principal: Principal, grant: PartnerGrant, body: OnBehalfOrderBody) {
  const { event, showtime, build } = draft(grant, body);
  const [membership, user, counter] = await Promise.all([
    getMembership(grant.partnerOrganizationId, body.buyerUserId),
    getUser(body.buyerUserId),
    readCounter(event.organizationId, counterId(event.id, showtime.showtimeId)),
  ]);
  if (!membership?.approved || membership.organizationDeletedAt || !user || user.deletedAt) {
    throw badRequest('buyerUserId must name an approved member of the partner organization', [
      { path: '/buyerUserId', message: 'is not an approved member of the partner organization' },
    ]);
  }
  const order = build(stampOf(principal), { id: user.id, name: user.name, email: user.email });
  if (counter?.locked) throw conflict('Sales are locked for this event', 'SALES_LOCKED');
  const refusal = onBehalfCapacityRefusal(
    showtimeRemaining(event.venueCapacity, showtime, counter),
    order.totalQuantity,
  );
  if (refusal) throw conflict('Not enough remaining capacity for this showtime', 'CAPACITY_EXCEEDED', refusal);
  return toPartnerOrderResponse(await createOrderDoc(deliveredOnBehalf(order, actorOf(principal))));
}
