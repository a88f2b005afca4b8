import { randomUUID } from 'node:crypto';
import type { Principal } from '../../auth/principal';
import { commitBatch, type BatchWrite } from '../../store/batch';
import { containers } from '../../store/client';
import { queryAll } from '../../store/operations';
import type { EventDoc } from '../events/model';
import type { OrderDoc } from './repo';
import { releaseCapacity, takeCapacity } from '../capacity/counter';
import { buildNotification } from '../notifications/model';
import { actorOf, loadOrder } from './access';
import { retryOnContention } from '../common/contention';
import { toOrderResponse } from './mapper';
import { eventOf } from './report-sold';
import { applyForcedSale, assertAccepts, soldIncrements } from './rules';
import type { ForceRecordSoldBody } from './schemas';

/**
 * POST /api/orders/{id}/force-record-sold (lifecycle rule 3): Admin or Super Admin, behind the full-org guard.
 * Bypasses the capacity ceiling but still moves the counter, and keeps the order delivered (§3); the order, an
 * immutable `oversale_recorded` audit entry and a notification per organization admin are written in one
 * transactional batch. A request that does not raise the sold total writes nothing.
 */
export async function forceRecordSold(
  principal: Principal,
  organizationId: string,
  orderId: string,
  body: ForceRecordSoldBody,
) {
  let event: EventDoc | undefined;
  let admins: string[] | undefined;
  const saved = await retryOnContention(async () => {
    const order = await loadOrder(organizationId, orderId);
    assertAccepts(order.status, 'forceRecordSold');
    if (body.soldQuantity <= (order.soldQuantity ?? 0)) return order; // no raise: idempotent, nothing written
    const { delta, next } = applyForcedSale(order, body);
    event ??= await eventOf(order);
    admins ??= await organizationAdmins(organizationId);
    const counter = await takeCapacity({
      event,
      showtimeId: order.showtimeId,
      channel: 'orders',
      delta,
      enforceCeiling: false,
    });
    const actor = actorOf(principal);
    const saved: OrderDoc = { ...next, updatedAt: actor.at };
    const audit = {
      id: randomUUID(),
      docType: 'audit',
      kind: 'oversale_recorded',
      organizationId,
      orderId: order.id,
      eventId: order.eventId,
      showtimeId: order.showtimeId,
      actorId: actor.id,
      actorName: actor.name,
      actorIsSuperAdmin: principal.isSuperAdmin,
      recordedAt: actor.at,
      previousSoldQuantity: order.soldQuantity ?? 0,
      soldQuantity: next.soldQuantity,
      delta,
      soldTypeQuantities: soldIncrements(order, next),
      reason: body.reason,
      showtimeCapacity: counter.capacity,
      showtimeSoldAfter: counter.sold,
      overCapacityBy: Math.max(0, counter.sold - counter.capacity),
    };
    const notifications: BatchWrite[] = admins
      .filter((userId) => userId !== principal.userId)
      .map((userId) => ({ create: alertFor(userId, saved, audit) }));
    const first: BatchWrite[] = [
      { replace: saved, ifMatch: order._etag },
      { create: audit },
      ...notifications.slice(0, 98),
    ];
    try {
      await commitBatch(containers().orgs, organizationId, first);
    } catch (error) {
      await releaseCapacity(event, order.showtimeId, 'orders', delta);
      throw error;
    }
    // Past one batch's 100 operations the remaining alerts follow in further batches (alerts, not the record).
    for (let i = 98; i < notifications.length; i += 100) {
      await commitBatch(containers().orgs, organizationId, notifications.slice(i, i + 100));
    }
    return saved;
  }, 20);
  return toOrderResponse(saved, principal);
}

function alertFor(
  userId: string,
  order: OrderDoc,
  audit: { delta: number; actorName: string; reason: string; id: string },
) {
  return buildNotification(order.organizationId, {
    userId,
    type: 'oversale_recorded',
    title: 'Sale recorded over capacity',
    message: `${audit.actorName || 'An admin'} recorded ${audit.delta} sold ticket(s) on ${order.eventName} beyond the capacity check: ${audit.reason}`,
    actionUrl: `/orders?orderId=${encodeURIComponent(order.id)}`,
    meta: {
      orderId: order.id,
      eventId: order.eventId,
      showtimeId: order.showtimeId,
      auditId: audit.id,
      delta: audit.delta,
    },
  });
}

async function organizationAdmins(organizationId: string): Promise<string[]> {
  const rows = await queryAll<{ userId: string }>(containers().orgs, organizationId, {
    query:
      "SELECT c.userId FROM c WHERE c.organizationId = @org AND c.docType = 'membership' AND c.role = 'admin' AND c.approved = true",
    parameters: [{ name: '@org', value: organizationId }],
  });
  return rows.map((r) => r.userId);
}
