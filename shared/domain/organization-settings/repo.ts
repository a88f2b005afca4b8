import { inPartition } from '../../store/query';

/**
 * Every store call of the settings beyond the organization document (read and saved through organizations/repo.ts).
 *
 * Whether the organization holds money in its currency: any live registration (direct sale), external sale, or
 * order with sold tickets. One query in the organization's partition, `TOP 1` of the ids only.
 */
export async function moneyRecordExists(organizationId: string): Promise<boolean> {
  const found = await inPartition('orgs', organizationId)
    .select('TOP 1 c.id')
    // A recorded payment is money in the currency too (issue 32), even when the sale it paid was deleted since.
    .where("c.docType IN ('registration', 'externalSale', 'order', 'invoicePayment')")
    .where("c.docType != 'order' OR (IS_DEFINED(c.soldQuantity) AND c.soldQuantity > 0)")
    .where('NOT IS_DEFINED(c.deletedAt)')
    .all<{ id: string }>();
  return found.length > 0;
}
