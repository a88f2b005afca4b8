import { randomUUID } from 'node:crypto';
import { orderSortKey } from '../../../shared/domain/orders/model';
import { containers } from '../../../shared/store/client';
import { createItem } from '../../../shared/store/operations';
import { nowIso } from './store-access';

/** Sales in bulk: registrations with seats and settled printed orders, many at a time (dashboard, reports). */

interface SeedEvent {
  id: string;
  name: string;
  showtimes: { showtimeId: string }[];
  ticketTypes: { id: string; name: string; price: number; fee: number }[];
}

/**
 * A live registration (direct sale) as POST /api/registrations writes it (docs/decisions.md), taking its seats
 * through the same capacity path, so the capacity summary and the dashboard see the same seats; `invoicedAt`
 * (which the invoice route would set) and a seller who is not the caller are what the route cannot give.
 */
export async function seedRegistrationWithSeats(
  orgId: string,
  event: SeedEvent,
  seller: { id: string; name: string },
  tickets: { ticketTypeId: string; quantity: number }[],
  options: { showtimeId?: string; invoicedAt?: string } = {},
) {
  const { writeWithCapacity } = await import('../../../shared/domain/events/capacity/ledger-write');
  const lines = tickets.map((t) => {
    const type = event.ticketTypes.find((x) => x.id === t.ticketTypeId)!;
    return {
      ticketTypeId: type.id,
      ticketTypeName: type.name,
      quantity: t.quantity,
      unitPrice: type.price,
      fee: type.fee,
    };
  });
  const totalQuantity = lines.reduce((sum, l) => sum + l.quantity, 0);
  const cents = (v: number) => Math.round(v * 100);
  const now = nowIso();
  const doc = {
    id: randomUUID(),
    docType: 'registration',
    organizationId: orgId,
    eventId: event.id,
    eventName: event.name,
    showtimeId: options.showtimeId ?? event.showtimes[0].showtimeId,
    tickets: lines,
    totalQuantity,
    totalAmount: lines.reduce((sum, l) => sum + l.quantity * cents(l.unitPrice), 0) / 100,
    totalFees: lines.reduce((sum, l) => sum + l.quantity * cents(l.fee), 0) / 100,
    capacityQuantity: totalQuantity,
    sellerId: seller.id,
    sellerName: seller.name,
    createdAt: now,
    lockedAt: new Date(Date.now() + 3_600_000).toISOString(),
    updatedAt: now,
    ...(options.invoicedAt ? { invoicedAt: options.invoicedAt, invoicedById: seller.id } : {}),
  };
  await writeWithCapacity(
    { id: event.id, organizationId: orgId },
    'registrations',
    undefined,
    { showtimeId: doc.showtimeId, quantity: totalQuantity },
    () => createItem(containers().orgs, doc),
  );
  return doc;
}

/**
 * `count` settled printed orders of one adult ticket each (a valid frozen basis), spread over `sellers`, written
 * straight to the store in transactional batches of 100: volume for the dashboard's store-call budget and timing.
 * They bypass the capacity counters (only the dashboard, which reads the documents, is measured on them).
 */
export async function seedBulkSettledOrders(
  orgId: string,
  event: SeedEvent,
  count: number,
  sellers: { id: string; name: string }[],
) {
  const { commitBatch } = await import('../../../shared/store/batch');
  const type = event.ticketTypes[0];
  const now = nowIso();
  const line = { ticketTypeId: type.id, ticketTypeName: type.name, quantity: 1, unitPrice: type.price, fee: type.fee };
  const orderDoc = (n: number) => {
    const seller = sellers[n % sellers.length];
    const id = randomUUID();
    return {
      id,
      docType: 'order',
      organizationId: orgId,
      eventId: event.id,
      eventName: event.name,
      showtimeId: event.showtimes[n % event.showtimes.length].showtimeId,
      requestedBy: seller.id,
      requestedByName: seller.name,
      requestedByEmail: `${seller.id}@example.org`,
      tickets: [line],
      totalQuantity: 1,
      totalAmount: type.price,
      totalFees: type.fee,
      status: 'settled',
      soldQuantity: 1,
      returnedQuantity: 0,
      capacityQuantity: 1,
      invoiceBasis: {
        lines: [{ ...line, amount: type.price }],
        grandTotal: type.price,
        totalFees: type.fee,
        frozenAt: now,
      },
      createdAt: now,
      updatedAt: now,
      sortKey: orderSortKey({ createdAt: now, id }),
    };
  };
  const batches: { create: { id: string } }[][] = [];
  for (let start = 0; start < count; start += 100) {
    batches.push(Array.from({ length: Math.min(100, count - start) }, (_, i) => ({ create: orderDoc(start + i) })));
  }
  for (let i = 0; i < batches.length; i += 4) {
    await Promise.all(batches.slice(i, i + 4).map((writes) => commitBatch(containers().orgs, orgId, writes)));
  }
}
