import type { Principal } from '../users/principal';
import { saveOrder } from './repo';
import { actorOf } from '../users/actor';
import { loadOrder } from './access';
import { retryOnContention } from '../vocabulary/contention';
import { toOrderResponse } from './mapper';
import { freezeInvoiceBasis } from './invoice-basis';
import { assertAccepts } from './rules';
import { assertAdmittedWithinSold } from './reconcile-warning';
import { noticeRecipient, noticeWrites, sendNoticeEmail, type MemberNotice } from './member-notice';

/** `confirm: true` settles although more tickets came through the door than the order reports sold. */
export interface ApproveReconciliationBody {
  confirm?: boolean;
}

/**
 * POST /api/orders/{id}/approve-reconciliation (lifecycle rule 4): settles an awaitingReconciliation order and
 * freezes its invoice basis (sold quantities × order-time prices). Settled orders accept no further lifecycle
 * operation, so the basis is never rewritten. It never sets invoicedAt. When more of its tickets were admitted at
 * the door than it reports sold, it warns first (409 ADMITTED_BEYOND_SOLD) unless the body says `confirm: true`.
 */
export async function approveReconciliation(
  principal: Principal,
  organizationId: string,
  orderId: string,
  body: ApproveReconciliationBody = {},
) {
  let notice: MemberNotice | undefined;
  let recipientRead = false;
  const saved = await retryOnContention(async () => {
    const order = await loadOrder(organizationId, orderId);
    assertAccepts(order.status, 'approveReconciliation');
    if (!body.confirm) await assertAdmittedWithinSold(order);
    const actor = actorOf(principal);
    const next: typeof order = {
      ...order,
      status: 'settled',
      invoiceBasis: freezeInvoiceBasis(order, actor.at),
      reconciledBy: actor.id,
      reconciledByName: actor.name,
      reconciledAt: actor.at,
    };
    // The member hears that the order is settled (member-notice.ts), in the same batch as the order.
    if (!recipientRead) {
      notice = await noticeRecipient(order, principal);
      recipientRead = true;
    }
    return saveOrder(next, order, { alongside: noticeWrites(notice, 'settled', next) });
  });
  await sendNoticeEmail(notice, 'settled', saved);
  return toOrderResponse(saved, principal);
}
