import type { PartnerGrant } from '../delegations/partner-access';
import type { Principal } from '../users/principal';
import { actorOf, type Actor } from '../users/actor';
import { retryOnContention } from '../vocabulary/contention';
import { loadOrder } from '../orders/access';
import type { OrderDoc } from '../orders/model';
import { saveOrder } from '../orders/repo';
import { approvedOrder, cancelledOrder, deliveredOrder } from '../orders/moves';
import type { CancelBody } from '../orders/schemas';
import { contextOf, isPartnerManager } from './context';
import { toPartnerOrderResponse } from './mapper';
import { assertBuyerOrManager, assertPartnerCancellable, assertPartnersOrder, assertPermission } from './rules';

/**
 * The partner's moves on its members' orders (docs/decisions/delegated-orders.md): approve, deliver,
 * approve-and-deliver and cancel-while-pending. Each re-checks, on every (re)read, that the order is the
 * partner's under this delegation (the scope re-read the live delegation for this request), then one
 * ETag-conditional replace. Store calls: the scope's four reads, order read, order replace.
 */
async function move(
  principal: Principal,
  grant: PartnerGrant,
  orderId: string,
  change: (order: OrderDoc, actor: Actor) => OrderDoc,
) {
  const ctx = contextOf(grant);
  const saved = await retryOnContention(async () => {
    const order = await loadOrder(ctx.ownerOrganizationId, orderId);
    assertPartnersOrder(order, ctx);
    return saveOrder({ ...change(order, actorOf(principal)), _etag: order._etag }, order);
  });
  return toPartnerOrderResponse(saved);
}

export const approveDelegatedOrder = (principal: Principal, grant: PartnerGrant, orderId: string) => {
  assertPermission(grant.delegation.permissions, 'canApproveOwnMemberOrders');
  return move(principal, grant, orderId, (order, actor) => {
    return approvedOrder(order, actor);
  });
};

export const deliverDelegatedOrder = (principal: Principal, grant: PartnerGrant, orderId: string) => {
  assertPermission(grant.delegation.permissions, 'canApproveOwnMemberOrders');
  return move(principal, grant, orderId, (order, actor) => {
    return deliveredOrder(order, actor);
  });
};

/** pending → delivered in ONE conditional write (both stamps, same actor and instant). */
export const approveAndDeliverDelegatedOrder = (principal: Principal, grant: PartnerGrant, orderId: string) => {
  assertPermission(grant.delegation.permissions, 'canApproveOwnMemberOrders');
  return move(principal, grant, orderId, (order, actor) => {
    return deliveredOrder(approvedOrder(order, actor), actor);
  });
};

/**
 * The buyer, or the partner's Ticket Manager+, cancels a PENDING order; approved or delivered orders answer 409
 * INVALID_ORDER_STATE (only owner-side routes cancel those).
 */
export const cancelDelegatedOrder = (principal: Principal, grant: PartnerGrant, orderId: string, body: CancelBody) => {
  const manager = isPartnerManager(principal);
  if (manager) assertPermission(grant.delegation.permissions, 'canApproveOwnMemberOrders');
  return move(principal, grant, orderId, (order, actor) => {
    assertBuyerOrManager(order, principal.userId, manager);
    assertPartnerCancellable(order);
    return cancelledOrder(order, actor, body.reason);
  });
};
