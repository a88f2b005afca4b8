import { orderLinesOut } from '../orders/mapper';
import type { OrderDoc } from '../orders/model';
import type { RegistrationDoc } from '../registrations/model';

/** A history document as `pageHistory` projects it (orders and registrations share most fields). */
export type HistorySourceDoc = Pick<
  OrderDoc,
  'id' | 'eventId' | 'eventName' | 'showtimeId' | 'tickets' | 'totalQuantity' | 'totalAmount' | 'totalFees'
> &
  Partial<Pick<OrderDoc, 'showtimeDateTime' | 'showtimeLabel' | 'status' | 'soldQuantity' | 'returnedQuantity'>> &
  Partial<Pick<OrderDoc, 'archived' | 'invoicedAt'>> &
  Partial<Pick<RegistrationDoc, 'buyerName' | 'lockedAt'>> & { docType: 'order' | 'registration'; createdAt: string };

/**
 * One entry of GET /api/me/history: the fields both kinds share, then what only one kind has (orders: status,
 * soldQuantity, returnedQuantity, archived; registrations: lockedAt, buyerName). Absent values stay absent.
 */
export function toHistoryItem(doc: HistorySourceDoc) {
  const optional = <K extends keyof HistorySourceDoc>(...keys: K[]) => {
    const out: Partial<Pick<HistorySourceDoc, K>> = {};
    for (const key of keys) if (doc[key] !== undefined && doc[key] !== null) out[key] = doc[key];
    return out;
  };
  const kind = doc.docType;
  return {
    kind,
    id: doc.id,
    eventId: doc.eventId,
    eventName: doc.eventName,
    showtimeId: doc.showtimeId,
    ...optional('showtimeDateTime', 'showtimeLabel'),
    tickets: orderLinesOut(doc.tickets ?? []),
    totalQuantity: doc.totalQuantity,
    totalAmount: doc.totalAmount,
    totalFees: doc.totalFees,
    ...(kind === 'order' ? optional('status', 'soldQuantity', 'returnedQuantity', 'archived') : {}),
    ...(kind === 'registration' ? optional('lockedAt', 'buyerName') : {}),
    ...optional('invoicedAt'),
    createdAt: doc.createdAt,
  };
}
