import { randomUUID } from 'node:crypto';
import { orderSortKey } from '../../../shared/domain/orders/model';
import { containers } from '../../../shared/store/client';
import { createItem, readItem } from '../../../shared/store/operations';
import { type Doc, rewriteOrgDocument } from './store-access';

/** Orders: fields and states no route writes yet, or that only old data has; order copies in bulk. */

/** Invoicing has no route yet: marks a settled order invoiced, as the invoicing run will. */
export const seedInvoicedOrder = (
  orgId: string,
  orderId: string,
  invoice: { invoicedAt: string; invoicedBy?: string },
) => rewriteOrgDocument(orgId, orderId, (doc) => ({ ...doc, ...invoice }));

/** A frozen invoice basis that no longer matches its order (old data, or a hand edit): its grand total changed. */
export const seedInvoiceBasisGrandTotal = (orgId: string, orderId: string, grandTotal: number) =>
  rewriteOrgDocument(orgId, orderId, (doc) => ({
    ...doc,
    invoiceBasis: { ...(doc.invoiceBasis as Doc), grandTotal },
  }));

/** Partner attribution as the delegated-sales routes (document 02, another issue) will write it. */
export const seedDelegatedAttribution = (orgId: string, orderId: string, attribution: Doc) =>
  rewriteOrgDocument(orgId, orderId, (doc) => ({ ...doc, ...attribution }));

/** An order archived before the archive rules existed: archived although it would be blocked now. */
export const seedLegacyArchivedOrder = (
  orgId: string,
  orderId: string,
  archive: { archivedAt: string; archivedBy?: string },
) => rewriteOrgDocument(orgId, orderId, (doc) => ({ ...doc, archived: true, ...archive }));

/** A delivered order from before deliver recorded soldQuantity 0: no sold or returned count at all. */
export const seedLegacyDeliveredOrderWithoutSoldQuantity = (orgId: string, orderId: string) =>
  rewriteOrgDocument(orgId, orderId, ({ soldQuantity: _sold, returnedQuantity: _returned, ...doc }) => doc);

/**
 * A creation instant the API cannot produce on purpose: equal instants for tie-breaking, and the legacy
 * spellings (no milliseconds, an offset) that old records carry. The list sort key follows, as on any save.
 */
export const seedOrderCreatedAt = (orgId: string, orderId: string, createdAt: string) =>
  rewriteOrgDocument(orgId, orderId, (doc) => ({
    ...doc,
    createdAt,
    sortKey: orderSortKey({ createdAt, id: orderId }),
  }));

/** Old data in bulk: `count` copies of a stored order under fresh ids, written straight to the store. */
export async function seedLegacyCopiesOfOrder(orgId: string, orderId: string, count: number, width = 10) {
  const { _etag, _rid, _self, _ts, _attachments, ...body } = (await readItem<Doc>(containers().orgs, orgId, orderId))!;
  for (let start = 0; start < count; start += width) {
    const size = Math.min(width, count - start);
    await Promise.all(Array.from({ length: size }, () => createItem(containers().orgs, { ...body, id: randomUUID() })));
  }
}
