import { orderLinesOut } from '../orders/mapper';
import type { OrderDoc } from '../orders/model';

/**
 * The partner's projection of a delegated order (docs/decisions/delegated-orders.md "Privacy": a separate minimal projection that never
 * includes the owner's internal identifiers), used by every partner route. Left out: the owner organization's id,
 * `requestedBy*` (the buyer fields say who asked), who on either side approved, delivered or cancelled (only the
 * instants), the admin note, invoice basis, invoice and archive fields, transfer history and delegated origin.
 */
export function toPartnerOrderResponse(order: OrderDoc) {
  const pick = <K extends keyof OrderDoc>(...keys: K[]) => {
    const out: Partial<Pick<OrderDoc, K>> = {};
    for (const key of keys) if (order[key] !== undefined) out[key] = order[key];
    return out;
  };
  return {
    id: order.id,
    eventId: order.eventId,
    eventName: order.eventName,
    showtimeId: order.showtimeId,
    ...pick('showtimeDateTime', 'showtimeLabel'),
    tickets: orderLinesOut(order.tickets),
    totalQuantity: order.totalQuantity,
    totalAmount: order.totalAmount,
    totalFees: order.totalFees,
    status: order.status,
    ...pick('soldQuantity', 'soldTypeQuantities', 'returnedQuantity', 'returnedTypeQuantities'),
    ...pick('buyerUserId', 'buyerUserName', 'buyerUserEmail'),
    ...pick('soldByOrganizationId', 'soldByOrganizationName', 'soldByUserId', 'soldByUserName', 'delegationId'),
    ...pick('note', 'cancelReason', 'approvedAt', 'deliveredAt', 'cancelledAt'),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

export type PartnerOrderResponse = ReturnType<typeof toPartnerOrderResponse>;
