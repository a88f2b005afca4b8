import type { Actor } from '../users/actor';
import type { OrderDoc } from './model';
import { assertAccepts } from './rules';

/**
 * The state moves of a printed-ticket order as pure functions, one definition each for the owner's management
 * routes (orders/transitions.ts) and the partner's (delegated-orders/transitions.ts): each checks that the state
 * accepts the move and stamps who made it (id and display name) and when.
 */
export function approvedOrder(order: OrderDoc, actor: Actor): OrderDoc {
  assertAccepts(order.status, 'approve');
  return { ...order, status: 'approved', approvedBy: actor.id, approvedByName: actor.name, approvedAt: actor.at };
}

/** Deliver starts the reports: soldQuantity 0 and returnedQuantity 0 are recorded, never left absent. */
export function deliveredOrder(order: OrderDoc, actor: Actor): OrderDoc {
  assertAccepts(order.status, 'deliver');
  return {
    ...order,
    status: 'delivered',
    soldQuantity: 0,
    returnedQuantity: 0,
    deliveredBy: actor.id,
    deliveredByName: actor.name,
    deliveredAt: actor.at,
  };
}

/** Cancel: pending or approved only (a partner may narrow it further); neither holds capacity. */
export function cancelledOrder(order: OrderDoc, actor: Actor, reason: string | undefined): OrderDoc {
  assertAccepts(order.status, 'cancel');
  return {
    ...order,
    status: 'cancelled',
    cancelledBy: actor.id,
    cancelledByName: actor.name,
    cancelledAt: actor.at,
    ...(reason !== undefined ? { cancelReason: reason } : {}),
  };
}
