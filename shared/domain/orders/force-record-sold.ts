import { randomUUID } from 'node:crypto';
import type { Principal } from '../users/principal';
import { eventRefOf, type CapacityCounterDoc } from '../events/capacity/model';
import { showtimeSeats, withCapacity } from '../events/capacity/with-capacity';
import { actorOf } from '../users/actor';
import { retryOnContention } from '../vocabulary/contention';
import { approvedAdminIds } from '../memberships/repo';
import { buildNotification } from '../notifications/model';
import { loadOrder } from './access';
import { toOrderResponse } from './mapper';
import type { OrderDoc } from './model';
import { commitOrderBatch, type BatchWrite } from './repo';
import { applyForcedSale, assertAccepts, soldIncrements } from './rules';
import type { ForceRecordSoldBody } from './schemas';

/**
 * POST /api/orders/{id}/force-record-sold (lifecycle rule 3): Admin or Super Admin, behind the full-org guard.
 * Bypasses the capacity ceiling but still moves the counter, and keeps the order delivered (docs/decisions/orders.md); the order, an
 * immutable `oversale_recorded` audit entry and a notification per organization admin are written in one
 * transactional batch, through `withCapacity` (a failed batch gives the seats back and keeps its own error).
 * A request that does not raise the sold total writes nothing. The counter is addressed by the order's event
 * id alone: the event itself is read only if its counter has to be rebuilt.
 */
export async function forceRecordSold(
  principal: Principal,
  organizationId: string,
  orderId: string,
  body: ForceRecordSoldBody,
) {
  let admins: string[] | undefined;
  const saved = await retryOnContention(async () => {
    const order = await loadOrder(organizationId, orderId);
    assertAccepts(order.status, 'forceRecordSold');
    if (body.soldQuantity <= (order.soldQuantity ?? 0)) return order; // no raise: idempotent, nothing written
    const { delta, next } = applyForcedSale(order, body);
    admins ??= await approvedAdminIds(organizationId);
    const actor = actorOf(principal);
    const seats = showtimeSeats([
      {
        event: eventRefOf(order),
        showtimeId: order.showtimeId,
        channel: 'orders',
        delta,
        enforceCeiling: false,
        documentId: order.id,
        actor: principal.userId,
      },
    ]);
    // Past the ceiling: on a projection an adjustment, not a reservation, so there is nothing to mark.
    const saved: OrderDoc = { ...next, updatedAt: actor.at };
    const recipients = admins.filter((userId) => userId !== principal.userId);
    const alerts = await withCapacity(seats, async ([counter]) => {
      const audit = oversaleAudit(principal, order, saved, delta, body.reason, counter);
      const alerts: BatchWrite[] = recipients.map((userId) => ({ create: alertFor(userId, saved, audit) }));
      // 96 alerts at most: with the order, its audit row, the counter's money patch and an Idempotency-Key record
      // that may ride along, a batch's 100 operations.
      const first: BatchWrite[] = [{ replace: saved, ifMatch: order._etag }, { create: audit }, ...alerts.slice(0, 96)];
      await commitOrderBatch(organizationId, first, [{ before: order, after: saved }], { carriesKey: true });
      return alerts;
    });
    // Past the first batch the remaining alerts follow in further batches (alerts, not the record).
    for (let i = 96; i < alerts.length; i += 100) await commitOrderBatch(organizationId, alerts.slice(i, i + 100));
    return saved;
  }, 20);
  return toOrderResponse(saved, principal);
}

/** The immutable record of a sale over capacity, with the counter as the take left it. */
function oversaleAudit(
  principal: Principal,
  order: OrderDoc,
  next: OrderDoc,
  delta: number,
  reason: string,
  counter: CapacityCounterDoc,
) {
  const actor = actorOf(principal);
  return {
    id: randomUUID(),
    docType: 'audit',
    kind: 'oversale_recorded',
    organizationId: order.organizationId,
    orderId: order.id,
    eventId: order.eventId,
    showtimeId: order.showtimeId,
    actorId: actor.id,
    actorName: actor.name,
    actorIsSuperAdmin: principal.isSuperAdmin,
    recordedAt: next.updatedAt,
    previousSoldQuantity: order.soldQuantity ?? 0,
    soldQuantity: next.soldQuantity,
    delta,
    soldTypeQuantities: soldIncrements(order, next),
    reason,
    showtimeCapacity: counter.capacity,
    showtimeSoldAfter: counter.sold,
    overCapacityBy: Math.max(0, counter.sold - counter.capacity),
  };
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
