import type { Principal } from '../users/principal';
import { saveOrder } from './repo';
import { actorOf } from '../users/actor';
import { loadOrder } from './access';
import { retryOnContention } from '../vocabulary/contention';
import { toOrderResponse } from './mapper';
import { freezeInvoiceBasis } from './invoice-basis';
import { assertAccepts } from './rules';

/**
 * POST /api/orders/{id}/approve-reconciliation (lifecycle rule 4): settles an awaitingReconciliation order and
 * freezes its invoice basis (sold quantities × order-time prices). Settled orders accept no further lifecycle
 * operation, so the basis is never rewritten. It never sets invoicedAt.
 */
export async function approveReconciliation(principal: Principal, organizationId: string, orderId: string) {
  const saved = await retryOnContention(async () => {
    const order = await loadOrder(organizationId, orderId);
    assertAccepts(order.status, 'approveReconciliation');
    const actor = actorOf(principal);
    return saveOrder(
      {
        ...order,
        status: 'settled',
        invoiceBasis: freezeInvoiceBasis(order, actor.at),
        reconciledBy: actor.id,
        reconciledByName: actor.name,
        reconciledAt: actor.at,
      },
      order,
    );
  });
  return toOrderResponse(saved, principal);
}
