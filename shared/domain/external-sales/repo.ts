import { commitBatch } from '../../store/batch';
import { containers } from '../../store/client';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { keepsMoney, moneyMoves } from '../events/capacity/money';
import { writeWithMoney } from '../events/capacity/repo';
import { totalsMoney } from '../events/capacity/money-rules';
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

/**
 * Creates the sale; its totals move its showtime counter's money in the same batch (events/capacity/money.ts). The
 * decisive write of POST external-sales: it carries a waiting Idempotency-Key record (store/write-token.ts).
 */
export function createExternalSaleDoc(sale: ExternalSaleDoc) {
  const key = { carriesKey: true } as const;
  const single = () => createItem<ExternalSaleDoc>(containers().orgs, sale, key);
  const moves = keepsMoney(sale) ? moneyMoves(undefined, totalsMoney(sale)) : [];
  return writeWithMoney(sale.organizationId, sale.eventId, moves, [{ create: sale }], single, key);
}

/** What an edit moves on the showtime counters' money: nothing for a projection's sale (events/capacity/money.ts). */
const saleMoneyMoves = (before: ExternalSaleDoc, sale: ExternalSaleDoc) =>
  keepsMoney(sale) ? moneyMoves(totalsMoney(before), totalsMoney(sale)) : [];

/** Replaces the sale only if nobody changed it since `before` was read (412 otherwise); money moves with it. */
export function replaceExternalSale(sale: ExternalSaleDoc, before: Stored<ExternalSaleDoc>) {
  const single = () => replaceItem(containers().orgs, sale.organizationId, sale, before._etag);
  const moves = saleMoneyMoves(before, sale);
  return writeWithMoney(sale.organizationId, sale.eventId, moves, [{ replace: sale, ifMatch: before._etag }], single);
}

/**
 * The corrected sale (guarded by its ETag, first) and its immutable audit row, in one transactional batch, with
 * the counter's money when the correction changes it; the batch carries a waiting Idempotency-Key record
 * (store/write-token.ts).
 */
export async function commitCorrection(
  sale: ExternalSaleDoc,
  before: Stored<ExternalSaleDoc>,
  audit: ExternalSaleCorrectionDoc,
) {
  const key = { carriesKey: true } as const;
  const writes = [{ replace: sale, ifMatch: before._etag }, { create: audit }];
  const single = () => commitBatch(containers().orgs, sale.organizationId, writes, key);
  const moves = saleMoneyMoves(before, sale);
  await writeWithMoney(sale.organizationId, sale.eventId, moves, writes, single, key);
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
