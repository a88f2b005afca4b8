import { randomUUID } from 'node:crypto';
import type { Principal } from '../users/principal';
import { notFound } from '../../errors';
import type { Stored } from '../../store/outcomes';
import { rebuildCounter, type CapacityRequest } from '../events/capacity/counter';
import { counterId, eventRefOf, sharedEventIdOf, type CapacityCounterDoc } from '../events/capacity/model';
import { readCounter } from '../events/capacity/repo';
import { getEvent } from '../events/repo';
import { showtimeSeats, withCapacity } from '../events/capacity/with-capacity';
import { actorOf } from '../users/actor';
import { retryOnContention } from '../vocabulary/contention';
import { approvedAdminIds } from '../memberships/repo';
import { buildNotification } from '../notifications/model';
import { loadOrder } from './access';
import { toOrderResponse } from './mapper';
import type { OrderDoc } from './model';
import { commitOrderBatch, commitOrderSale, type BatchWrite } from './repo';
import { applyForcedSale, assertAccepts, soldIncrements } from './rules';
import type { ForceRecordSoldBody } from './schemas';

/**
 * POST /api/orders/{id}/force-record-sold (lifecycle rule 3): Admin or Super Admin, behind the full-org guard.
 * Bypasses the capacity ceiling but still moves the counter, and keeps the order delivered (docs/decisions/orders.md); the order, an
 * immutable `oversale_recorded` audit entry, a notification per organization admin and, on an ordinary event, the
 * counter's seats and money are written in one transactional batch (all or nothing).
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
    const request: CapacityRequest = {
      event: eventRefOf(order),
      showtimeId: order.showtimeId,
      channel: 'orders',
      delta,
      enforceCeiling: false,
      documentId: order.id,
      actor: principal.userId,
    };
    const saved: OrderDoc = { ...next, updatedAt: actor.at };
    const recipients = admins.filter((userId) => userId !== principal.userId);
    const rowsFor = (counter: CapacityCounterDoc) => {
      const audit = oversaleAudit(principal, order, saved, delta, body.reason, counter);
      return { audit, alerts: recipients.map((userId): BatchWrite => ({ create: alertFor(userId, saved, audit) })) };
    };
    // 96 alerts at most in the decisive batch: with the order, its audit row, the counter's patch and an
    // Idempotency-Key record that may ride along, a batch's 100 operations.
    const alerts =
      sharedEventIdOf(request.event) === undefined
        ? await recordInOneBatch(order, saved, request, rowsFor)
        : await recordOnProjection(order, saved, request, rowsFor);
    // Past the first batch the remaining alerts follow in further batches (alerts, not the record).
    // Past the first batch the remaining alerts follow in further batches (alerts, not the record).
    for (let i = 96; i < alerts.length; i += 100) await commitOrderBatch(organizationId, alerts.slice(i, i + 100));
    return saved;
  }, 20);
  return toOrderResponse(saved, principal);
}

type RowsFor = (counter: CapacityCounterDoc) => { audit: object; alerts: BatchWrite[] };

/**
 * An ordinary event: the counter is read, and the order's replace, the audit row (with the counter as the sale
 * leaves it), the first alerts and the counter's patch (seats without the ceiling, and the order's money, guarded by
 * the counter's ETag so the audit's figures are exact) go in ONE transactional batch. A counter moved meanwhile
 * fails the batch with 412 and the whole decision runs again.
 */
async function recordInOneBatch(order: Stored<OrderDoc>, saved: OrderDoc, request: CapacityRequest, rowsFor: RowsFor) {
  const counter = await counterOf(request);
  const after = { ...counter, sold: counter.sold + request.delta };
  const { audit, alerts } = rowsFor(after);
  const rows: BatchWrite[] = [{ create: audit as { id: string } }, ...alerts.slice(0, 96)];
  await commitOrderSale(order, saved, request, { carriesKey: true, counterAsRead: counter, alongside: rows });
  return alerts;
}

/** The showtime's counter, built from the ledger first when it was never created. */
async function counterOf(request: CapacityRequest): Promise<Stored<CapacityCounterDoc>> {
  const id = counterId(request.event.id, request.showtimeId);
  const counter = await readCounter(request.event.organizationId, id);
  if (counter) return counter;
  const event = await getEvent(request.event.organizationId, request.event.id);
  if (!event) throw notFound('Event');
  await rebuildCounter(event, request.showtimeId);
  const rebuilt = await readCounter(request.event.organizationId, id);
  if (!rebuilt) throw new Error('the counter could not be rebuilt');
  return rebuilt;
}

/**
 * A Shared Event projection (two partitions, docs/scaling.md): the sale past the ceiling is recorded on the Shared
 * Event's counter first (an adjustment), then the order, audit and alerts go in one batch through `withCapacity`
 * (a failed batch undoes the adjustment and gives the local tally back, keeping its own error).
 */
async function recordOnProjection(
  order: Stored<OrderDoc>,
  saved: OrderDoc,
  request: CapacityRequest,
  rowsFor: RowsFor,
) {
  const seats = showtimeSeats([request]);
  return withCapacity(seats, async ([counter]) => {
    const { audit, alerts } = rowsFor(counter!);
    const first: BatchWrite[] = [
      { replace: saved, ifMatch: order._etag },
      { create: audit as { id: string } },
      ...alerts.slice(0, 96),
    ];
    await commitOrderBatch(order.organizationId, first, [{ before: order, after: saved }], { carriesKey: true });
    return alerts;
  });
}

/** The immutable record of a sale over capacity, with the counter as the take left it. */
function oversaleAudit(
  principal: Principal,
  order: OrderDoc,
  next: OrderDoc,
  delta: number,
  reason: string,
  counter: Pick<CapacityCounterDoc, 'capacity' | 'sold'>,
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
