import { createHash } from 'node:crypto';
import { isPreconditionFailed, type Stored } from '../../store/outcomes';
import { logError } from '../../telemetry/telemetry';
import { releaseCapacity, takeCapacity, type CapacityRequest } from '../events/capacity/counter';
import { sharedSeats, type SharedSeatReservation } from '../events/capacity/shared-seats';
import type { OrderDoc } from './model';
import { getOrder, saveOrder } from './repo';

/**
 * A sale reported on a Shared Event projection's order (docs/scaling.md "A Shared Event sale"). It spans two
 * partitions: the Shared Event's counter is the gate (a hold there first), the order is written in the
 * organization's, then the hold becomes a sale. Twins (the same report sent again while the first is in flight)
 * are told apart by identity and ETags, never by waiting:
 *
 * - The hold's operation id is the order, the version the sale was decided on (its ETag) and the total
 *   (`saleOperationId`). Identical reports decided on the same version hold the SAME seats once (the reservation's
 *   create meets the twin's and gives its own counter move back), and the order carries the id once written.
 * - A refusal on the gate, with the order unchanged, may be the twin's hold taking the last seats: the hold with
 *   this very id is looked up (one point read, on this path only). Found held, this request writes the same sale
 *   itself (same version, same document): whichever of the two replaces the order first wins, and the other's lost
 *   ETag finds its operation on the order and answers it (200, the no-op of a repeat). Not found, it is a refusal.
 * - A lost ETag reads the order once: carrying this operation, the twin landed this sale (the answer is the order as
 *   it is); not carrying it, the version the sale was decided on is gone, so no twin can land it any more: the hold
 *   goes back and the report is decided again (retryOnContention).
 * - Any other failed write leaves the hold to the heal timer (it may be a twin's, about to land): once expired the
 *   timer commits it if the order carries it and releases it otherwise.
 *
 * The participant's local counter keeps its tally (without its ceiling): each request moves it for itself and gives
 * it back unless its own write landed.
 */
export async function sellOnProjection(
  order: Stored<OrderDoc>,
  next: OrderDoc,
  request: CapacityRequest & { sharedEventId: string },
): Promise<OrderDoc> {
  const operationId = saleOperationId(order, next.soldQuantity ?? 0);
  let hold: SharedSeatReservation;
  try {
    hold = await sharedSeats().reserve({
      sharedEventId: request.sharedEventId,
      organizationId: request.event.organizationId,
      showtimeId: request.showtimeId,
      quantity: request.delta,
      localDocumentId: order.id,
      operationId,
    });
  } catch (error) {
    if ((error as { code?: string }).code !== 'CAPACITY_EXCEEDED') throw error;
    hold = await twinsHold(error, order, request.sharedEventId, operationId);
  }
  return writeSale(order, next, request, hold);
}

/**
 * The hold's identity: the order, the version the sale is decided on and the new total. The ETag is hashed (an id
 * may not carry its quotes); a later sale of the same total from another version is another operation.
 */
export function saleOperationId(order: Stored<OrderDoc>, soldQuantity: number): string {
  const version = createHash('sha256').update(order._etag).digest('base64url').slice(0, 16);
  return `${order.id}:sold-${soldQuantity}:${version}`;
}

const changedMeanwhile = () => Object.assign(new Error('order changed meanwhile'), { code: 412 });

/** A refusal on the gate: the order changed (decide again), a twin holds this very sale (write it), or a refusal. */
async function twinsHold(
  refusal: unknown,
  order: Stored<OrderDoc>,
  sharedEventId: string,
  operationId: string,
): Promise<SharedSeatReservation> {
  const latest = await getOrder(order.organizationId, order.id);
  if (!latest || latest._etag !== order._etag) throw changedMeanwhile();
  const hold = await sharedSeats().findHold(sharedEventId, operationId);
  if (hold?.state !== 'held') throw refusal;
  return hold;
}

async function writeSale(
  order: Stored<OrderDoc>,
  next: OrderDoc,
  request: CapacityRequest,
  hold: SharedSeatReservation,
): Promise<OrderDoc> {
  await takeCapacity({ ...request, enforceCeiling: false });
  const giveTallyBack = () =>
    releaseCapacity(request.event, request.showtimeId, request.channel, request.delta).catch((error: unknown) =>
      logError(error, { step: 'capacity-compensation', eventId: request.event.id, showtimeIds: request.showtimeId }),
    );
  let saved: OrderDoc;
  try {
    const stamped = sharedSeats().stamp(next, [hold.operationId]);
    saved = await saveOrder({ ...stamped, _etag: order._etag }, order, { carriesKey: true });
  } catch (error) {
    await giveTallyBack();
    if (!isPreconditionFailed(error)) throw error; // the hold is left to the timer (see above)
    const latest = await getOrder(order.organizationId, order.id);
    if (latest?.capacityOps?.includes(hold.operationId)) return latest; // the twin wrote this sale
    await sharedSeats()
      .release([hold])
      .catch((releaseError: unknown) =>
        logError(releaseError, { step: 'capacity-compensation', operationId: hold.operationId }),
      );
    throw error;
  }
  await sharedSeats().commit([hold]);
  return saved;
}
