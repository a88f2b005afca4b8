import { randomUUID } from 'node:crypto';
import { orderSortKey } from '../../../shared/domain/orders/model';
import { lineTotals } from '../../../shared/domain/vocabulary/money';
import type { RegistrationDoc } from '../../../shared/domain/registrations/model';
import { containers } from '../../../shared/store/client';
import { createItem } from '../../../shared/store/operations';
import { nowIso, rewriteOrgDocument } from './store-access';

/** Registrations (direct sales): ages, legacy fields and records no route writes. */

/**
 * A registration created `ageMs` ago (its one-hour window then closes at createdAt + 1 hour): waiting an hour is
 * no test. The history sort key follows, as on any save.
 */
export const seedRegistrationAge = (orgId: string, id: string, ageMs: number) =>
  rewriteOrgDocument(orgId, id, (doc) => {
    const created = Date.now() - ageMs;
    const createdAt = new Date(created).toISOString();
    return {
      ...doc,
      createdAt,
      lockedAt: new Date(created + 60 * 60 * 1000).toISOString(),
      sortKey: orderSortKey({ createdAt, id }),
    };
  });

/** A registration invoiced before the stable actor id existed: the legacy `invoicedBy` holds a display name. */
export const seedLegacyInvoicedRegistration = (
  orgId: string,
  id: string,
  invoice: { invoicedAt: string; invoicedBy: string },
) => rewriteOrgDocument(orgId, id, ({ invoicedById: _id, invoicedByName: _name, ...doc }) => ({ ...doc, ...invoice }));

/**
 * The event as a request that read it just before the sales lock landed saw it: `salesLocked` false while the
 * showtime counters already mirror the lock. Proves the counter refuses the sale in the same conditional patch.
 */
// --- Invoicing and reports: registrations are built in another issue -----------------------------------------

/**
 * A live registration (direct sale) as the registrations routes write it (shared/domain/registrations/model.ts),
 * written straight to the store without moving the capacity counter: the invoicing and report figures read the
 * documents, never the counters. Totals follow the lines (docs/decisions/orders.md: amount = Σ quantity × unit price, fees
 * apart); `capacityQuantity` = totalQuantity; `sortKey` orders it like an order.
 */
export async function seedRegistration(
  orgId: string,
  partial: Partial<RegistrationDoc> &
    Pick<RegistrationDoc, 'eventId' | 'showtimeId' | 'sellerId' | 'sellerName' | 'tickets'>,
) {
  const id = partial.id ?? randomUUID();
  const createdAt = partial.createdAt ?? nowIso();
  const totals = lineTotals(partial.tickets);
  const doc: RegistrationDoc & { sortKey: string } = {
    docType: 'registration',
    organizationId: orgId,
    eventName: 'Spring Concert',
    totalQuantity: totals.quantity,
    totalAmount: totals.amount,
    totalFees: totals.fees,
    capacityQuantity: totals.quantity,
    lockedAt: new Date(Date.parse(createdAt) + 60 * 60 * 1000).toISOString(),
    updatedAt: createdAt,
    ...partial,
    id,
    createdAt,
    sortKey: `${createdAt}|${id}`,
  };
  await createItem(containers().orgs, doc);
  return doc;
}
