import type { Principal } from '../users/principal';
import { badRequest, conflict } from '../../errors';
import { isConflict, isPreconditionFailed } from '../../store/outcomes';
import { getMembership } from '../memberships/repo';
import { commitOrderBatch, type BatchWrite } from '../orders/repo';
import type { OrderDoc } from '../orders/model';
import { getUser } from '../users/repo';
import { buildNotification } from '../notifications/model';
import { actorOf } from '../users/actor';
import { loadOrder } from '../orders/access';
import { findEntry, transferResult, type TransferHistoryEntry, type TransferResult } from './history';
import { planTransfer, type Party } from './plan';
import { destinationOrderId, recipientByRoleMap, requestPayloadKey } from './rules';
import type { TransferBody } from './schemas';
import { transferTicketWrites } from './tickets';

const TRANSFERABLE = ['approved', 'delivered'];

/**
 * POST /api/orders/{id}/transfer. Idempotent by `transferRequestId`, stored on the source order's history entry
 * with no cache and no expiry: a repeat answers the original result, a changed payload gets 409.
 *
 * Store calls (4, counting the caller's user read by authentication): the order, the recipient's user (its role
 * map settles the membership; only an entry that is missing or denies adds the read of the membership, which
 * decides), then one transactional batch in the organization's partition (source replace guarded by its ETag,
 * destination create for a partial transfer, and the two notifications). A concurrent duplicate loses the ETag
 * race or collides on the deterministic destination id (the batch refuses the create and writes nothing) and
 * then finds the entry the winner stored, so all of them answer the same result; a request id already used on
 * another order collides the same way and gets 409.
 */
export async function transferOrder(
  principal: Principal,
  organizationId: string,
  orderId: string,
  body: TransferBody,
): Promise<TransferResult> {
  let recipient: Party | undefined;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const order = await loadOrder(organizationId, orderId);
    const replay = replayed(order, body);
    if (replay) return replay;
    if (!TRANSFERABLE.includes(order.status)) {
      throw badRequest(`An order in state ${order.status} cannot be transferred`, [
        { path: '/', message: 'invalid order state' },
      ]);
    }
    if (body.toUserId === order.requestedBy) {
      throw badRequest('The recipient already owns this order', [
        { path: '/toUserId', message: 'is the current owner' },
      ]);
    }
    recipient ??= await requireRecipient(organizationId, body.toUserId);
    const at = new Date().toISOString();
    const actor = actorOf(principal);
    const plan = planTransfer(order, body, {
      from: { id: order.requestedBy, name: order.requestedByName, email: order.requestedByEmail },
      to: recipient,
      actor: { id: actor.id, name: actor.name, email: '' },
      at,
      destinationId: destinationOrderId(organizationId, body.transferRequestId),
    });
    const result = transferResult(plan.entry);
    const writes: BatchWrite[] = [
      { replace: plan.source, ifMatch: order._etag },
      ...(plan.destination ? [{ create: plan.destination }] : []),
      ...notifications(organizationId, plan.entry, result).map((n) => ({ create: n })),
      // The named tickets move with the quantity (tickets/transfer-tickets.ts).
      ...(await transferTicketWrites(order, plan.source, plan.destination, body.serials)),
    ];
    try {
      const orders = [
        { before: order, after: plan.source },
        ...(plan.destination ? [{ after: plan.destination }] : []),
      ];
      await commitOrderBatch(organizationId, writes, orders, { carriesKey: true });
      return result;
    } catch (error) {
      // Lost to a concurrent change or duplicate: read again; a duplicate then finds the stored entry.
      if (isPreconditionFailed(error)) continue;
      if (isConflict(error)) return resolveCollision(organizationId, orderId, body);
      throw error;
    }
  }
  throw conflict('The order kept changing during the transfer; try again');
}

/** The original result for a repeated request id, or 409 when the same id comes with different contents. */
function replayed(order: OrderDoc, body: TransferBody): TransferResult | undefined {
  const entry = findEntry(order.transferHistory, body.transferRequestId);
  if (!entry) return undefined;
  if (entry.requestPayloadKey !== requestPayloadKey(body)) {
    throw conflict('This transferRequestId was already used for a different transfer', 'TRANSFER_REQUEST_ID_REUSED');
  }
  return transferResult(entry);
}

/** The deterministic destination already exists: either our duplicate won (replay) or the id was used elsewhere. */
async function resolveCollision(organizationId: string, orderId: string, body: TransferBody): Promise<TransferResult> {
  const order = await loadOrder(organizationId, orderId);
  const replay = replayed(order, body);
  if (replay) return replay;
  throw conflict('This transferRequestId was already used for a different transfer', 'TRANSFER_REQUEST_ID_REUSED');
}

/** The recipient's user decides through its role map; the membership is read only when the map cannot grant. */
async function requireRecipient(organizationId: string, userId: string): Promise<Party> {
  const user = await getUser(userId);
  const decision = recipientByRoleMap(user, organizationId);
  const member =
    decision === 'member' ||
    (decision === 'membership-decides' && !!(await getMembership(organizationId, userId))?.approved);
  if (!user || !member) {
    throw badRequest('The recipient is not an approved member of this organization', [
      { path: '/toUserId', message: 'is not an approved member' },
    ]);
  }
  return { id: user.id, name: user.name, email: user.email };
}

/** One notification for the sender and one for the recipient; their actionUrls are the two deep links. */
function notifications(organizationId: string, entry: TransferHistoryEntry, result: TransferResult) {
  const meta = { sourceOrderId: result.sourceOrderId, resultOrderId: result.resultOrderId, quantity: result.quantity };
  return [
    buildNotification(organizationId, {
      userId: entry.fromUserId,
      type: 'order_transferred_out',
      title: 'Tickets transferred',
      message: `${result.quantity} ticket(s) were transferred from you to ${entry.toUserName}.`,
      actionUrl: result.sourceActionUrl,
      meta,
    }),
    buildNotification(organizationId, {
      userId: entry.toUserId,
      type: 'order_transferred_in',
      title: 'Tickets transferred to you',
      message: `${result.quantity} ticket(s) were transferred to you from ${entry.fromUserName}.`,
      actionUrl: result.resultActionUrl,
      meta,
    }),
  ];
}
