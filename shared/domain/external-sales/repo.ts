import { commitBatch } from '../../store/batch';
import { containers } from '../../store/client';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import { inPartition } from '../../store/query';
import type { ExternalSaleCorrectionDoc, ExternalSaleDoc } from './model';

/** Every store call of the external ledger: all inside the organization's partition. */
export async function getExternalSale(
  organizationId: string,
  id: string,
): Promise<Stored<ExternalSaleDoc> | undefined> {
  const doc = await readItem<ExternalSaleDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'externalSale' ? doc : undefined;
}

/** The decisive write of POST external-sales: it carries a waiting Idempotency-Key record (store/write-token.ts). */
export function createExternalSaleDoc(sale: ExternalSaleDoc) {
  return createItem<ExternalSaleDoc>(containers().orgs, sale, { carriesKey: true });
}

/** Replaces the sale only if nobody changed it since it was read (412 otherwise). */
export function replaceExternalSale(sale: ExternalSaleDoc, etag: string) {
  return replaceItem(containers().orgs, sale.organizationId, sale, etag);
}

/**
 * The corrected sale (guarded by its ETag, first) and its immutable audit row, in one transactional batch that
 * carries a waiting Idempotency-Key record (store/write-token.ts).
 */
export async function commitCorrection(sale: ExternalSaleDoc, etag: string, audit: ExternalSaleCorrectionDoc) {
  const writes = [{ replace: sale, ifMatch: etag }, { create: audit }];
  await commitBatch(containers().orgs, sale.organizationId, writes, { carriesKey: true });
}

/** One page of an event's live sales (optionally of one showtime), oldest first. */
export function pageExternalSales(
  organizationId: string,
  eventId: string,
  showtimeId: string | undefined,
  page: { limit: number; continuationToken?: string },
) {
  return inPartition('orgs', organizationId)
    .where("c.docType = 'externalSale'")
    .where('c.eventId = @event', { '@event': eventId })
    .where('NOT IS_DEFINED(c.deletedAt)')
    .whereIf(showtimeId, 'c.showtimeId = @showtime', { '@showtime': showtimeId })
    .orderBy('c.createdAt')
    .page<ExternalSaleDoc>(page.limit, page.continuationToken);
}

/** The audit trail of one sale, oldest first (deleted sales keep theirs). */
export function correctionsOf(organizationId: string, externalSaleId: string) {
  return inPartition('orgs', organizationId)
    .where("c.docType = 'externalSaleCorrection'")
    .where('c.externalSaleId = @sale', { '@sale': externalSaleId })
    .orderBy('c.createdAt')
    .all<ExternalSaleCorrectionDoc>();
}
