import type { Principal } from '../users/principal';
import { roleAtLeast } from '../memberships/roles';
import type { OrderDoc, OrderLine } from './model';
import { isInvoiceBasisValid } from './invoice-basis';

/**
 * The order response: listed fields only (no `_etag`, `docType`, `capacityQuantity` or other internals), with
 * `invoiceBasisValid` derived here. Privacy (document 02): an ordinary member does not see the buyer and seller
 * identities or the delegated origin, except a buyer of record who keeps their own identity fields.
 */
export function toOrderResponse(order: OrderDoc, viewer: Principal) {
  const privileged = viewer.isSuperAdmin || roleAtLeast(viewer.role, 'ticketManager');
  const isBuyer = order.buyerUserId !== undefined && order.buyerUserId === viewer.userId;
  const pick = <K extends keyof OrderDoc>(...keys: K[]) => {
    const out: Partial<Pick<OrderDoc, K>> = {};
    for (const key of keys) if (order[key] !== undefined) out[key] = order[key];
    return out;
  };
  return {
    id: order.id,
    organizationId: order.organizationId,
    eventId: order.eventId,
    eventName: order.eventName,
    showtimeId: order.showtimeId,
    ...pick('showtimeDateTime', 'showtimeLabel'),
    requestedBy: order.requestedBy,
    requestedByName: order.requestedByName,
    requestedByEmail: order.requestedByEmail,
    tickets: orderLinesOut(order.tickets),
    totalQuantity: order.totalQuantity,
    totalAmount: order.totalAmount,
    totalFees: order.totalFees,
    status: order.status,
    ...pick('soldQuantity', 'soldTypeQuantities', 'returnedQuantity', 'returnedTypeQuantities', 'invoiceBasis'),
    invoiceBasisValid: isInvoiceBasisValid(order),
    ...pick('invoicedAt', 'invoicedBy', 'invoicedByName', 'archived', 'archivedAt', 'archivedBy', 'archiveOverride'),
    ...pick('approvedBy', 'approvedByName', 'approvedAt', 'deliveredBy', 'deliveredByName', 'deliveredAt'),
    ...pick('cancelledBy', 'cancelledByName', 'cancelledAt', 'cancelReason'),
    ...pick('reconciledBy', 'reconciledByName', 'reconciledAt', 'note'),
    // The admin note is the managers' own remark about the order; the member it is about does not see it.
    ...(privileged ? pick('adminNote', 'adminNoteBy', 'adminNoteByName', 'adminNoteAt') : {}),
    ...(order.transferHistory
      ? { transferHistory: order.transferHistory.map((entry) => historyFor(entry, privileged)) }
      : {}),
    ...pick('soldByOrganizationId', 'soldByOrganizationName', 'delegationId'),
    ...(privileged ? pick('soldByUserId', 'soldByUserName', 'delegatedOrigin') : {}),
    ...(privileged || isBuyer ? pick('buyerUserId', 'buyerUserName', 'buyerUserEmail') : {}),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

export type OrderResponse = ReturnType<typeof toOrderResponse>;

/** Delegated provenance names the partner's seller and buyer: managers only, on history entries as on the order. */
function historyFor(entry: Record<string, unknown>, privileged: boolean) {
  if (privileged || entry.delegatedOrigin === undefined) return entry;
  const { delegatedOrigin: _hidden, ...rest } = entry;
  return rest;
}

/** Order-time lines as every sale response shows them (orders, partner orders, registrations, history). */
export const orderLinesOut = (lines: OrderLine[]) =>
  lines.map((t) => ({
    ticketTypeId: t.ticketTypeId,
    ticketTypeName: t.ticketTypeName,
    quantity: t.quantity,
    unitPrice: t.unitPrice,
    fee: t.fee,
  }));
