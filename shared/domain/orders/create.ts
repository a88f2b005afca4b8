import { randomUUID } from 'node:crypto';
import type { Principal } from '../users/principal';
import { conflict } from '../../errors';
import { isPreconditionFailed, withEtagRetry } from '../../store/outcomes';
import { projectionStamp } from '../events/capacity/model';
import type { EventDoc } from '../events/model';
import { getEvent } from '../events/repo';
import { orderSortKey, type OrderDoc } from './model';
import { createOrderDoc, createOrderUnderAllocations } from './repo';
import { quotaSnapshot } from '../allocations/repo';
import { quotaViolation } from '../allocations/rules';
import { assertEventTakesOrders, buildOrderLines, orderTotals, resolveShowtime } from './creation-rules';
import { toOrderResponse } from './mapper';
import type { CreateOrderBody } from './schemas';

/**
 * POST /api/orders: a pending request with order-time prices. Store calls: one event read and one create;
 * with `enableQuotas` one query (the member's allocations and orders for the event) and one transactional batch
 * that rewrites every applicable allocation under its ETag together with the order, so parallel requests are
 * serialized by the allocation and cannot pass the limit together.
 */
export async function createOrder(principal: Principal, organizationId: string, body: CreateOrderBody) {
  const event = await getEvent(organizationId, body.eventId);
  assertEventTakesOrders(event);
  const showtime = resolveShowtime(event, body.showtimeId);
  const tickets = buildOrderLines(event, body.tickets);
  const now = new Date().toISOString();
  const order: OrderDoc = {
    id: randomUUID(),
    docType: 'order',
    organizationId,
    eventId: event.id,
    eventName: event.name,
    showtimeId: showtime.showtimeId,
    showtimeDateTime: showtime.dateTime,
    ...(showtime.label !== undefined ? { showtimeLabel: showtime.label } : {}),
    requestedBy: principal.userId,
    requestedByName: principal.user?.name ?? '',
    requestedByEmail: principal.user?.email ?? '',
    tickets,
    ...orderTotals(tickets),
    status: 'pending',
    capacityQuantity: 0,
    ...(body.note !== undefined ? { note: body.note } : {}),
    ...projectionStamp(event),
    createdAt: now,
    updatedAt: now,
  };
  order.sortKey = orderSortKey(order);
  const saved = event.enableQuotas ? await createWithinQuota(event, order) : await createOrderDoc(order);
  return toOrderResponse(saved, principal);
}

async function createWithinQuota(event: EventDoc, order: OrderDoc): Promise<OrderDoc> {
  try {
    return await withEtagRetry(async () => {
      const { allocations, orders } = await quotaSnapshot(event.organizationId, event.id, order.requestedBy);
      const applicable = allocations.filter((a) => !a.showtimeId || a.showtimeId === order.showtimeId);
      const violation = quotaViolation(applicable, orders, order);
      if (violation) {
        throw conflict('This request goes beyond your allocation', 'ALLOCATION_EXCEEDED', { ...violation });
      }
      return createOrderUnderAllocations(order, applicable);
    }, 25);
  } catch (error) {
    if (isPreconditionFailed(error)) throw conflict('The allocation is busy; try again');
    throw error;
  }
}
