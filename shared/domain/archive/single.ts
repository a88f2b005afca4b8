import type { Principal } from '../users/principal';
import { badRequest } from '../../errors';
import { withEtagRetry } from '../../store/outcomes';
import { saveOrder } from '../orders/repo';
import { actorOf } from '../users/actor';
import { isAtLeast, loadOrder } from '../orders/access';
import { toOrderResponse } from '../orders/mapper';
import { applyArchiveDecision, assertMayOverride, decideArchive, type ArchiveRequest } from './rules';

/**
 * PATCH orders/{id}/archive: one read and one ETag-conditional replace; a lost race reads again and decides
 * again on the fresh order. Repeating the current state writes nothing.
 */
export async function setOrderArchived(
  principal: Principal,
  organizationId: string,
  orderId: string,
  request: ArchiveRequest,
) {
  if (request.override && !request.archived) {
    throw badRequest('override is only allowed when archived is true', [
      { path: '/override', message: 'must not be present when archived is false' },
    ]);
  }
  assertMayOverride(request, isAtLeast(principal, 'admin'));
  const saved = await withEtagRetry(async () => {
    const order = await loadOrder(organizationId, orderId);
    const decision = decideArchive(order, request);
    if (decision.kind === 'unchanged') return order;
    return saveOrder(applyArchiveDecision(order, decision, actorOf(principal)), order);
  });
  return toOrderResponse(saved, principal);
}
