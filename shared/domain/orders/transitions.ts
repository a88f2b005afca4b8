import type { Principal } from '../users/principal';
import { saveOrder } from './repo';
import type { OrderDoc } from './model';
import { actorOf } from '../users/actor';
import { loadOrder } from './access';
import { retryOnContention } from '../vocabulary/contention';
import { toOrderResponse } from './mapper';
import { approvedOrder, cancelledOrder, deliveredOrder } from './moves';
import { assertAccepts } from './rules';
import type { AdminNoteBody, CancelBody } from './schemas';
import type { OrderEvent } from '../messages/order-messages';
import { noticeRecipient, noticeWrites, sendNoticeEmail, type MemberNotice } from './member-notice';

/**
 * The management moves of the order state table: approve, deliver, cancel, delete and the admin note. Each is a
 * read and one ETag-conditional replace (retried when another writer got there first); every move records who
 * made it (id and display name) and when. Approve, deliver and cancel also tell the member (member-notice.ts): two
 * more point reads, and the notification rides in the order's write (a batch instead of a replace).
 */
async function update(
  principal: Principal,
  organizationId: string,
  orderId: string,
  change: (order: OrderDoc, actor: ReturnType<typeof actorOf>) => OrderDoc,
  /** The member hears of this move (member-notice.ts): approve, deliver, cancel. */
  event?: OrderEvent,
) {
  let notice: MemberNotice | undefined;
  let recipientRead = false;
  const saved = await retryOnContention(async () => {
    const order = await loadOrder(organizationId, orderId);
    const next = { ...change(order, actorOf(principal)), _etag: order._etag };
    if (event && !recipientRead) {
      notice = await noticeRecipient(order, principal);
      recipientRead = true;
    }
    return saveOrder(next, order, event ? noticeWrites(notice, event, next) : []);
  });
  if (event) await sendNoticeEmail(notice, event, saved);
  return toOrderResponse(saved, principal);
}

export const approveOrder = (principal: Principal, organizationId: string, orderId: string) =>
  update(principal, organizationId, orderId, approvedOrder, 'approved');

export const deliverOrder = (principal: Principal, organizationId: string, orderId: string) =>
  update(principal, organizationId, orderId, deliveredOrder, 'delivered');

/** Cancel: pending or approved only; neither holds capacity (seats are taken when sales are reported). */
export const cancelOrder = (principal: Principal, organizationId: string, orderId: string, body: CancelBody) =>
  update(principal, organizationId, orderId, (order, actor) => cancelledOrder(order, actor, body.reason), 'cancelled');

/** Soft delete of a pending or cancelled order; afterwards it is 404 everywhere and counts nowhere. */
export async function deleteOrder(principal: Principal, organizationId: string, orderId: string) {
  await update(principal, organizationId, orderId, (order, actor) => {
    assertAccepts(order.status, 'delete');
    return { ...order, deletedAt: actor.at, deletedBy: actor.id, deletedByName: actor.name };
  });
  return { id: orderId, deleted: true };
}

/** `{ adminNote: null }` clears the note; who changed it and when is kept either way. */
export const setAdminNote = (principal: Principal, organizationId: string, orderId: string, body: AdminNoteBody) =>
  update(principal, organizationId, orderId, (order, actor) => {
    const { adminNote: _old, ...rest } = order;
    return {
      ...rest,
      ...(body.adminNote !== null ? { adminNote: body.adminNote } : {}),
      adminNoteBy: actor.id,
      adminNoteByName: actor.name,
      adminNoteAt: actor.at,
    };
  });
