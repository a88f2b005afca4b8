import { orderLinesOut } from '../orders/mapper';
import type { RegistrationDoc } from './model';
import { invoicedByNameOf } from './rules';

/**
 * The registration response: listed fields only (never `_etag`, `docType`, `capacityQuantity`, `sortKey` or the
 * legacy `invoicedBy`, which is shown as `invoicedByName`); absent optional fields stay absent.
 */
export function toRegistrationResponse(r: RegistrationDoc) {
  const pick = <K extends keyof RegistrationDoc>(...keys: K[]) => {
    const out: Partial<Pick<RegistrationDoc, K>> = {};
    for (const key of keys) if (r[key] !== undefined) out[key] = r[key];
    return out;
  };
  const invoicedByName = invoicedByNameOf(r);
  return {
    id: r.id,
    organizationId: r.organizationId,
    eventId: r.eventId,
    eventName: r.eventName,
    showtimeId: r.showtimeId,
    ...pick('showtimeDateTime', 'showtimeLabel'),
    tickets: orderLinesOut(r.tickets),
    totalQuantity: r.totalQuantity,
    totalAmount: r.totalAmount,
    totalFees: r.totalFees,
    seller: { userId: r.sellerId, name: r.sellerName },
    ...pick('buyerName', 'buyerEmail', 'note'),
    createdAt: r.createdAt,
    lockedAt: r.lockedAt,
    updatedAt: r.updatedAt,
    ...pick('updatedBy', 'invoicedAt', 'invoicedById'),
    ...(r.invoicedAt !== undefined && invoicedByName !== undefined ? { invoicedByName } : {}),
    ...pick('deletedAt', 'deletedBy'),
  };
}
