import { DomainError, badRequest, conflict } from '../../errors';
import { orderSortKey, type OrderDoc, type OrderLine } from '../orders/model';
import { orderTotals } from '../orders/creation-rules';
import type { TransferHistoryEntry } from './history';
import {
  outstandingByType,
  outstandingQuantity,
  requestPayloadKey,
  splitProportionally,
  statusAfterTransfer,
} from './rules';
import type { TransferBody } from './schemas';

export interface Party {
  id: string;
  name: string;
  email: string;
}

export interface TransferPlan {
  entry: TransferHistoryEntry;
  source: OrderDoc;
  destination?: OrderDoc;
}

const exceeds = (requestedQuantity: number, availableQuantity: number, ticketTypeId?: string) =>
  new DomainError('TRANSFER_EXCEEDS_OUTSTANDING', 'The transfer is larger than the outstanding balance', {
    requestedQuantity,
    availableQuantity,
    ...(ticketTypeId ? { ticketTypeId } : {}),
  });

/** The per-type quantities that move: exact `tickets` when given (they win), else `quantity` split proportionally. */
export function movingQuantities(order: OrderDoc, body: TransferBody): Map<string, number> {
  const outstanding = outstandingQuantity(order);
  if (outstanding === 0) {
    throw conflict('Nothing is outstanding on this order', 'TRANSFER_BLOCKED_NO_OUTSTANDING');
  }
  const perType = outstandingByType(order);
  if (body.tickets && body.tickets.length > 0) {
    const moving = new Map<string, number>();
    for (const t of body.tickets) moving.set(t.ticketTypeId, (moving.get(t.ticketTypeId) ?? 0) + t.quantity);
    for (const [ticketTypeId, quantity] of moving) {
      if (!perType.has(ticketTypeId)) {
        throw badRequest('A ticket type is not on this order', [{ path: '/tickets', message: ticketTypeId }]);
      }
      if (quantity > perType.get(ticketTypeId)!) throw exceeds(quantity, perType.get(ticketTypeId)!, ticketTypeId);
    }
    const total = [...moving.values()].reduce((a, b) => a + b, 0);
    if (total > outstanding) throw exceeds(total, outstanding);
    return moving;
  }
  const quantity = body.quantity!;
  const split = quantity <= outstanding ? splitProportionally(perType, quantity) : undefined;
  if (!split) throw exceeds(quantity, outstanding);
  return split;
}

/** Lines reduced by what moves; lines left empty disappear (sold or returned units never move, so none are lost). */
function remainingLines(lines: OrderLine[], moving: Map<string, number>): OrderLine[] {
  return lines
    .map((line) => ({ ...line, quantity: line.quantity - (moving.get(line.ticketTypeId) ?? 0) }))
    .filter((line) => line.quantity > 0);
}

function movedLines(lines: OrderLine[], moving: Map<string, number>): OrderLine[] {
  return lines
    .filter((line) => (moving.get(line.ticketTypeId) ?? 0) > 0)
    .map((line) => ({ ...line, quantity: moving.get(line.ticketTypeId)! }));
}

/** Partner attribution does not travel with tickets handed to an owner member; it becomes audit-only provenance. */
function delegatedProvenance(order: OrderDoc, at: string, transferRequestId: string) {
  if (!order.soldByOrganizationId && !order.delegatedOrigin) return undefined;
  if (!order.soldByOrganizationId) return order.delegatedOrigin;
  return {
    originSoldByOrganizationId: order.soldByOrganizationId,
    ...(order.soldByUserId ? { originSoldByUserId: order.soldByUserId } : {}),
    ...(order.soldByUserName ? { originSoldByUserName: order.soldByUserName } : {}),
    ...(order.delegationId ? { originDelegationId: order.delegationId } : {}),
    originOrderId: order.id,
    ...(order.buyerUserId ? { originBuyerUserId: order.buyerUserId } : {}),
    ...(order.buyerUserName ? { originBuyerUserName: order.buyerUserName } : {}),
    ...(order.buyerUserEmail ? { originBuyerUserEmail: order.buyerUserEmail } : {}),
    transferredAt: at,
    transferRequestId,
  };
}

function withoutAttribution(order: OrderDoc): OrderDoc {
  const {
    soldByOrganizationId: _o,
    soldByOrganizationName: _n,
    soldByUserId: _u,
    soldByUserName: _un,
    delegationId: _d,
    ...rest
  } = order;
  return rest;
}

/**
 * Plans a transfer: a full one reassigns the order in place (status unchanged); a partial one reduces the
 * source and creates the destination with the deterministic id. Pure: the caller writes the result.
 */
export function planTransfer(
  order: OrderDoc,
  body: TransferBody,
  parties: { from: Party; to: Party; actor: Party; at: string; destinationId: string },
): TransferPlan {
  const moving = movingQuantities(order, body);
  const quantity = [...moving.values()].reduce((a, b) => a + b, 0);
  const full = quantity === order.totalQuantity;
  const { from, to, actor, at } = parties;
  const provenance = delegatedProvenance(order, at, body.transferRequestId);
  const entry: TransferHistoryEntry = {
    fromUserId: from.id,
    fromUserName: from.name,
    toUserId: to.id,
    toUserName: to.name,
    transferredBy: actor.id,
    transferredByName: actor.name,
    transferredAt: at,
    ...(body.reason !== undefined ? { reason: body.reason } : {}),
    quantity,
    ...(provenance ? { delegatedOrigin: provenance } : {}),
    transferRequestId: body.transferRequestId,
    requestPayloadKey: requestPayloadKey(body),
    transferType: full ? 'full' : 'partial',
    sourceOrderId: order.id,
    sourceOrderStatusAtTransfer: order.status,
    sourceRemainingQuantityAtTransfer: 0,
    resultOrderId: full ? order.id : parties.destinationId,
    resultOrderStatusAtTransfer: order.status,
    resultQuantityAtTransfer: quantity,
  };
  const history = [...(order.transferHistory ?? []), entry as unknown as Record<string, unknown>];
  if (full) {
    const reassigned = provenance ? { ...withoutAttribution(order), delegatedOrigin: provenance } : order;
    const source = {
      ...reassigned,
      requestedBy: to.id,
      requestedByName: to.name,
      requestedByEmail: to.email,
      transferHistory: history,
    };
    return { entry, source };
  }
  const tickets = remainingLines(order.tickets, moving);
  const sourceStatus = statusAfterTransfer(order, quantity);
  entry.sourceOrderStatusAtTransfer = sourceStatus;
  entry.sourceRemainingQuantityAtTransfer = order.totalQuantity - quantity;
  const source: OrderDoc = {
    ...order,
    tickets,
    ...orderTotals(tickets),
    status: sourceStatus,
    transferHistory: history,
  };
  const destination = buildDestination(
    order,
    movedLines(order.tickets, moving),
    entry,
    to,
    at,
    parties.destinationId,
    provenance,
  );
  return { entry, source, destination };
}

function buildDestination(
  order: OrderDoc,
  tickets: OrderLine[],
  entry: TransferHistoryEntry,
  to: Party,
  at: string,
  id: string,
  provenance: Record<string, unknown> | undefined,
): OrderDoc {
  const base = withoutAttribution(order);
  const {
    soldQuantity: _s,
    soldTypeQuantities: _st,
    returnedQuantity: _r,
    returnedTypeQuantities: _rt,
    adminNote: _a,
    adminNoteBy: _ab,
    adminNoteAt: _aa,
    note: _n,
    delegatedOrigin: _d,
    capacityOps: _ops, // the source's capacity operations; the destination carries none yet (its sharedEventId stays)
    ...kept
  } = base;
  const destination: OrderDoc = {
    ...kept,
    id,
    requestedBy: to.id,
    requestedByName: to.name,
    requestedByEmail: to.email,
    tickets,
    ...orderTotals(tickets),
    status: order.status,
    ...(order.status === 'delivered' ? { soldQuantity: 0, returnedQuantity: 0 } : {}),
    capacityQuantity: 0,
    ...(provenance ? { delegatedOrigin: provenance } : {}),
    transferHistory: [entry as unknown as Record<string, unknown>],
    createdAt: at,
    updatedAt: at,
  };
  destination.sortKey = orderSortKey(destination);
  return destination;
}
